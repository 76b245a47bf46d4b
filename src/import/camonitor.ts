/** EPICS `camonitor` text output: one event per line `PV date time value [alarm words]`. */
import { TraceError } from '../errors.js';
import { isoPrecisionProblem, relativeEvents, timeFromIso, type RawEvent } from './time.js';
import type { ImportContext, Importer } from './types.js';
import { numberFromText } from './values.js';

/** Alarm severities (EPICS `menuAlarmSevr`). */
const SEVERITIES = new Set(['NO_ALARM', 'MINOR', 'MAJOR', 'INVALID']);
/** Alarm statuses (EPICS `menuAlarmStat`). */
const STATUSES = new Set([
  'NO_ALARM',
  'READ',
  'WRITE',
  'HIHI',
  'HIGH',
  'LOLO',
  'LOW',
  'STATE',
  'COS',
  'COMM',
  'TIMEOUT',
  'HWLIMIT',
  'CALC',
  'SCAN',
  'LINK',
  'SOFT',
  'BAD_SUB',
  'UDF',
  'DISABLE',
  'SIMM',
  'READ_ACCESS',
  'WRITE_ACCESS',
]);

const LINE = /^(\S+)\s+(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:\s+(.*))?$/;
/** camonitor's notices about the connection, not values: `PV *** disconnected`, `PV *** Not connected (PV not found)`. */
const NOTICE = /^\S+\s+\*\*\*\s/;

/** Split trailing alarm words off the value text: `[severity [status]]`, either order, by vocabulary. */
function splitAlarm(tokens: string[]): { value: string[]; severity?: string; status?: string } {
  const n = tokens.length;
  if (n >= 3) {
    const a = tokens[n - 2]!;
    const b = tokens[n - 1]!;
    if (SEVERITIES.has(a) && STATUSES.has(b))
      return { value: tokens.slice(0, -2), severity: a, status: b };
    if (STATUSES.has(a) && SEVERITIES.has(b))
      return { value: tokens.slice(0, -2), severity: b, status: a };
  }
  if (n >= 2 && SEVERITIES.has(tokens[n - 1]!))
    return { value: tokens.slice(0, -1), severity: tokens[n - 1]! };
  return { value: tokens };
}

/**
 * The value of a value text: a number when it is one; an array of numbers for camonitor's array
 * form `N v1 … vN` (the count first, then exactly N numbers); else the text as written.
 */
function parseValue(tokens: string[], text: string, ctx: ImportContext): unknown {
  if (tokens.length === 1) return numberFromText(tokens[0]!, ctx) ?? text;
  if (tokens.length >= 2 && /^\d+$/.test(tokens[0]!) && Number(tokens[0]) === tokens.length - 1) {
    const nums = tokens.slice(1).map((t) => numberFromText(t, ctx));
    if (nums.every((x) => x !== undefined)) return nums;
  }
  return text;
}

function parseCamonitor(text: string, ctx: ImportContext): RawEvent[] {
  const events: RawEvent[] = [];
  const lines = text.split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || NOTICE.test(line)) continue;
    const file = ctx.file ? `${ctx.file}:${i + 1}` : `line ${i + 1}`;
    if (/^\S+\s+<undefined>/.test(line))
      throw new TraceError(
        'the update has no timestamp (<undefined>); record with server timestamps',
        { file },
      );
    const m = LINE.exec(line);
    if (!m)
      throw new TraceError(
        `expected 'PV YYYY-MM-DD HH:MM:SS[.ffffff] value [severity [status]]', got ${JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line)}`,
        { file },
      );
    const when = `${m[2]} ${m[3]}`;
    const time = timeFromIso(when);
    if (time === undefined)
      throw new TraceError(
        isoPrecisionProblem(when) ?? `invalid date or time ${JSON.stringify(when)}`,
        { file },
      );
    const rest = m[4] ?? '';
    if (rest === '') throw new TraceError('no value after the date and time', { file });
    const alarm = splitAlarm(rest.split(/\s+/));
    const valueText = alarm.value.join(' ');
    // Keep the value text as written (inner spacing too) unless alarm words were split off.
    const written = alarm.severity === undefined ? rest : valueText;
    const meta: Record<string, unknown> = {};
    if (alarm.severity !== undefined) meta['severity'] = alarm.severity;
    if (alarm.status !== undefined) meta['status'] = alarm.status;
    events.push({ channel: m[1]!, time, value: parseValue(alarm.value, written, ctx), meta });
  }
  return events;
}

/** `camonitor` importer: see `docs/importers.md`. */
export const camonitorImporter: Importer = {
  name: 'camonitor',
  description:
    "EPICS camonitor output: one event per line 'PV date time value [severity [status]]'",
  detect(text, first) {
    if (first !== undefined) return 0;
    const lines = text
      .split(/\r?\n|\r/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !NOTICE.test(l))
      .slice(0, 5);
    if (lines.length === 0) return 0;
    const hits = lines.filter((l) => LINE.test(l)).length;
    return hits === lines.length ? 1 : hits > 0 ? 0.5 : 0;
  },
  parse(text, ctx) {
    return relativeEvents(parseCamonitor(text, ctx), ctx.file);
  },
};
