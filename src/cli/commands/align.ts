import { colorsEnabled, parseCommandArgs, parseCompat } from '../args.js';
import { runEvaluation } from '../run.js';
import type { Command } from '../types.js';
import { REPORT_OPTIONS, REPORT_OPTIONS_HELP } from './evaluate.js';

const usage = `Usage: envtrace align --gt FILE --pred FILE [options]

Align two traces and score them with the default options (the reference's
'envtrace align'; use 'envtrace evaluate' for a config file and gates).

Options:
  --gt FILE            golden trace (JSON, or JSON Lines with one event per line)
  --pred FILE          predicted trace
  --compat MODE        'reference' reproduces the Python reference; 'default' (the default)
${REPORT_OPTIONS_HELP}`;

export const alignCommand: Command = {
  name: 'align',
  summary: 'Align two traces and score them with the default options',
  usage,
  async run(args, ctx) {
    const a = parseCommandArgs('align', args, {
      gt: 'string',
      pred: 'string',
      compat: 'string',
      ...REPORT_OPTIONS,
    });
    if (a.flag('help')) {
      ctx.io.stdout.write(`${usage}\n`);
      return 0;
    }
    return runEvaluation(
      {
        gts: [a.required('gt')],
        pred: a.required('pred'),
        compat: parseCompat(a.string('compat')),
        out: a.string('out'),
        json: a.flag('json'),
        requirePass: false,
        colors: colorsEnabled(ctx.io, { color: a.flag('color'), noColor: a.flag('no-color') }),
        maxRows: a.number('max-rows', { integer: true, min: 0 }),
        width: a.number('width', { integer: true, min: 40 }),
      },
      ctx.io,
    );
  },
};
