/**
 * Strict UTF-8 decoding for input files (traces, configs). Node's `'utf8'` decoding replaces an
 * invalid byte with U+FFFD, so `"\xff"` and `"\xfe"` would read as the same string and compare
 * equal: input that is not UTF-8 is refused instead, naming the byte offset of the first bad byte.
 */
import { Buffer, isAscii, isUtf8 } from 'node:buffer';

/** Bytes that are not valid UTF-8: `offset` (0-based, in the whole input) and the byte found there. */
export class Utf8DecodeError extends Error {
  readonly offset: number;
  readonly byte: number | undefined;
  /** `hint`: what the bytes look like instead (`encodingHint`), appended to the message. */
  constructor(offset: number, byte: number | undefined, hint?: string) {
    super(
      (byte === undefined
        ? `not valid UTF-8: the input ends inside a multi-byte character at byte offset ${offset}`
        : `not valid UTF-8: byte 0x${byte.toString(16).padStart(2, '0')} at byte offset ${offset}`) +
        (hint === undefined ? '' : `: ${hint}`),
    );
    this.name = 'Utf8DecodeError';
    this.offset = offset;
    this.byte = byte;
  }
}

/**
 * Offset of the first byte of `bytes` that starts no valid UTF-8 sequence (an unexpected
 * continuation byte, an overlong form, a surrogate, a code point above U+10FFFF, or a sequence
 * cut short), or -1 when all of `bytes` is valid UTF-8.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) need = 2;
    else if (c >= 0xf0 && c <= 0xf4) need = 3;
    else return i;
    if (i + need >= n) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    const c1 = bytes[i + 1]!;
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k <= need; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return -1;
}

/** Compressed and archive formats by their magic number, with the command that unpacks one. */
const PACKED: ReadonlyArray<readonly [readonly number[], string]> = [
  [[0x1f, 0x8b], 'gzip-compressed; decompress it first (gunzip -k FILE)'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'zstd-compressed; decompress it first (zstd -d FILE)'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'xz-compressed; decompress it first (unxz -k FILE)'],
  [[0x42, 0x5a, 0x68], 'bzip2-compressed; decompress it first (bunzip2 -k FILE)'],
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive; extract the trace from it first (unzip FILE)'],
  // ROS 2 bags, binary: read by their path (loadTrace, the CLI), never as text from a pipe.
  [
    [0x89, 0x4d, 0x43, 0x41, 0x50, 0x30, 0x0d, 0x0a],
    'an MCAP file (a ROS 2 bag), which is read from its file, not from a pipe or as text; save it to a file and give its path (or its run directory)',
  ],
  [
    [...Buffer.from('SQLite format 3\0', 'latin1')],
    'a SQLite database (a ROS 2 .db3 bag?), which is read from its file, not from a pipe or as text; save it to a file and give its path (or its run directory)',
  ],
  [
    [0xff, 0xfe, 0x00, 0x00],
    'UTF-32 (little-endian byte order mark FF FE 00 00); save it as UTF-8',
  ],
  [[0xff, 0xfe], 'UTF-16 (little-endian byte order mark FF FE); save it as UTF-8'],
  [[0xfe, 0xff], 'UTF-16 (big-endian byte order mark FE FF); save it as UTF-8'],
];

/**
 * A zip that is a spreadsheet workbook, told by the entry names every such file holds (stored as
 * plain text in the zip's headers): the advice is then to save the sheet as CSV, not to unzip it.
 */
