/**
 * JSON records as a user's own logger writes them (`json.dumps` per reading): JSON Lines, or one
 * JSON array, of objects, one event each, with one key for the time, the channel and the value
 * (`{"t": 1.5, "pv": "mono:energy", "val": 8000}`). The keys are those the `columns` option names,
 * else found by the synonyms a CSV header is read with (`roles.ts`), which is said in one
 * warning: nothing is read under a guessed meaning without a word. The other keys go to `meta`.
 */
import { describeReceived } from '../io/input.js';
import { isPlainObject, PyFloat } from '../py/value.js';
import { didYouMean } from '../schema/suggest.js';
import { readPolicy } from '../trace/trace.js';
import { isJsonLines, parseJsonDocuments, Where } from './json.js';
import { isSynonym, ROLES, SYNONYMS, type Role } from './roles.js';
import {
  dropTimeOutliers,
  relativeEvents,
  timeFromDecimal,
  timeFromIso,
  type ExactTime,
  type RawEvent,
} from './time.js';
import type { CsvColumns, ImportContext, Importer } from './types.js';
import { importValue } from './values.js';
import { noEventsError, warn } from './warnings.js';

/** The key of each role in a record's keys, or what is missing or ambiguous. */
interface RoleKeys {
  readonly keys: Partial<Record<Role, string>>;
  /** Roles found by a synonym, not named by `columns`. */
  readonly bySynonym: readonly Role[];
  readonly missing: readonly Role[];
  /** A role several keys could each be. */
  readonly ambiguous?: { readonly role: Role; readonly keys: readonly string[] } | undefined;
}

function roleKeys(names: readonly string[], columns: CsvColumns | undefined): RoleKeys {
  const keys: Partial<Record<Role, string>> = {};
  const bySynonym: Role[] = [];
  const missing: Role[] = [];
  let ambiguous: RoleKeys['ambiguous'];
  for (const role of ROLES) {
    const given = columns?.[role]?.trim();
    const hits =
      given !== undefined
        ? names.filter((n) => n.toLowerCase() === given.toLowerCase())
        : names.filter((n) => isSynonym(role, n));
    if (hits.length === 1) {
      keys[role] = hits[0]!;
      if (given === undefined) bySynonym.push(role);
    } else if (hits.length === 0) missing.push(role);
    else ambiguous ??= { role, keys: hits };
  }
  return { keys, bySynonym, missing, ambiguous };
}

const quoted = (names: readonly string[]) => names.map((n) => JSON.stringify(n)).join(', ');

/**
 * `--columns role=KEY,…` for the missing roles: the one key left over when there is one, else
 * the left-over key closest to a synonym of the role, else `NAME`.
 */
function columnsHint(found: RoleKeys, names: readonly string[]): string {
  const taken = new Set(Object.values(found.keys));
  const left = names.filter((n) => !taken.has(n));
  const pairs = found.missing.map((role) => {
    const close =
      found.missing.length === 1 && left.length === 1
        ? left[0]
        : left.find((n) => SYNONYMS[role].some((s) => didYouMean(n.toLowerCase(), [s]) === s));
    return `${role}=${close ?? 'NAME'}`;
  });
  return `--columns ${pairs.join(',')}`;
}

/**
 * What is wrong with the keys of the first record (`no value key (value|val|v); …: name it with
 * --columns value=data`), or `undefined` when each role has its key.
 */
function keysProblem(
  found: RoleKeys,
  names: readonly string[],
  columns?: CsvColumns,
): string | undefined {
  if (found.ambiguous !== undefined)
    return `the keys ${quoted(found.ambiguous.keys)} could each be the ${found.ambiguous.role}; name one with --columns ${found.ambiguous.role}=KEY`;
  if (found.missing.length === 0) return undefined;
  const what = found.missing
    .map((r) =>
      columns?.[r] !== undefined
        ? `${r} key ${JSON.stringify(columns[r])} (as given)`
        : `${r} key (${SYNONYMS[r].join('|')})`,
    )
    .join(' or ');
  return `no ${what}: name ${found.missing.length === 1 ? 'it' : 'them'} with ${columnsHint(found, names)} (the columns option)`;
}

/** The records of the text with their locations: JSON Lines, one array, or one object. */
function recordsOf(
  text: string,
  ctx: ImportContext,
): Array<{ value: unknown; where: Where; line: number | undefined }> {
  const docs = parseJsonDocuments(
    text,
    ctx.file,
    readPolicy(ctx).readValues === 'python' ? 'reference' : 'default',
    // A Python logger's `json.dumps` writes a missing reading as NaN: read as `json.loads` does.
    true,
  );
  if (docs.length === 1 && Array.isArray(docs[0]!.value))
    return (docs[0]!.value as unknown[]).map((value, k) => ({
      value,
      where: docs[0]!.where.at(k),
      line: undefined,
    }));
  return docs.map((d) => ({
    value: d.value,
    where: d.where,
    line: docs.length > 1 ? d.line : undefined,
  }));
}

type TimeKind = 'seconds' | 'ISO 8601';

/** A record's time: a number of seconds, exactly as written, or an ISO 8601 date-time. */
function recordTime(v: unknown, where: Where): { time: ExactTime; kind: TimeKind } {
  const number = v instanceof PyFloat ? v.value : v;
  if (typeof number === 'number' || typeof number === 'bigint') {
    const time = Number.isFinite(Number(number)) ? timeFromDecimal(String(number)) : undefined;
    if (time === undefined)
      where.fail(`expected a finite number of seconds, got ${String(number)}`);
    return { time, kind: 'seconds' };
  }
  if (typeof v === 'string') {
    const iso = timeFromIso(v.trim());
    if (iso !== undefined) return { time: iso, kind: 'ISO 8601' };
  }
  return where.fail(
    `expected a number of seconds or an ISO 8601 date-time, got ${describeReceived(v)}`,
  );
}

