/** EPICS `camonitor` text output: one event per line `PV date time value [alarm words]`. */
import { TraceError } from '../errors.js';
import {
  dropTimeOutliers,
  isoPrecisionProblem,
  relativeEvents,
  timeFromIso,
  type RawEvent,
} from './time.js';
import type { ImportContext, Importer } from './types.js';
import { numberFromText } from './values.js';
import { noEventsError, warn } from './warnings.js';

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
/**
 * An update without a time: camonitor prints `<undefined>` for the date and time when the time
 * stamp is zero (EPICS epoch), as for a record never processed since the IOC started
 * (`PV <undefined> 0 UDF INVALID`).
 */
const UNDEFINED = /^\S+\s+<undefined>/;

/** `"PV *** disconnected"`, shortened for a message. */
function quoted(line: string): string {
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line);
}

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

/**
 * The updates of a camonitor log with the line of each. Notices and `<undefined>` updates are
 * skipped with a `skipped-line` warning; any other line that is not an update fails the import.
 */
function parseCamonitor(text: string, ctx: ImportContext): RawEvent[] {
  const events: RawEvent[] = [];
  const lineOf: number[] = [];
  let notices = 0;
  let undefinedTimes = 0;
  const lines = text.split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (NOTICE.test(line)) {
      notices++;
      warn(ctx, 'skipped-line', `connection notice ${quoted(line)}, not an update`, {
        line: i + 1,
      });
      continue;
    }
    if (UNDEFINED.test(line)) {
      undefinedTimes++;
      warn(
        ctx,
        'skipped-line',
        `the update has no time stamp (<undefined>: the record was never processed): ${quoted(line)}`,
        { line: i + 1 },
      );
      continue;
    }
    const file = ctx.file ? `${ctx.file}:${i + 1}` : `line ${i + 1}`;
    const m = LINE.exec(line);
    if (!m)
      throw new TraceError(
        `expected 'PV YYYY-MM-DD HH:MM:SS[.ffffff] value [severity [status]]', got ${quoted(line)}`,
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
    lineOf.push(i + 1);
  }
  if (events.length === 0 && notices + undefinedTimes > 0) {
    const parts = [
      undefinedTimes > 0
        ? `${undefinedTimes} <undefined> update${undefinedTimes === 1 ? '' : 's'}`
        : '',
      notices > 0 ? `${notices} connection notice${notices === 1 ? '' : 's'}` : '',
    ].filter((p) => p !== '');
    throw noEventsError(
      `the camonitor log holds ${parts.join(' and ')}, no timed update`,
      ctx.file,
    );
  }
  return dropTimeOutliers(events, ctx, (k) => ({ line: lineOf[k] }));
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
    const hits = lines.filter((l) => LINE.test(l) || UNDEFINED.test(l)).length;
    return hits === lines.length ? 1 : hits > 0 ? 0.5 : 0;
  },
  parse(text, ctx) {
    return relativeEvents(parseCamonitor(text, ctx), ctx.file);
  },
};
