/**
 * Bluesky event-model documents: one event per key of an event's `data`. Read as JSON Lines of
 * `[name, doc]` pairs (suitcase-jsonl, `RunEngine` subscribers) or `{name, doc}` objects, or as
 * one JSON array of either (databroker's test documents, `json.dump(list(run.documents()))`).
 */
import { parsePyJson } from '../py/json.js';
import { PyFloat, isPlainObject, orderedKeys } from '../py/value.js';
import { Where, jsonLineRecords, parseByLines, parseJsonDocument, type JsonLine } from './json.js';
import {
  ExactTime,
  dropTimeOutliers,
  relativeEvents,
  timeFromNumber,
  type RawEvent,
} from './time.js';
import type { ImportContext, Importer, LineImport } from './types.js';
import { describeReceived as describe } from '../io/input.js';
import { importValue } from './values.js';
import { countedKinds, noEventsError, warn } from './warnings.js';

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

/**
 * A `stream_resource` (event-model ≥ 1.19): external data of one data key, and what its
 * `stream_datum` documents said about it (the frame and `seq_num` ranges).
 */
interface StreamResource {
  readonly dataKey: string;
  /** `mimetype` (≥ 1.20) or `spec` (1.19). */
  readonly kind: string | undefined;
  /** `uri` (≥ 1.20) or `root` + `resource_path` (1.19). */
  readonly location: string | undefined;
  readonly line: number | undefined;
  readonly path: string;
  datums: number;
  indices: [number, number] | undefined;
  seqNums: [number, number] | undefined;
}

/** `{start, stop}` of a stream_datum (a half-open range of non-negative integers). */
function range(v: unknown, w: Where): [number, number] {
  const o = w.object(v, 'a {start, stop} range');
  const start = o['start'];
  const stop = o['stop'];
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0)
    return w.at('start').fail(`expected a non-negative integer, got ${describe(start)}`);
  if (typeof stop !== 'number' || !Number.isSafeInteger(stop) || stop < start)
    return w
      .at('stop')
      .fail(`expected an integer of at least start (${start}), got ${describe(stop)}`);
  return [start, stop];
}

function widen(r: [number, number] | undefined, by: [number, number]): [number, number] {
  return r === undefined ? by : [Math.min(r[0], by[0]), Math.max(r[1], by[1])];
}

/** `frames 0–13` for the half-open `[0, 14)`. */
function rangeText(r: [number, number]): string {
  return r[1] - r[0] === 1 ? `${r[0]}` : `${r[0]}–${r[1] - 1}`;
}

interface Descriptor {
  readonly name: string | undefined;
  readonly dataKeys: Record<string, unknown>;
}

function sourceOf(desc: Descriptor, key: string): string | undefined {
  const dk = desc.dataKeys[key];
  return isPlainObject(dk) && typeof dk['source'] === 'string' ? dk['source'] : undefined;
}

