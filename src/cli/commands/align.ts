import {
  colorsEnabled,
  parseCommandArgs,
  parseCompat,
  parseReading,
  READING_OPTIONS,
} from '../args.js';
import { runEvaluation } from '../run.js';
import { EXIT_GATE, type Command } from '../types.js';
import { FORMAT_HELP, REPORT_OPTIONS, REPORT_OPTIONS_HELP, TIME_UNIT_HELP } from './evaluate.js';

const usage = `Usage: envtrace align --gt FILE --pred FILE [options]

Align two traces and score them with the default options (the reference's
'envtrace align'; use 'envtrace evaluate' for a config file and gates).

Options:
  --gt FILE            golden trace, in any format envtrace reads (detected from its
                       content: 'envtrace help convert')
  --pred FILE          predicted trace
  --compat MODE        'reference' reproduces the Python reference; 'default' (the default)
${FORMAT_HELP}
  --columns MAP        CSV: the header names of the columns, as timestamp=NAME,channel=NAME,
                       value=NAME (any of the three; the others by their usual names), or the
                       keys of a logger's JSON records. Every input is then read as CSV, or
                       as records when it is JSON ('envtrace convert --columns' turns one CSV
                       into envtrace JSON, to mix it with other formats)
${TIME_UNIT_HELP}
${REPORT_OPTIONS_HELP}`;

export const alignCommand: Command = {
  name: 'align',
  summary: 'Align two traces and score them with the default options',
  usage,
  // No gates: 'envtrace evaluate' has them.
  exitCodes: { [EXIT_GATE]: null },
  async run(args, ctx) {
    const a = parseCommandArgs('align', args, {
      gt: 'string',
      pred: 'string',
      compat: 'string',
      ...READING_OPTIONS,
      ...REPORT_OPTIONS,
    });
    return runEvaluation(
      {
        gts: [a.required('gt')],
        pred: a.required('pred'),
        compat: parseCompat(a.string('compat')),
        reading: parseReading(a),
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
