/** Bluesky event-model documents (JSON Lines of `[name, doc]`): one event per key of an event's `data`. */
import { PyFloat, isPlainObject, orderedKeys } from '../py/value.js';
import { Where, jsonLineRecords, parseByLines } from './json.js';
import { ExactTime, relativeEvents, timeFromNumber, type RawEvent } from './time.js';
import type { ImportContext, Importer, LineImport } from './types.js';
import { describe, importValue } from './values.js';

/** The document names of the event model. */
const DOCUMENT_NAMES = new Set([
  'start',
  'descriptor',
  'event',
  'event_page',
  'stop',
  'resource',
  'datum',
  'datum_page',
  'stream_resource',
  'stream_datum',
]);

interface Descriptor {
  readonly name: string | undefined;
  readonly dataKeys: Record<string, unknown>;
}

function sourceOf(desc: Descriptor, key: string): string | undefined {
  const dk = desc.dataKeys[key];
  return isPlainObject(dk) && typeof dk['source'] === 'string' ? dk['source'] : undefined;
}

function time(v: unknown, w: Where): ExactTime {
  // Read with exact number kinds: an integral float (`1767571200.0`) is a PyFloat.
  const x = v instanceof PyFloat ? v.value : v;
  const t =
    typeof x === 'number'
      ? timeFromNumber(x)
      : typeof x === 'bigint'
        ? new ExactTime(x, 0)
        : undefined;
  if (t === undefined)
    w.fail(
      v === undefined ? 'required (epoch seconds)' : `expected epoch seconds, got ${describe(v)}`,
    );
  return t;
}

/** One event per key of each event's `data` (rows of an event page), in document order; `end` orders them and makes times relative. */
function blueskyLines(ctx: ImportContext): LineImport {
  const descriptors = new Map<string, Descriptor>();
  const events: RawEvent[] = [];
  const emit = (
    desc: Descriptor,
    descUid: string,
    row: {
      data: Record<string, unknown>;
      timestamps: Record<string, unknown>;
      seq: unknown;
      uid: unknown;
    },
    tsWhere: (key: string) => Where,
  ): void => {
    for (const key of orderedKeys(row.data)) {
      const meta: Record<string, unknown> = { descriptor: descUid };
      if (desc.name !== undefined) meta['stream'] = desc.name;
      if (row.seq !== undefined) meta['seq_num'] = importValue(row.seq, ctx);
      const source = sourceOf(desc, key);
      if (source !== undefined) meta['source'] = source;
      if (typeof row.uid === 'string') meta['uid'] = row.uid;
      events.push({
        channel: key,
        time: time(row.timestamps[key], tsWhere(key)),
        value: importValue(row.data[key], ctx),
        meta,
      });
    }
  };
  const records = jsonLineRecords(
    ctx.file,
    ({ value, where }) => {
      if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string')
        throw where.error(`expected a [name, document] pair, got ${describe(value)}`);
      const name = value[0];
      if (!DOCUMENT_NAMES.has(name))
        where
          .at(0)
          .fail(
            `unknown document name ${JSON.stringify(name)} (expected one of ${[...DOCUMENT_NAMES].join(', ')})`,
          );
      const dw = where.at(1);
      const doc = dw.object(value[1], `a ${name} document`);
      if (name === 'descriptor') {
        const uid = dw.at('uid').string(doc['uid']);
        const dk =
          doc['data_keys'] === undefined ? {} : dw.at('data_keys').object(doc['data_keys']);
        descriptors.set(uid, {
          name: typeof doc['name'] === 'string' ? doc['name'] : undefined,
          dataKeys: dk,
        });
      } else if (name === 'event' || name === 'event_page') {
        const descUid = dw.at('descriptor').string(doc['descriptor']);
        const desc = descriptors.get(descUid);
        if (desc === undefined)
          throw dw
            .at('descriptor')
            .error(
              `no descriptor document with uid ${JSON.stringify(descUid)} comes before this ${name}`,
            );
        const dataW = dw.at('data');
        const tsW = dw.at('timestamps');
        const data = dataW.object(doc['data']);
        const timestamps = tsW.object(doc['timestamps']);
        if (name === 'event') {
          emit(desc, descUid, { data, timestamps, seq: doc['seq_num'], uid: doc['uid'] }, (k) =>
            tsW.at(k),
          );
        } else {
          // event_page: columns of equal length; row i is one event.
          const seq = dw.at('seq_num').array(doc['seq_num'] ?? []);
          const uids = Array.isArray(doc['uid']) ? doc['uid'] : [];
          const keys = orderedKeys(data);
          const rows =
            keys.length > 0 ? dataW.at(keys[0]!).array(data[keys[0]!]).length : seq.length;
          for (const k of keys) {
            if (dataW.at(k).array(data[k]).length !== rows)
              dataW.at(k).fail(`expected ${rows} values (one per event of the page)`);
            if (tsW.at(k).array(timestamps[k]).length !== rows)
              tsW.at(k).fail(`expected ${rows} timestamps (one per event of the page)`);
          }
          // seq_num and uid are columns too: a shorter one would leave events without them.
          if (doc['seq_num'] !== undefined && seq.length !== rows)
            dw.at('seq_num').fail(
              `expected ${rows} values (one per event of the page), got ${seq.length}`,
            );
          if (Array.isArray(doc['uid']) && uids.length !== rows)
            dw.at('uid').fail(
              `expected ${rows} values (one per event of the page), got ${uids.length}`,
            );
          for (let r = 0; r < rows; r++) {
            const rowData: Record<string, unknown> = {};
            const rowTs: Record<string, unknown> = {};
            for (const k of keys) {
              rowData[k] = (data[k] as unknown[])[r];
              rowTs[k] = (timestamps[k] as unknown[])[r];
            }
            emit(
              desc,
              descUid,
              { data: rowData, timestamps: rowTs, seq: seq[r], uid: uids[r] },
              (k) => tsW.at(k, r),
            );
          }
        }
      }
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

/** `bluesky` importer: see `docs/importers.md`. */
export const blueskyImporter: Importer = {
  name: 'bluesky',
  description:
    "Bluesky event-model documents, JSON Lines of [name, doc]: one event per key of an event's data",
  detect(_text, first) {
    return Array.isArray(first) &&
      first.length === 2 &&
      typeof first[0] === 'string' &&
      DOCUMENT_NAMES.has(first[0]) &&
      isPlainObject(first[1])
      ? 1
      : 0;
  },
  parse(text, ctx) {
    return parseByLines(text, blueskyLines(ctx));
  },
  lines: blueskyLines,
};