/** `data_keys[key].external` (`FILESTORE:`, `STREAM:`): the key's data lives outside the documents. */
function externalOf(desc: Descriptor, key: string): string | undefined {
  const dk = desc.dataKeys[key];
  return isPlainObject(dk) && typeof dk['external'] === 'string' ? dk['external'] : undefined;
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
  const streamResources = new Map<string, StreamResource>();
  /** Documents read, by name, in order of first appearance (for the no-events error). */
  const counts = new Map<string, number>();
  const events: RawEvent[] = [];
  const located: Array<{ line: number | undefined; path: string }> = [];
  /** Unfilled external keys (datum ids as values), by descriptor and key: skipped, counted. */
  const datumKeys = new Map<
    string,
    { key: string; external: string; count: number; line: number | undefined; path: string }
  >();
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
      const external = externalOf(desc, key);
      // An unfilled external key (pre-1.19 resource/datum) holds a datum id, not a reading.
      if (external !== undefined && typeof row.data[key] === 'string') {
        const k = `${descUid}\u0000${key}`;
        const seen = datumKeys.get(k);
        if (seen) seen.count++;
        else datumKeys.set(k, { key, external, count: 1, line, path: tsWhere(key).pathText });
        continue;
      }
      const meta: Record<string, unknown> = { descriptor: descUid };
      if (desc.name !== undefined) meta['stream'] = desc.name;
      if (row.seq !== undefined) meta['seq_num'] = importValue(row.seq, ctx);
      const source = sourceOf(desc, key);
      if (source !== undefined) meta['source'] = source;
      if (typeof row.uid === 'string') meta['uid'] = row.uid;
      const tw = tsWhere(key);
      events.push({
        channel: key,
        time: time(row.timestamps[key], tw),
        value: importValue(row.data[key], ctx),
        meta,
      });
      located.push({ line, path: tw.pathText });
    }
  };
  /** The line of the record being read (JSON Lines), for warnings. */
  let line: number | undefined;
  const onDocument = (value: unknown, where: Where): void => {
    let name: unknown;
    let nameW: Where;
    let dw: Where;
    let docValue: unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string') {
      name = value[0];
      docValue = value[1] as unknown;
      nameW = where.at(0);
      dw = where.at(1);
    } else if (isPlainObject(value) && typeof value['name'] === 'string' && 'doc' in value) {
      name = value['name'];
      docValue = value['doc'];
      nameW = where.at('name');
      dw = where.at('doc');
    } else {
      throw where.error(
        `expected a [name, document] pair or a {name, doc} object, got ${describe(value)}`,
      );
    }
    if (typeof name !== 'string' || !DOCUMENT_NAMES.has(name))
      nameW.fail(
        `unknown document name ${JSON.stringify(name)} (expected one of ${[...DOCUMENT_NAMES].join(', ')})`,
      );
    const doc = dw.object(docValue, `a ${name} document`);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (name === 'stream_resource') {
      const uid = dw.at('uid').string(doc['uid']);
      const text = (k: string): string | undefined => {
        const v = doc[k];
        return typeof v === 'string' ? v : undefined;
      };
      const root = text('root');
      const rpath = text('resource_path');
      streamResources.set(uid, {
        dataKey: dw.at('data_key').string(doc['data_key']),
        kind: text('mimetype') ?? text('spec'),
        location:
          text('uri') ??
          (rpath !== undefined ? (root !== undefined ? `${root}/${rpath}` : rpath) : undefined),
        line,
        path: dw.pathText,
        datums: 0,
        indices: undefined,
        seqNums: undefined,
      });
    } else if (name === 'stream_datum') {
      const srUid = dw.at('stream_resource').string(doc['stream_resource']);
      const sr = streamResources.get(srUid);
      if (sr === undefined)
        return dw
          .at('stream_resource')
          .fail(
            `no stream_resource document with uid ${JSON.stringify(srUid)} comes before this stream_datum`,
          );
      const descUid = dw.at('descriptor').string(doc['descriptor']);
      if (!descriptors.has(descUid))
        dw.at('descriptor').fail(
          `no descriptor document with uid ${JSON.stringify(descUid)} comes before this stream_datum`,
        );
      sr.datums++;
      sr.indices = widen(sr.indices, range(doc['indices'], dw.at('indices')));
      sr.seqNums = widen(sr.seqNums, range(doc['seq_nums'], dw.at('seq_nums')));
    } else if (name === 'descriptor') {
      const uid = dw.at('uid').string(doc['uid']);
      const dk = doc['data_keys'] === undefined ? {} : dw.at('data_keys').object(doc['data_keys']);
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
        const rows = keys.length > 0 ? dataW.at(keys[0]!).array(data[keys[0]!]).length : seq.length;
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
  };
  /**
   * One JSON value of the input: a document, or an array of documents (databroker's test
   * documents, on one line or as the whole text).
   */
  const onValue = (value: unknown, where: Where, at: number | undefined): void => {
    line = at;
    if (Array.isArray(value) && (value.length === 0 || typeof value[0] !== 'string'))
      value.forEach((v, i) => onDocument(v, where.at(i)));
    else onDocument(value, where);
  };
  const records = jsonLineRecords(
    ctx.file,
    (r: JsonLine) => onValue(r.value, r.where, r.line),
    ctx.mode,
  );
  /**
   * A JSON array written over several lines (`json.dump(docs, f, indent=2)`): its first line is
   * `[` alone (or does not parse), so it is read whole, as one document, at the end.
   */
  let whole: string[] | undefined;
  let first = true;
  return {
    line(text) {
      if (whole !== undefined) {
        whole.push(text);
        return;
      }
      if (first && text.trim() !== '') {
        first = false;
        if (text.trimStart().startsWith('[') && !parsesAsJson(text)) {
          whole = [text];
          return;
        }
      }
      records.line(text);
    },
    end() {
      if (whole !== undefined) {
        const value = parseJsonDocument(whole.join('\n'), ctx.file);
        onValue(value, new Where(ctx.file), undefined);
      }
      records.end();
      for (const d of datumKeys.values())
        warn(
          ctx,
          'unmapped-record',
          `${JSON.stringify(d.key)}: ${d.count} value${d.count === 1 ? ' is a datum id' : 's are datum ids'} pointing into external data (${d.external}), not readings: not imported (export the run filled: run.documents(fill='yes'))`,
          { line: d.line, path: d.path.replace(/^(.*)\.timestamps\./, '$1.data.') },
        );
      for (const sr of streamResources.values()) {
        if (sr.datums === 0) continue;
        warn(
          ctx,
          'unmapped-record',
          `${JSON.stringify(sr.dataKey)}: ${sr.datums} stream_datum document${sr.datums === 1 ? '' : 's'} (frames ${rangeText(sr.indices!)}, seq_num ${rangeText(sr.seqNums!)}) point into external data${sr.kind !== undefined ? ` (${sr.kind})` : ''}${sr.location !== undefined ? ` at ${JSON.stringify(sr.location)}` : ''}, which envtrace cannot read: not imported`,
          { line: sr.line, path: sr.path },
        );
      }
      if (events.length === 0 && counts.size > 0) {
        const external = [...streamResources.values()]
          .filter((sr) => sr.datums > 0)
          .map(
            (sr) => `${JSON.stringify(sr.dataKey)}${sr.kind !== undefined ? ` (${sr.kind})` : ''}`,
          );
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        throw noEventsError(
          `${total} Bluesky document${total === 1 ? '' : 's'} (${countedKinds(counts)}), ${datumKeys.size > 0 ? `their event data all datum ids of external data (${[...new Set([...datumKeys.values()].map((d) => JSON.stringify(d.key)))].join(', ')}; export the run filled)` : counts.has('event') || counts.has('event_page') ? 'events without data' : 'no event documents'}${external.length > 0 ? `; the data of ${external.join(', ')} is external (stream_resource / stream_datum), which envtrace cannot read` : ''}`,
          ctx.file,
        );
      }
      const kept = dropTimeOutliers(events, ctx, (k) => located[k]!);
      return relativeEvents(kept, ctx.file);
    },
  };
}

