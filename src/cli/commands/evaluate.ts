import {
  colorsEnabled,
  colorsFor,
  parseCommandArgs,
  parseCompat,
  parseReading,
  READING_OPTIONS,
  type ParsedArgs,
} from '../args.js';
import { importers } from '../../import/registry.js';
import { runBatch } from '../batch/run.js';
import { parseShard } from '../batch/shard.js';
import { runEvaluation } from '../run.js';
import {
  EXIT_GATE,
  EXIT_INTERNAL,
  EXIT_OK,
  UsageError,
  type CliContext,
  type Command,
} from '../types.js';

/** `--format` of `align` and `evaluate`, its list of names wrapped to the help's width. */
/** `--time-unit` in the help of align and evaluate. */
export const TIME_UNIT_HELP = `  --time-unit UNIT     CSV: the unit of time cells that are numbers: seconds (the default)
                       or days (a spreadsheet's serial dates, 46357.4375 = 2026-12-01 10:30);
                       a time column that looks like serial dates is an error asking for it
  --date-order ORDER   CSV: mdy or dmy, month or day first in date-times such as 12/01/26
                       10:30 AM (a spreadsheet's export); unset, the dates in the column
                       decide, and a column they leave undecided is an error asking for it`;

export const FORMAT_HELP = (() => {
  const indent = ' '.repeat(23);
  const lines = [
    '  --format NAME        read every --gt and --pred in this format instead of telling it',
    `${indent}from each file's content ('envtrace help convert' says what each is):`,
  ];
  let line = `${indent}auto (the default)`;
  for (const name of importers.map((i) => i.name)) {
    if (line.length + name.length + 2 > 88) {
      lines.push(`${line},`);
      line = `${indent}${name}`;
    } else line = `${line}, ${name}`;
  }
  return [...lines, line].join('\n');
})();

export const REPORT_OPTIONS_HELP = `  -o, --out FILE       also write the JSON report to FILE (atomically; missing
                       parent directories are created)
  --json               print the JSON report instead of the text report
  --max-rows N         alignment rows shown in the text report (default 50)
  --width N            width of the text report (default: ENVTRACE_WIDTH, else the
                       terminal's, else 100 in CI or 80; reference mode: 80)
  --color, --no-color  force colours on or off (default: off with NO_COLOR, on with
                       FORCE_COLOR, else on for a terminal or in CI)
  -h, --help           show this help`;

export const REPORT_OPTIONS = {
  out: { kind: 'string', short: 'o' },
  json: 'boolean',
  'max-rows': 'string',
  width: 'string',
  color: 'boolean',
  'no-color': 'boolean',
} as const;

const usage = `Usage: envtrace evaluate --gt FILE [--gt FILE ...] --pred FILE [options]
       envtrace evaluate --gt-dir DIR --pred-dir DIR [batch options]

Score a predicted trace against a golden trace. Several --gt: the best-scoring golden wins.

Options:
  --gt FILE            golden trace, in any format envtrace reads (detected from its
                       content: 'envtrace help convert'); repeatable
  --pred FILE          predicted trace
  --config FILE        config file (.json, .yaml/.yml); default: the default options
  --compat MODE        'reference' reproduces the Python reference (bugs and loose input
                       included); 'default' (the default) is envtrace's fixed behaviour
  --min-score X        exit 1 if the full score is below X
  --require-pass       exit 1 if the decision (accuracy) is a fail
${FORMAT_HELP}
  --columns MAP        CSV: the header names of the columns, as timestamp=NAME,channel=NAME,
                       value=NAME (any of the three; the others by their usual names), or the
                       keys of a logger's JSON records. Every input is then read as CSV, or
                       as records when it is JSON; in batch mode every trace must be a .csv
                       file ('envtrace convert --columns' turns one CSV into envtrace JSON,
                       to mix it with other formats)
${TIME_UNIT_HELP}
${REPORT_OPTIONS_HELP}

Batch mode (--gt-dir/--pred-dir): every golden in DIR (searched recursively) is paired with
the prediction of the same relative path without its extension (gt/scans/a.json with
pred/scans/a.jsonl; .json .jsonl .ndjson .csv .txt, ROS 2 bags: .mcap .db3 files and
rosbag2 run directories, which hold a metadata.yaml). A pair passes when its decision
passes and (with --min-score) its score reaches X. A trace without a partner, or one that
does not load, is reported on stderr and in the report as a failed pair; the other pairs
still run. Two traces of one side with the same name are an error. envtrace's own reports
found there (a run report, an evaluation's --json output), told by content, are skipped with
a warning, never scored.
  --gt-dir DIR         directory of golden traces
  --pred-dir DIR       directory of predicted traces
  --config FILE, --compat MODE, --min-score X, --columns MAP, --time-unit UNIT,
  --date-order ORDER
                       as above, for every pair (--require-pass is implied)
  -o, --out FILE       write the run report (the reporters' schema: 'envtrace report
                       --html', 'compare' and 'merge' read it)
  --json               print the run report instead of the summary
  --jobs N             worker threads; 1 = in-process (default: the available
                       parallelism, or in-process when the traces total under 8 MB)
  --shard I/N          evaluate only shard I of N (pairs split by a hash of their name,
                       as Vitest's --shard splits files); merge the N reports with
                       'envtrace merge'
  --min-mean-score X   gate: mean full score of the evaluated pairs
  --min-pass-rate X    gate: share of the evaluated pairs that pass
  --max-rows N         rows of the summary table (default 20)
  --quiet              no progress and no summary (problems still go to stderr)
  --color, --no-color  as above
Progress goes to stderr: a bar with rate and ETA on a terminal, a line per 10 % (or 5 s)
otherwise.`;

