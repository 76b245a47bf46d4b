/**
 * Golden file names: one file per (test name, occurrence of that name in the file, call number
 * within the test), with no two tests ever sharing a file, on any file system.
 *
 * `<name>[ (<k>)][-<n>].trace.json` where `<name>` is the test's full name in one of two forms.
 *
 * **Readable** ({@link readableTestName}, the default): the name as written, so a golden reads
 * in a pull request as its test does (`thermostat PID reaches 60 °C.trace.json`). Only what a
 * file system does not allow or a person cannot see is escaped as `~hh`/`~uhhhh`/`~vhhhhhh`:
 * control and format characters (invisible ones included), surrogates, private-use and
 * unassigned code points, line and paragraph separators, the path separators `/` and `\`, the
 * characters Windows refuses (`: * ? " < > |`), and `~` and `^` themselves (so the form is
 * injective and never looks like the escaped form of another name); plus the edge rules below.
 * Two tests of one file whose readable names fold together (differ only in case or Unicode
 * normalisation, one file on macOS and Windows) are a real collision: both use the escaped form
 * (the matcher decides from the file's declared tests: `lifecycle.ts`).
 *
 * **Escaped** ({@link escapeTestName}, on a collision, and the name envtrace 0.1 wrote before
 * readable names: still found, see `toMatchGoldenTrace.ts`): injective and case-free:
 *
 * - kept as they are: `a`–`z`, `0`–`9`, space and `_ . , ( ) + = @ # & ' ! -`, and non-ASCII
 *   letters, digits, punctuation, symbols and spaces that are lower case, are their own case
 *   fold (`ſ`, `ς`, `ß`, `ı` are not) and are in Unicode NFC (no combining marks, no Hangul jamo
 *   that would compose with the previous character);
 * - `A`–`Z` become `^a`–`^z` (`Case` → `^case`), so two names that differ only in case never
 *   map to file names that differ only in case (macOS and Windows fold case);
 * - everything else becomes `~hh` (code point below 0x100), `~uhhhh` (other BMP code points,
 *   lone surrogates included) or `~vhhhhhh` (lower-case hex): `a/b` → `a~2fb`, `~` → `~7e`;
 * - a leading `.`, space or `-`, the first letter of a Windows device name (`con`, `nul`, `com1`…)
 *   and a `-` or `(` that would make the name end like a suffix (`x-2`, `x (2)`) are escaped too;
 *   the empty name is `~n`.
 *
 * `(<k>)` numbers the second and later tests with the same full name in one file (`test.each`
 * with repeated titles), in declaration order; `-<n>` numbers the second and later
 * `toMatchGoldenTrace` calls of one test. A file name is at most {@link MAX_GOLDEN_FILE_BYTES}
 * bytes of UTF-8, so the atomic writer's temporary name (`.<name>.<pid>.<random>.tmp`) fits the
 * 255-byte limit of Linux, macOS and Windows too. A name whose escaped form is longer than
 * {@link MAX_NAME_BYTES} bytes is cut at a character boundary and ends in `~h` plus 16 hex
 * digits of the SHA-256 of the whole escaped name; only two such names with the same cut prefix
 * and the same 64-bit hash could meet, and that is detected at run time (see `golden.ts`).
 */
import { createHash } from 'node:crypto';

/** The suffix of every golden file. */
export const GOLDEN_SUFFIX = '.trace.json';
/** Longest golden file name in bytes of UTF-8: 255 less the atomic writer's temp-name overhead (`.`, `.<pid ≤ 10 digits>.<12 hex>.tmp`). */
export const MAX_GOLDEN_FILE_BYTES = 255 - 32;
/** Longest numbering suffix: ` (<k>)-<n>` with `k`, `n` below 10¹⁰. */
const MAX_NUMBERING_BYTES = 24;
/** Longest escaped name before it is cut and hashed. */
export const MAX_NAME_BYTES = MAX_GOLDEN_FILE_BYTES - GOLDEN_SUFFIX.length - MAX_NUMBERING_BYTES;
const HASH_HEX = 16;
/** A cut name: its kept prefix is at most this long, then `~h` and the hash. */
const CUT_PREFIX_BYTES = MAX_NAME_BYTES - 2 - HASH_HEX;
const MAX_NUMBER = 1e10;

const ASCII_KEPT = /^[a-z0-9 _.,()+=@#&'!-]$/;
const NON_ASCII_KEPT = /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;
const HANGUL_JAMO = /^[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]$/;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?![\p{L}\p{N}_])/iu;

function hex(cp: number, width: number): string {
  return cp.toString(16).padStart(width, '0');
}

function escapeCodePoint(cp: number): string {
  if (cp < 0x100) return `~${hex(cp, 2)}`;
  if (cp < 0x10000) return `~u${hex(cp, 4)}`;
  return `~v${hex(cp, 6)}`;
}

