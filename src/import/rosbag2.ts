/** rosbag2 recordings decoded to JSON Lines (one message per line): one event per message. */
import { isPlainObject } from '../py/value.js';
import { jsonLineRecords, parseByLines } from './json.js';
import { nanosOf, relativeEvents, timeFromNanos, type RawEvent } from './time.js';
import type { ImportContext, Importer, LineImport } from './types.js';
import { importValue } from './values.js';

/** One event per message line; `end` orders them and makes times relative. */
function rosbag2Lines(ctx: ImportContext): LineImport {
  const events: RawEvent[] = [];
  const records = jsonLineRecords(
    ctx.file,
    ({ value, where }) => {
      const msg = where.object(value, 'a message object ({"topic", "log_time", "data", ...})');
      const channel = where.at('topic').string(msg['topic']);
      const ns = nanosOf(msg['log_time']);
      if (ns === undefined)
        throw where
          .at('log_time')
          .error(
            msg['log_time'] === undefined
              ? 'required (integer nanoseconds)'
              : 'expected integer nanoseconds (digits, as a string or an integer)',
          );
      if (!('data' in msg)) where.at('data').fail('required (the decoded message)');
      const meta: Record<string, unknown> = { log_time: String(ns) };
      if (typeof msg['type'] === 'string') meta['type'] = msg['type'];
      if (msg['sequence'] !== undefined) meta['sequence'] = importValue(msg['sequence'], ctx);
      if (msg['publish_time'] !== undefined) {
        const pub = nanosOf(msg['publish_time']);
        if (pub === undefined)
          throw where
            .at('publish_time')
            .error('expected integer nanoseconds (digits, as a string or an integer)');
        meta['publish_time'] = String(pub);
      }
      events.push({ channel, time: timeFromNanos(ns), value: importValue(msg['data'], ctx), meta });
    },
    ctx.mode,
  );
  return {
    line: records.line,
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
    'rosbag2 messages decoded to JSON Lines ({topic, log_time, data, ...} per line): one event per message',
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
