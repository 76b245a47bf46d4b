/**
 * Strict UTF-8 decoding for input files (traces, configs). Node's `'utf8'` decoding replaces an
 * invalid byte with U+FFFD, so `"\xff"` and `"\xfe"` would read as the same string and compare
 * equal: input that is not UTF-8 is refused instead, naming the byte offset of the first bad byte.
 */
import { Buffer, isUtf8 } from 'node:buffer';

/** Bytes that are not valid UTF-8: `offset` (0-based, in the whole input) and the byte found there. */
export class Utf8DecodeError extends Error {
  readonly offset: number;
  readonly byte: number | undefined;
  constructor(offset: number, byte: number | undefined) {
    super(
      byte === undefined
        ? `not valid UTF-8: the input ends inside a multi-byte character at byte offset ${offset}`
        : `not valid UTF-8: byte 0x${byte.toString(16).padStart(2, '0')} at byte offset ${offset}`,
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

function fail(bytes: Uint8Array, base: number): never {
  const at = invalidUtf8Offset(bytes);
  const local = at < 0 ? bytes.length : at;
  throw new Utf8DecodeError(base + local, at < 0 ? undefined : bytes[at]);
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
    if (!isUtf8(head)) fail(head, this.offset);
    this.carry = Buffer.from(bytes.subarray(cut));
    this.offset += cut;
    return head;
  }

  /** Ends the stream: held-back bytes of an unfinished character are an error. */
  end(): void {
    if (this.carry.length === 0) return;
    fail(this.carry, this.offset);
  }
}