function zipKind(bytes: Uint8Array): string | undefined {
  const b = asBuffer(bytes);
  if (b.length < 4 || b.readUInt32LE(0) !== 0x04034b50) return undefined;
  if (b.includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'))
    return 'an OpenDocument spreadsheet (.ods); save the sheet as CSV (UTF-8) and give that';
  if (b.includes('xl/workbook.xml'))
    return 'an Excel workbook (.xlsx); save the sheet as CSV UTF-8 and give that';
  return undefined;
}

/**
 * What bytes that are not UTF-8 look like instead, for the error message: a compressed file or
 * UTF-16/32 by the first bytes of the input (`head`), else a single-byte encoding (Windows-1252
 * or Latin-1, as Excel's "CSV (Comma delimited)" saves text) when the bad byte at `at` of
 * `bytes` is a lone high byte and all before it was ASCII (`asciiBefore`: the input before
 * `bytes`; text with UTF-8 characters before a bad byte is UTF-8 with a broken byte);
 * `undefined` when neither.
 */
export function encodingHint(
  bytes: Uint8Array,
  at: number,
  head: Uint8Array,
  asciiBefore = true,
): string | undefined {
  for (const [magic, what] of PACKED)
    if (magic.every((b, k) => head[k] === b)) return `the file is ${zipKind(bytes) ?? what}`;
  if (!asciiBefore || (head.length > 0 && head[0]! >= 0x80) || !isAscii(bytes.subarray(0, at)))
    return undefined;
  const byte = bytes[at];
  // 0xFE and 0xFF ("þ", "ÿ") are rare in text of any single-byte encoding.
  if (byte === undefined || byte < 0x80 || byte > 0xfd) return undefined;
  // Text: the bad byte stands alone before an ASCII byte (or the end).
  const next = bytes[at + 1];
  if (next !== undefined && next >= 0x80) return undefined;
  return 'a single-byte encoding such as Windows-1252 or Latin-1? Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)';
}

/** `bytes` start at `base` in the input, whose first bytes are `head` and were ASCII before `bytes` when `asciiBefore`. */
function fail(
  bytes: Uint8Array,
  base: number,
  head: Uint8Array = bytes,
  asciiBefore = true,
): never {
  const at = invalidUtf8Offset(bytes);
  const local = at < 0 ? bytes.length : at;
  throw new Utf8DecodeError(
    base + local,
    at < 0 ? undefined : bytes[at],
    at < 0 ? undefined : encodingHint(bytes, at, head, asciiBefore),
  );
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * `bytes` as text; throws `Utf8DecodeError` (with the byte offset) when they are not UTF-8. A
 * leading byte order mark is kept (as U+FEFF), like `readFile(file, 'utf8')`.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  if (!isUtf8(bytes)) fail(bytes, 0);
  return asBuffer(bytes).toString('utf8');
}

/**
 * The UTF-16 byte order `bytes` declare by a byte order mark (`FF FE`, not followed by `00 00`,
 * which is UTF-32's; `FE FF`), as Excel's "Unicode Text" and LibreOffice's "Unicode" CSV start;
 * `undefined` for any other start. Text without a mark is never taken for UTF-16.
 */
export function utf16ByteOrder(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (head[0] === 0xff && head[1] === 0xfe && !(head[2] === 0 && head[3] === 0)) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Bytes after a UTF-16 byte order mark that are not UTF-16 (an odd length, a lone surrogate). */
export class Utf16DecodeError extends Error {
  constructor(order: 'utf-16le' | 'utf-16be', length: number) {
    super(
      `not valid ${order === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'} after its byte order mark (${
        length % 2 === 1
          ? `${length} bytes, an odd number`
          : 'a lone surrogate: a character cut in half'
      }); save it as UTF-8`,
    );
    this.name = 'Utf16DecodeError';
  }
}

/**
 * An input file's text: UTF-8 (strict, as `decodeUtf8`), or UTF-16 when it starts with a byte
 * order mark (strict too: `Utf16DecodeError`). The mark is kept as U+FEFF, as `decodeUtf8` keeps
 * UTF-8's, so every reader sees one kind of start.
 */
export function decodeText(bytes: Uint8Array): string {
  const order = utf16ByteOrder(bytes);
  if (order === undefined) return decodeUtf8(bytes);
  try {
    return new TextDecoder(order, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Utf16DecodeError(order, bytes.length);
  }
}

/** Length of the complete UTF-8 sequences at the start of `bytes` (an incomplete last one is held back). */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  // Look back at most 3 bytes for the lead byte of the last sequence.
  for (let back = 1; back <= Math.min(3, n); back++) {
    const c = bytes[n - back]!;
    if ((c & 0xc0) === 0x80) continue; // continuation byte
    // Only a valid lead byte can start a character the next chunk completes.
    const size = c >= 0xf5 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 1;
    return size > back ? n - back : n;
  }
  return n;
}

/**
 * Decodes UTF-8 fed in chunks (a file stream), strictly: a multi-byte character split across
 * chunks is joined, and the first invalid byte throws `Utf8DecodeError` with its offset in the
 * whole stream.
 */
export class Utf8StreamDecoder {
  private carry: Buffer = Buffer.alloc(0);
  /** Bytes before `carry` in the stream. */
  private offset = 0;
  /** The first bytes of the stream (for `encodingHint`), and whether all bytes so far were ASCII. */
  private head: Buffer = Buffer.alloc(0);
  private ascii = true;

  /** The text of the complete characters so far. */
  push(chunk: Uint8Array): string {
    return this.take(chunk).toString('utf8');
  }

  /** Like `push`, but only checks the bytes (no text is made): for the rest of a stream whose text is no longer wanted. */
  skip(chunk: Uint8Array): void {
    this.take(chunk);
  }

  /** The complete characters of `carry + chunk`, checked; an unfinished last one is kept (copied: `chunk` may be reused). */
  private take(chunk: Uint8Array): Buffer {
    const bytes = this.carry.length === 0 ? asBuffer(chunk) : Buffer.concat([this.carry, chunk]);
    const cut = completeLength(bytes);
    const head = bytes.subarray(0, cut);
    if (this.head.length < 8)
      this.head = Buffer.concat([this.head, asBuffer(chunk).subarray(0, 8 - this.head.length)]);
    if (!isUtf8(head)) fail(head, this.offset, this.head, this.ascii);
    this.ascii &&= isAscii(head);
    this.carry = Buffer.from(bytes.subarray(cut));
    this.offset += cut;
    return head;
  }

  /** Ends the stream: held-back bytes of an unfinished character are an error. */
  end(): void {
    if (this.carry.length === 0) return;
    fail(this.carry, this.offset, this.head, this.ascii);
  }
}
