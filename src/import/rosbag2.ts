/**
 * ROS 2 messages decoded to JSON Lines (one message per line: `mcap cat --json`, or an export of
 * `{topic, log_time, data}` records): one event per message. Binary bags (run directories, MCAP,
 * SQLite) are read by `rosbag2-bag.ts`, under the same format name.
 */
import { isPlainObject } from '../py/value.js';
import { jsonLineRecords, parseByLines, type Where } from './json.js';
import { parseFieldSelectors, selectField } from './rosbag2-fields.js';
import { ExactTime, nanosOf, relativeEvents, timeFromDecimal, type RawEvent } from './time.js';
import type { ImportContext, Importer, LineImport } from './types.js';
import { importValue } from './values.js';

/**
 * The raw text of the number that top-level `key` of the JSON object `line` holds, or
 * `undefined` (no such key, or not a number). `line` has already parsed as JSON, so strings and
 * nesting only need to be skipped, not checked. For decimal seconds such as `mcap cat --json`'s
 * `1490149580.103843113`, which a double cannot hold to the nanosecond.
 */
export function topLevelNumberText(line: string, key: string): string | undefined {
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      let j = i + 1;
      while (line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) {
        const name = JSON.parse(line.slice(i, j + 1)) as string;
        let k = j + 1;
        while (line[k] !== ':') k++;
        k++;
        while (/\s/.test(line[k] ?? '')) k++;
        const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(line.slice(k));
        if (name === key) return m?.[0];
        expectKey = false;
        i = k - 1;
        continue;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) expectKey = true;
  }
  return undefined;
}

/**
 * A message time: integer nanoseconds (digits as a string or a JSON integer, exact beyond 2^53),
 * or decimal seconds as `mcap cat --json` writes them (`1490149580.103843113`, read from the
 * number's own digits, exact). `undefined` for anything else.
 */
function messageTime(v: unknown, line: string, key: string): ExactTime | undefined {
  const ns = nanosOf(v);
  if (ns !== undefined) return new ExactTime(ns, -9);
  if (typeof v === 'string' || v === undefined || v === null || typeof v === 'boolean')
    return undefined;
  const text = topLevelNumberText(line, key);
  // mcap cat --json writes seconds, a point and nine digits; an exponent (1.5e18) is no such time.
  if (text === undefined || !/^\d+\.\d+$/.test(text)) return undefined;
  return timeFromDecimal(text);
}

const TIME_EXPECTED =
  'expected integer nanoseconds (digits, as a string or an integer) or decimal seconds (1490149580.103843113)';

/** The exact time as integer nanoseconds text, when it is whole nanoseconds (else its decimal seconds). */
function timeText(t: ExactTime): string {
  if (t.exp >= -9) return String(t.units * 10n ** BigInt(t.exp + 9));
  const scale = 10n ** BigInt(-9 - t.exp);
  return t.units % scale === 0n ? String(t.units / scale) : `${t.units}e${t.exp}`;
}

/** One event per message line; `end` orders them and makes times relative. */
function rosbag2Lines(ctx: ImportContext): LineImport {
  const events: RawEvent[] = [];
  const selectors = parseFieldSelectors(ctx.field);
  let current = '';
  const timeAt = (msg: Record<string, unknown>, key: string, where: Where): ExactTime => {
    const t = messageTime(msg[key], current, key);
    if (t === undefined)
      throw where
        .at(key)
        .error(msg[key] === undefined ? 'required (integer nanoseconds)' : TIME_EXPECTED);
    return t;
  };
  const records = jsonLineRecords(
    ctx.file,
    ({ value, where }) => {
      const msg = where.object(value, 'a message object ({"topic", "log_time", "data", ...})');
      const channel = where.at('topic').string(msg['topic']);
      const time = timeAt(msg, 'log_time', where);
      if (!('data' in msg)) where.at('data').fail('required (the decoded message)');
      const meta: Record<string, unknown> = { log_time: timeText(time) };
      if (typeof msg['type'] === 'string') meta['type'] = msg['type'];
      if (msg['sequence'] !== undefined) meta['sequence'] = importValue(msg['sequence'], ctx);
      if (msg['publish_time'] !== undefined)
        meta['publish_time'] = timeText(timeAt(msg, 'publish_time', where));
      const data = selectField(importValue(msg['data'], ctx), channel, selectors, {
        file: where.file,
        path: 'data',
      });
      events.push({ channel, time, value: data, meta });
    },
    ctx.mode,
  );
  return {
    line(text) {
      current = text;
      records.line(text);
    },
    end() {
      records.end();
      return relativeEvents(events, ctx.file);
    },
  };
}

/** `rosbag2` importer: see `docs/importers.md`. */
export const rosbag2Importer: Importer = {
  name: 'rosbag2',
  description:
    'ROS 2 bags (run directory, .mcap, .db3) or decoded JSON Lines (mcap cat --json): one event per message',
  detect(_text, first) {
    return isPlainObject(first) &&
      typeof first['topic'] === 'string' &&
      'log_time' in first &&
      'data' in first
      ? 1
      : 0;
  },
  parse(text, ctx) {
    return parseByLines(text, rosbag2Lines(ctx));
  },
  lines: rosbag2Lines,
};