/** Whether `ch` (one code point) may stand for itself after `prev` (the previous output character). */
function keptAsIs(ch: string, prev: string): boolean {
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ASCII_KEPT.test(ch);
  if (!NON_ASCII_KEPT.test(ch) || HANGUL_JAMO.test(ch)) return false;
  if (
    ch.normalize('NFC') !== ch ||
    ch.toLowerCase() !== ch ||
    ch.toUpperCase().toLowerCase() !== ch
  )
    return false;
  // Two kept characters must not compose (a Hangul syllable and a trailing jamo do).
  return prev === '' || (prev + ch).normalize('NFC') === prev + ch;
}

/** Code points of `s`, lone surrogates kept as their own units. */
function codePoints(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i) as number;
    const len = cp > 0xffff ? 2 : 1;
    out.push(s.slice(i, i + len));
    i += len;
  }
  return out;
}

/** The escaped tokens of a name (one per code point), before the edge rules. */
function tokensOf(name: string): string[] {
  const tokens: string[] = [];
  let prev = '';
  for (const ch of codePoints(name)) {
    if (keptAsIs(ch, prev)) {
      tokens.push(ch);
      prev = ch;
    } else if (ch >= 'A' && ch <= 'Z') {
      tokens.push(`^${ch.toLowerCase()}`);
      prev = '';
    } else {
      tokens.push(escapeCodePoint(ch.codePointAt(0) as number));
      prev = '';
    }
  }
  return tokens;
}

function escapeToken(tokens: string[], i: number): void {
  tokens[i] = escapeCodePoint((tokens[i] as string).codePointAt(0) as number);
}

/**
 * The escaped form of a test name (no numbering, no suffix, not cut): injective, lower case,
 * NFC, and never ending like a numbering suffix. {@link decodeTestName} inverts it.
 */
export function escapeTestName(name: string): string {
  if (name === '') return '~n';
  return edgeRules(tokensOf(name));
}

/** What the readable form escapes (see the module comment). */
const READABLE_ESCAPED = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}/\\:*?"<>|~^]$/u;

/**
 * The readable form of a test name (no numbering, no suffix, not cut): the name as written but
 * for what the module comment lists; injective. {@link decodeReadableName} inverts it.
 */
export function readableTestName(name: string): string {
  if (name === '') return '~n';
  const tokens = codePoints(name).map((ch) =>
    READABLE_ESCAPED.test(ch) ? escapeCodePoint(ch.codePointAt(0) as number) : ch,
  );
  return edgeRules(tokens);
}

/** The rules at the edges shared by both forms: leading `.`/space/`-`, Windows devices, numbering. */
function edgeRules(tokens: string[]): string {
  if (tokens[0] === '.' || tokens[0] === ' ' || tokens[0] === '-') escapeToken(tokens, 0);
  if (WINDOWS_DEVICE.test(tokens.join(''))) escapeToken(tokens, 0);
  // Never end like `-<n>` or ` (<k>)`: those are the numbering.
  const joined = tokens.join('');
  const call = /-\d+$/.exec(joined);
  const occurrence = / \(\d+\)$/.exec(joined);
  if (call || occurrence) {
    // The '-' or '(' is a kept single-character token: escapes never produce either.
    let at = 0;
    let i = 0;
    const target = call ? call.index : (occurrence as RegExpExecArray).index + 1;
    while (at < target) at += (tokens[i++] as string).length;
    escapeToken(tokens, i);
  }
  return tokens.join('');
}

/** The test name a readable name part stands for; undefined for a cut name or no readable name. */
export function decodeReadableName(base: string): string | undefined {
  if (base === '~n') return '';
  let out = '';
  const re = /~u([0-9a-f]{4})|~v([0-9a-f]{6})|~([0-9a-f]{2})|([^~])/gsuy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(base)) !== null) {
    at = re.lastIndex;
    const code = m[1] ?? m[2] ?? m[3];
    out += code !== undefined ? String.fromCodePoint(parseInt(code, 16)) : (m[4] as string);
  }
  if (at !== base.length) return undefined;
  return readableTestName(out) === base ? out : undefined;
}

/** Which form a golden file name takes (see the module comment). */
export type GoldenNameForm = 'readable' | 'escaped';

/** A file name as a case-folding, normalising file system (macOS, Windows) compares it. */
export function foldFileName(name: string): string {
  return name.normalize('NFD').toUpperCase().toLowerCase();
}

/**
 * The names among `names` (one file's declared tests) whose readable golden names fold together
 * with another name's: a real collision, so they take the escaped form. Repeats of one name are
 * no collision (they are numbered). O(n) names.
 */
export function collidingNames(names: Iterable<string>): Set<string> {
  const byFold = new Map<string, Set<string>>();
  for (const name of names) {
    const key = foldFileName(goldenBaseName(name, 'readable'));
    let set = byFold.get(key);
    if (!set) byFold.set(key, (set = new Set()));
    set.add(name);
  }
  const out = new Set<string>();
  for (const set of byFold.values()) if (set.size > 1) for (const n of set) out.add(n);
  return out;
}