export const evaluateCommand: Command = {
  name: 'evaluate',
  summary:
    'Score a prediction against one or more goldens (or directories of pairs: batch mode), with CI gates',
  usage,
  exitCodes: {
    [EXIT_OK]: 'done (gates met)',
    [EXIT_GATE]:
      'a gate failed (batch: a pair failed or could not be evaluated, or a gate was missed)',
    [EXIT_INTERNAL]:
      'internal error (a bug, in batch mode in one of the pairs: the report is still written)',
  },
  async run(args, ctx) {
    const a = parseCommandArgs('evaluate', args, {
      gt: 'strings',
      pred: 'string',
      config: 'string',
      compat: 'string',
      'min-score': 'string',
      'require-pass': 'boolean',
      ...READING_OPTIONS,
      'gt-dir': 'string',
      'pred-dir': 'string',
      jobs: 'string',
      shard: 'string',
      'min-mean-score': 'string',
      'min-pass-rate': 'string',
      quiet: 'boolean',
      ...REPORT_OPTIONS,
    });
    if (a.string('gt-dir') !== undefined || a.string('pred-dir') !== undefined)
      return runBatchCommand(a, ctx);
    for (const name of BATCH_ONLY) {
      if (a.string(name) !== undefined || a.flag(name))
        throw new UsageError(`--${name} is a batch option: it needs --gt-dir and --pred-dir`);
    }
    const gts = a.strings('gt');
    if (gts.length === 0)
      throw new UsageError(`missing --gt (run 'envtrace help evaluate' for usage)`);
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
        reading: parseReading(a),
        colors: colorsEnabled(ctx.io, { color: a.flag('color'), noColor: a.flag('no-color') }),
        maxRows: a.number('max-rows', { integer: true, min: 0 }),
        width: a.number('width', { integer: true, min: 40 }),
      },
      ctx.io,
    );
  },
};

/** Options that only batch mode reads. */
const BATCH_ONLY = ['jobs', 'shard', 'min-mean-score', 'min-pass-rate', 'quiet'] as const;
/** Single-pair options that batch mode rejects (instead of ignoring them). */
const SINGLE_ONLY = ['gt', 'pred', 'width'] as const;

function runBatchCommand(a: ParsedArgs, ctx: CliContext): Promise<number> {
  for (const name of SINGLE_ONLY) {
    if (a.strings(name).length > 0)
      throw new UsageError(
        `--${name} cannot be combined with --gt-dir/--pred-dir (batch mode pairs the files of the two directories)`,
      );
  }
  if (a.string('format') !== undefined)
    throw new UsageError(
      `--format reads --gt and --pred; in batch mode each trace's format is told from its content (to score a trace that needs --format, convert it first: envtrace convert FILE --format NAME --out FILE.json)`,
    );
  const gtDir = a.required('gt-dir');
  const predDir = a.required('pred-dir');
  const out = a.string('out');
  if (out === '') throw new UsageError('--out needs a non-empty value');
  const shard = a.string('shard');
  const gates: Record<string, number> = {};
  const minMean = a.number('min-mean-score', { min: 0, max: 1 });
  const minRate = a.number('min-pass-rate', { min: 0, max: 1 });
  if (minMean !== undefined) gates['minMeanScore'] = minMean;
  if (minRate !== undefined) gates['minPassRate'] = minRate;
  return runBatch(
    {
      gtDir,
      predDir,
      config: a.string('config'),
      compat: parseCompat(a.string('compat')),
      // No --format here (refused above): each trace's format is told from its content.
      reading: parseReading(a),
      out,
      json: a.flag('json'),
      // --require-pass is implied: in batch mode a pair whose decision fails is a failed pair.
      jobs: a.number('jobs', { integer: true, min: 1 }),
      shard: shard === undefined ? undefined : parseShard(shard),
      minScore: a.number('min-score'),
      gates,
      quiet: a.flag('quiet'),
      colors: colorsFor(ctx.io, a),
      maxRows: a.number('max-rows', { integer: true, min: 0 }),
    },
    ctx.io,
  );
}