function parsesAsJson(text: string): boolean {
  try {
    parsePyJson(text, { preserveNumberKinds: true });
    return true;
  } catch {
    return false;
  }
}

/** `bluesky` importer: see `docs/importers.md`. */
export const blueskyImporter: Importer = {
  name: 'bluesky',
  description:
    "Bluesky event-model documents ([name, doc] / {name, doc}, JSON Lines or one array): one event per key of an event's data",
  detect(_text, first) {
    const isDocument = (v: unknown): boolean =>
      (Array.isArray(v) &&
        v.length === 2 &&
        typeof v[0] === 'string' &&
        DOCUMENT_NAMES.has(v[0]) &&
        isPlainObject(v[1])) ||
      (isPlainObject(v) &&
        typeof v['name'] === 'string' &&
        DOCUMENT_NAMES.has(v['name']) &&
        isPlainObject(v['doc']));
    return isDocument(first) || (Array.isArray(first) && isDocument(first[0])) ? 1 : 0;
  },
  explain(_text, first) {
    const item: unknown =
      Array.isArray(first) && typeof first[0] !== 'string' ? (first[0] as unknown) : first;
    const name: unknown =
      Array.isArray(item) && item.length === 2 && isPlainObject(item[1])
        ? (item[0] as unknown)
        : isPlainObject(item) && 'doc' in item
          ? item['name']
          : undefined;
    if (typeof name !== 'string' || DOCUMENT_NAMES.has(name)) return undefined;
    return `Bluesky documents, but ${JSON.stringify(name.length > 30 ? `${name.slice(0, 30)}…` : name)} is not an event-model document name (${[...DOCUMENT_NAMES].join(', ')})`;
  },
  parse(text, ctx) {
    return parseByLines(text, blueskyLines(ctx));
  },
  lines: blueskyLines,
};