/** `s` cut to at most `max` bytes of UTF-8 without splitting an escape or a character. */
function cutTokens(escaped: string, max: number): string {
  let out = '';
  let bytes = 0;
  const re = /~(?:u[0-9a-f]{4}|v[0-9a-f]{6}|[0-9a-f]{2}|n)|\^[a-z]|[\s\S]/gu;
  for (const m of escaped.matchAll(re)) {
    const b = Buffer.byteLength(m[0], 'utf8');
    if (bytes + b > max) break;
    out += m[0];
    bytes += b;
  }
  return out;
}

/** The name part of a golden file name in `form`, cut and hashed when it is too long. */
export function goldenBaseName(testName: string, form: GoldenNameForm = 'escaped'): string {
  const escaped = form === 'readable' ? readableTestName(testName) : escapeTestName(testName);
  if (Buffer.byteLength(escaped, 'utf8') <= MAX_NAME_BYTES) return escaped;
  const hash = createHash('sha256').update(escaped, 'utf8').digest('hex').slice(0, HASH_HEX);
  return `${cutTokens(escaped, CUT_PREFIX_BYTES)}~h${hash}`;
}

function checkNumber(what: string, v: number): void {
  if (!Number.isInteger(v) || v < 1 || v >= MAX_NUMBER)
    throw new RangeError(`golden ${what} must be an integer from 1 to ${MAX_NUMBER - 1}, got ${v}`);
}

/**
 * The golden file name of the `n`-th `toMatchGoldenTrace` call of the `occurrence`-th test
 * named `testName` in its file (both 1-based).
 */
export function goldenFileName(
  testName: string,
  occurrence: number,
  n: number,
  form: GoldenNameForm = 'escaped',
): string {
  checkNumber('occurrence', occurrence);
  checkNumber('number', n);
  return `${goldenBaseName(testName, form)}${occurrence > 1 ? ` (${occurrence})` : ''}${n > 1 ? `-${n}` : ''}${GOLDEN_SUFFIX}`;
}

/** A golden file name taken apart: the name part and the numbering. */
export interface ParsedGoldenName {
  readonly base: string;
  readonly occurrence: number;
  readonly n: number;
}

/** Take a file name made by {@link goldenFileName} apart (undefined for any other name). */
export function parseGoldenFileName(fileName: string): ParsedGoldenName | undefined {
  if (!fileName.endsWith(GOLDEN_SUFFIX)) return undefined;
  let stem = fileName.slice(0, -GOLDEN_SUFFIX.length);
  let n = 1;
  let occurrence = 1;
  const call = /-([1-9]\d*)$/.exec(stem);
  if (call) {
    n = Number(call[1]);
    stem = stem.slice(0, call.index);
  }
  const occ = / \(([1-9]\d*)\)$/.exec(stem);
  if (occ) {
    occurrence = Number(occ[1]);
    stem = stem.slice(0, occ.index);
  }
  // Only canonical numbering: no `-1`, no ` (1)`.
  if (stem === '' || (call && n === 1) || (occ && occurrence === 1)) return undefined;
  return { base: stem, occurrence, n };
}

/**
 * The test name a name part stands for: the inverse of {@link escapeTestName}. Undefined for a
 * cut (hashed) name or a string that is no escaped name.
 */
export function decodeTestName(base: string): string | undefined {
  if (base === '~n') return '';
  let out = '';
  const re = /~u([0-9a-f]{4})|~v([0-9a-f]{6})|~([0-9a-f]{2})|\^([a-z])|([^~^])/gsuy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = re.exec(base)) !== null) {
    at = re.lastIndex;
    const code = m[1] ?? m[2] ?? m[3];
    if (code !== undefined) out += String.fromCodePoint(parseInt(code, 16));
    else if (m[4] !== undefined) out += m[4].toUpperCase();
    else out += m[5] as string;
  }
  if (at !== base.length) return undefined;
  return escapeTestName(out) === base ? out : undefined;
}

/**
 * The name envtrace ≤ 0.x gave a golden (before the injective encoding): letters, digits and a
 * few punctuation characters kept, the rest replaced by `_`, cut at 120 UTF-16 units, plus a
 * hash of the name when anything changed. Goldens found only under this name are read (and
 * moved to the new name under `-u`), so existing goldens do not become "new".
 */
export function legacyGoldenFileName(testName: string, n: number): string {
  let out = testName.replace(/[^\p{L}\p{N}\p{Pd} _.,()+=@#&'!~-]/gu, '_').replace(/_{2,}/g, '_');
  out = out.replace(/^[\s.]+|[\s.]+$/g, '');
  let changed = out !== testName;
  if (out.length > 120) {
    out = out.slice(0, 120).replace(/[\s.]+$/, '');
    changed = true;
  }
  if (out === '') {
    out = 'test';
    changed = true;
  }
  if (/^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i.test(out)) {
    out = `_${out}`;
    changed = true;
  }
  const stem = changed
    ? `${out}-${createHash('sha256').update(testName).digest('hex').slice(0, 8)}`
    : out;
  return `${stem}${n > 1 ? `-${n}` : ''}${GOLDEN_SUFFIX}`;
}
