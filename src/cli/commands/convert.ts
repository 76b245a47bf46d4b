/** `envtrace convert INPUT [--format F] [--out FILE]`: a trace in any supported format → envtrace JSON. */
import { inputPath, TraceError } from '../../errors.js';
import { MAX_DEPTH } from '../../py/depth.js';
import { stringifyJsonExact } from '../../py/json.js';
import { PyFloat } from '../../py/value.js';
import { importers } from '../../import/registry.js';
import { importFile } from '../../import/read.js';
import type { Trace } from '../../trace/trace.js';
import { parseCommandArgs, parseReading, READING_OPTIONS, resolvePath } from '../args.js';
import { checkOut } from '../out.js';
import { writeFileAtomic } from '../../io/write.js';
import { describeFsError, printImportWarnings, reportGivenAsTrace } from '../run.js';
import { CliIOError, EXIT_GATE, EXIT_OK, UsageError, type Command } from '../types.js';

/** The usage line (for the top-level help, should it list usage lines). */
export const CONVERT_USAGE_LINE =
  'envtrace convert <input> [--format auto|<format>] [--columns <role>=<name>,…] [--field <path>]... [--out <file>]';

const width = Math.max(...importers.map((i) => i.name.length));
const USAGE = `Usage: ${CONVERT_USAGE_LINE}

Read a trace in any supported format and print it as envtrace JSON ({"events": [...]}, one
event per line). Events are ordered by time, timestamps in seconds from the earliest event
(envtrace input is kept as is). <input> is a file, a ROS 2 bag (a run directory with its
metadata.yaml, an .mcap or a .db3 file), or a directory holding one *.jsonl file. Exits 2 on
bad input, naming the file and the line or JSON path, and on an input that is not blank but
holds no event (a CSV header without rows). {"events": []} says "no events" and is printed as
it is (exit 0). A blank input (empty, or white space only) is an error unless its format is
named (--format, --columns): then it is a trace of no events, with an empty-input warning. What
the input holds but no event maps (a notice line, a document it cannot map, a time far off the
others) is a warning on stderr, one line each.

Options:
  --format <name>   Input format (default: auto, detected from the content):
${importers.map((i) => `                      ${i.name.padEnd(width)}  ${i.description}`).join('\n')}
  --columns <map>   CSV: the header names of the columns, as timestamp=<name>,channel=<name>,
                    value=<name> (any of the three; the others by their usual names);
                    records (a logger's JSON Lines): the keys. Implies --format records
                    for JSON input, else csv.
  --time-unit <u>   CSV: the unit of time cells that are numbers: seconds (the default) or
                    days (a spreadsheet's serial dates, 46357.4375 = 2026-12-01 10:30); a time
                    column that looks like serial dates is an error asking for it.
  --date-order <o>  CSV: mdy or dmy, month or day first in date-times such as 12/01/26
                    10:30 AM (a spreadsheet's export); unset, the dates in the column decide,
                    and a column they leave undecided is an error asking for it.
  --field <path>    rosbag2: take this message field as the value (pose.position.x,
                    position[0]); <topic>:<path> for one topic; repeatable.
  -o, --out <file>  Write the JSON here (atomically) instead of printing it.
  -h, --help        Show this help.

Mappings: docs/importers.md.`;

/** envtrace trace JSON, one event per line: `{"events": [\\n{…},\\n…\\n]}`. */
export function formatTraceJson(trace: Trace): string {
  if (trace.events.length === 0) return '{"events": []}\n';
  // Integers beyond 2^53 (bigint) are written exactly.
  const lines = trace.events.map((e) =>
    stringifyJsonExact({
      channel: e.channel,
      timestamp: e.timestamp,
      value: e.value,
      meta: e.meta ?? {},
    }),
  );
  return `{"events": [\n${lines.join(',\n')}\n]}\n`;
}

/** The path of the first NaN or ±Infinity in `v` (`[]` for `v` itself), or `undefined`. */
function nonFinitePath(v: unknown, depth = 0): Array<string | number> | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : [];
  if (v instanceof PyFloat) return Number.isFinite(v.value) ? undefined : [];
  // The trace's depth is checked on import; the bound keeps this walk from recursing further.
  if (depth > MAX_DEPTH || typeof v !== 'object' || v === null) return undefined;
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    const inner = nonFinitePath(x, depth + 1);
    if (inner !== undefined) return [k, ...inner];
  }
  return undefined;
}

/**
 * envtrace JSON has no NaN or ±Infinity (`JSON.stringify` would write null, another value): a
 * trace holding one (a Python logger's missing reading) is refused, not changed, naming the
 * event, and the file is still scored as it is.
 */
function refuseNonFinite(trace: Trace, file: string): void {
  trace.events.forEach((e, k) => {
    for (const [key, v] of [
      ['value', e.value],
      ['meta', e.meta],
    ] as const) {
      const at = nonFinitePath(v);
      if (at === undefined) continue;
      const path = ['events', k, key, ...at];
      let x: unknown = v;
      for (const p of at) x = (x as Record<string | number, unknown>)[p];
      throw new TraceError(
        `${String(x instanceof PyFloat ? x.value : x)} (channel ${JSON.stringify(e.channel)}) cannot be written as envtrace JSON, which has no NaN or Infinity (JSON.stringify would write null, another value): score the file as it is (envtrace align/evaluate read it), or have its producer write null for a missing reading`,
        { file, path: inputPath(path) },
      );
    }
  });
}

export const convertCommand: Command = {
  name: 'convert',
  summary: `Convert a trace (${importers
    .filter((i) => i.name !== 'envtrace')
    .map((i) => i.name)
    .join(', ')}) to envtrace JSON`,
  usage: USAGE,
  exitCodes: { [EXIT_GATE]: null },
  async run(args, ctx) {
    const a = parseCommandArgs(
      'convert',
      args,
      {
        ...READING_OPTIONS,
        field: 'strings',
        out: { kind: 'string', short: 'o' },
      },
      { positionals: true },
    );
    if (a.positionals.length !== 1) {
      throw new UsageError(
        `${a.positionals.length === 0 ? 'no input' : 'give exactly one input'} (run 'envtrace help convert' for usage)`,
      );
    }
    const input = a.positionals[0]!;
    if (input === '') throw new UsageError('the input path is empty');
    const reading = parseReading(a);
    const out = checkOut(ctx.io, a.string('out'), [input]);
    const fields = a.strings('field');
    const imported = await importFile(resolvePath(ctx.io, input), {
      ...reading,
      field: fields.length === 0 ? undefined : fields,
    }).catch(async (e: unknown) => {
      throw await reportGivenAsTrace(
        e,
        resolvePath(ctx.io, input),
        input,
        'convert the trace it was made from',
      );
    });
    printImportWarnings(ctx.io, imported);
    const { trace } = imported;
    refuseNonFinite(trace, imported.file ?? input);
    const json = formatTraceJson(trace);
    if (out === undefined) {
      ctx.io.stdout.write(json);
      return EXIT_OK;
    }
    try {
      await writeFileAtomic(resolvePath(ctx.io, out), json);
    } catch (e) {
      throw new CliIOError(`${out}: cannot write the converted trace (${describeFsError(e)})`, {
        cause: e,
      });
    }
    return EXIT_OK;
  },
};
