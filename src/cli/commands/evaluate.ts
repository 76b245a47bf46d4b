import { colorsEnabled, parseCommandArgs, parseCompat } from '../args.js';
import { runEvaluation } from '../run.js';
import { UsageError, type Command } from '../types.js';

export const REPORT_OPTIONS_HELP = `  --out FILE           also write the JSON report to FILE (atomically; missing
                       parent directories are created)
  --json               print the JSON report instead of the text report
  --max-rows N         alignment rows shown in the text report (default 50)
  --width N            width of the text report (default: ENVTRACE_WIDTH, else the
                       terminal's, else 100 in CI or 80; reference mode: 80)
  --color, --no-color  force colours on or off (default: off with NO_COLOR, on with
                       FORCE_COLOR, else on for a terminal or in CI)
  -h, --help           show this help`;

export const REPORT_OPTIONS = {
  out: 'string',
  json: 'boolean',
  'max-rows': 'string',
  width: 'string',
  color: 'boolean',
  'no-color': 'boolean',
  help: { kind: 'boolean', short: 'h' },
} as const;

const usage = `Usage: envtrace evaluate --gt FILE [--gt FILE ...] --pred FILE [options]

Score a predicted trace against a golden trace. Several --gt: the best-scoring golden wins.

Options:
  --gt FILE            golden trace (JSON, or JSON Lines with one event per line); repeatable
  --pred FILE          predicted trace
  --config FILE        config file (.json, .yaml/.yml); default: the default options
  --compat MODE        'reference' reproduces the Python reference (bugs and loose input
                       included); 'default' (the default) is envtrace's fixed behaviour
  --min-score X        exit 1 if the full score is below X
  --require-pass       exit 1 if the decision (accuracy) is a fail
${REPORT_OPTIONS_HELP}

Exit codes: 0 done (gates met), 1 a gate failed, 2 usage or input error, 70 internal error.`;

export const evaluateCommand: Command = {
  name: 'evaluate',
  summary: 'Score a prediction against one or more goldens, with a config file and CI gates',
  usage,
  async run(args, ctx) {
    const a = parseCommandArgs('evaluate', args, {
      gt: 'strings',
      pred: 'string',
      config: 'string',
      compat: 'string',
      'min-score': 'string',
      'require-pass': 'boolean',
      ...REPORT_OPTIONS,
    });
    if (a.flag('help')) {
      ctx.io.stdout.write(`${usage}\n`);
      return 0;
    }
    const gts = a.strings('gt');
    if (gts.length === 0) throw new UsageError(`missing --gt (run 'envtrace help evaluate' for usage)`);
    if (gts.some((g) => g === '')) throw new UsageError('--gt needs a non-empty value');
    return runEvaluation(
      {
        gts,
        pred: a.required('pred'),
        config: a.string('config'),
        compat: parseCompat(a.string('compat')),
        out: a.string('out'),
        json: a.flag('json'),
        minScore: a.number('min-score'),
        requirePass: a.flag('require-pass'),
        colors: colorsEnabled(ctx.io, { color: a.flag('color'), noColor: a.flag('no-color') }),
        maxRows: a.number('max-rows', { integer: true, min: 0 }),
        width: a.number('width', { integer: true, min: 40 }),
      },
      ctx.io,
    );
  },
};