function parseRecords(text: string, ctx: ImportContext): RawEvent[] {
  const records = recordsOf(text, ctx);
  const first = records[0];
  if (first === undefined) return [];
  const what = 'a record (an object with a time, a channel and a value)';
  const names = Object.keys(first.where.object(first.value, what));
  const found = roleKeys(names, ctx.columns);
  const problem = keysProblem(found, names, ctx.columns);
  if (problem !== undefined)
    first.where.fail(
      found.ambiguous !== undefined ? problem : `the record (keys ${quoted(names)}) has ${problem}`,
    );
  const key = found.keys as Record<Role, string>;
  if (found.bySynonym.length > 0)
    warn(
      ctx,
      'guessed-keys',
      `read ${found.bySynonym.map((r) => `${JSON.stringify(key[r])} as the ${r} key`).join(', ')} (names known for them); say so with --columns ${ROLES.map((r) => `${r}=${key[r]}`).join(',')} (the columns option)`,
      { line: first.line },
    );
  const events: RawEvent[] = [];
  const lines: Array<number | undefined> = [];
  let kind: { kind: TimeKind; label: string } | undefined;
  for (const r of records) {
    const rec = r.where.object(r.value, what);
    const has = ROLES.filter((role) => key[role] in rec);
    if (has.length === 0) {
      // A line of the logger's own (a restart notice, a comment) holds no reading: said, not read.
      warn(
        ctx,
        'unmapped-record',
        `a record without the keys ${quoted(ROLES.map((role) => key[role]))} (its keys: ${quoted(Object.keys(rec))}): not an event, skipped`,
        { line: r.line, path: r.line === undefined ? r.where.pathText : undefined },
      );
      continue;
    }
    for (const role of ROLES)
      if (!(key[role] in rec))
        r.where.fail(
          `required: the ${role} key ${JSON.stringify(key[role])} (as in the first record); this record's keys: ${quoted(Object.keys(rec))}`,
        );
    const channel = rec[key.channel];
    if (typeof channel !== 'string' || channel.trim() === '')
      throw r.where
        .at(key.channel)
        .error(`expected a non-empty channel name, got ${describeReceived(channel)}`);
    const at = r.where.at(key.timestamp);
    const time = recordTime(rec[key.timestamp], at);
    if (kind === undefined)
      kind = { kind: time.kind, label: r.line !== undefined ? `line ${r.line}` : r.where.pathText };
    else if (kind.kind !== time.kind)
      at.fail(
        `expected ${kind.kind === 'seconds' ? 'a number of seconds' : 'an ISO 8601 date-time'} as on ${kind.label}, got ${describeReceived(rec[key.timestamp])}`,
      );
    const meta: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rec))
      if (k !== key.channel && k !== key.timestamp && k !== key.value)
        meta[k] = importValue(v, ctx);
    events.push({ channel, time: time.time, value: importValue(rec[key.value], ctx), meta });
    lines.push(r.line);
  }
  if (events.length === 0)
    throw noEventsError(
      `${records.length} records, none with the keys ${quoted(ROLES.map((r) => key[r]))}`,
      ctx.file,
    );
  return dropTimeOutliers(events, ctx, (k) => ({ line: lines[k] }));
}

/** Whether `v` is an envtrace event (the `envtrace` format reads it, strictly). */
const isEventLike = (v: Record<string, unknown>) => 'channel' in v && 'timestamp' in v;

/** The first record of a first JSON value: a JSON Lines line, or an array's first item. */
function firstRecord(first: unknown): Record<string, unknown> | undefined {
  const r: unknown = Array.isArray(first) ? (first as unknown[])[0] : first;
  return isPlainObject(r) && !isEventLike(r) ? r : undefined;
}

/** `records` importer: see `docs/importers.md`. */
export const recordsImporter: Importer = {
  name: 'records',
  description:
    "JSON Lines (or a JSON array) of a logger's own records, with keys for the time, channel and value (synonyms, any case, or named with --columns; more keys go to meta): one event per record",
  detect(_text, first) {
    // Below 1: a format of its own that fits wins, and keys read by their names are a reading
    // that the `guessed-keys` warning states.
    const r = firstRecord(first);
    if (r === undefined) return 0;
    const found = roleKeys(Object.keys(r), undefined);
    return found.missing.length === 0 && found.ambiguous === undefined ? 0.5 : 0;
  },
  explain(text, first) {
    const r = firstRecord(first);
    // A logger's record is flat: an object value is another tool's document, not a reading.
    if (r === undefined || Object.keys(r).length < 2 || Object.values(r).some(isPlainObject))
      return undefined;
    const names = Object.keys(r);
    const found = roleKeys(names, undefined);
    if (found.missing.length === 0) return undefined;
    // One JSON object with no key of any role is no logger's file (a config, a document).
    if (found.missing.length === ROLES.length && !isJsonLines(text)) return undefined;
    return `JSON records with the keys ${quoted(names)}, but ${keysProblem(found, names)!}`;
  },
  parse(text, ctx) {
    return relativeEvents(parseRecords(text, ctx), ctx.file);
  },
};
