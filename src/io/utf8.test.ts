import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import {
  decodeText,
  decodeUtf8,
  encodingHint,
  utf16ByteOrder,
  invalidUtf8Offset,
  Utf8DecodeError,
  Utf8StreamDecoder,
} from './utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const enc = (s: string) => new TextEncoder().encode(s);

function decodeError(run: () => unknown): Utf8DecodeError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(Utf8DecodeError);
    return e as Utf8DecodeError;
  }
  throw new Error('decoded');
}

describe('invalidUtf8Offset', () => {
  it('accepts valid UTF-8 of every length, including the edges', () => {
    for (const s of [
      '',
      'ascii',
      'Größe',
      '温度',
      '🙂',
      '\u{10FFFF}',
      '\u{D7FF}\u{E000}',
      '\u0080\u07FF\u0800\uFFFF\u{10000}',
    ]) {
      expect(invalidUtf8Offset(enc(s)), s).toBe(-1);
    }
  });

  it('finds the first bad byte: stray continuation, bad lead, overlong, surrogate, too large, cut short', () => {
    expect(invalidUtf8Offset(bytes(0x61, 0xff))).toBe(1);
    expect(invalidUtf8Offset(bytes(0x61, 0x80))).toBe(1);
    expect(invalidUtf8Offset(bytes(0xc0, 0x80))).toBe(0); // overlong NUL
    expect(invalidUtf8Offset(bytes(0xe0, 0x80, 0x80))).toBe(0); // overlong
    expect(invalidUtf8Offset(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800
    expect(invalidUtf8Offset(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // U+110000
    expect(invalidUtf8Offset(bytes(0x61, 0x62, 0xe6, 0xb8))).toBe(2); // cut short
    expect(invalidUtf8Offset(bytes(0xe6, 0x41, 0x80))).toBe(0); // continuation missing
  });

  it('agrees with the WHATWG fatal decoder on every 1- and 2-byte input', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const valid = (b: Uint8Array) => {
      try {
        fatal.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    for (let a = 0; a < 256; a++) {
      expect(invalidUtf8Offset(bytes(a)) === -1, `${a}`).toBe(valid(bytes(a)));
      for (let b = 0x70; b < 0xc8; b++)
        expect(invalidUtf8Offset(bytes(a, b)) === -1, `${a} ${b}`).toBe(valid(bytes(a, b)));
    }
  });
});

describe('decodeUtf8', () => {
  it('decodes valid text, keeping a BOM', () => {
    expect(decodeUtf8(enc('\uFEFF{"a": "é"}'))).toBe('\uFEFF{"a": "é"}');
  });

  it('refuses "\\xff" and "\\xfe" instead of reading both as U+FFFD, naming the offset and byte', () => {
    const a = decodeError(() =>
      decodeUtf8(Uint8Array.from([...enc('{"v": "'), 0xff, ...enc('"}')])),
    );
    expect(a.message).toBe('not valid UTF-8: byte 0xff at byte offset 7');
    expect(decodeError(() => decodeUtf8(bytes(0x22, 0xfe, 0x22))).offset).toBe(1);
    expect(decodeError(() => decodeUtf8(bytes(0x22, 0xe6))).message).toBe(
      'not valid UTF-8: byte 0xe6 at byte offset 1: a single-byte encoding such as Windows-1252 or Latin-1? Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)',
    );
  });
});

describe('Utf8StreamDecoder', () => {
  it('joins a character split across chunks, at every split point', () => {
    const all = enc('a🙂b温c');
    for (let cut = 0; cut <= all.length; cut++) {
      const d = new Utf8StreamDecoder();
      const text = d.push(all.subarray(0, cut)) + d.push(all.subarray(cut));
      d.end();
      expect(text, `cut ${cut}`).toBe('a🙂b温c');
    }
  });

  it('reports the offset in the whole stream, and a character cut off at the end', () => {
    const d = new Utf8StreamDecoder();
    d.push(enc('0123456789'));
    expect(decodeError(() => d.push(bytes(0x41, 0xfe))).offset).toBe(11);
    const e = new Utf8StreamDecoder();
    expect(e.push(Uint8Array.from([...enc('ab'), 0xf0, 0x9f]))).toBe('ab');
    const err = decodeError(() => e.end());
    expect(err.offset).toBe(2);
    expect(err.message).toContain('at byte offset 2');
  });
});

describe('encodingHint: what bytes that are not UTF-8 are instead', () => {
  const fails = (bytes: Uint8Array): string => {
    try {
      decodeUtf8(bytes);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('expected a throw');
  };

  it('names a compressed file, an archive or UTF-16/32 by its first bytes', () => {
    expect(fails(gzipSync('{"channel": "a", "timestamp": 0, "value": 1}\n'))).toBe(
      'not valid UTF-8: byte 0x8b at byte offset 1: the file is gzip-compressed; decompress it first (gunzip -k FILE)',
    );
    expect(
      encodingHint(bytes(0x28, 0xb5, 0x2f, 0xfd, 0), 1, bytes(0x28, 0xb5, 0x2f, 0xfd)),
    ).toContain('zstd');
    expect(encodingHint(bytes(0x42, 0x5a, 0x68, 0x39, 0xcc), 4, bytes(0x42, 0x5a, 0x68))).toContain(
      'bzip2',
    );
    expect(encodingHint(bytes(0xff, 0xfe, 0x7b, 0), 0, bytes(0xff, 0xfe, 0x7b, 0))).toContain(
      'UTF-16',
    );
    expect(encodingHint(bytes(0xff, 0xfe, 0, 0), 0, bytes(0xff, 0xfe, 0, 0))).toContain('UTF-32');
    // A workbook is a zip too; its entry names say which (e2e: the files LibreOffice saves).
    const zip = (name: string) =>
      Buffer.concat([bytes(0x50, 0x4b, 3, 4, 0x14, 0, 0x08, 0x08, 0x83), Buffer.from(name)]);
    expect(fails(zip('xl/workbook.xml'))).toContain('an Excel workbook (.xlsx); save the sheet');
    expect(fails(zip('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'))).toContain(
      'an OpenDocument spreadsheet (.ods)',
    );
    expect(fails(zip('word/document.xml'))).toContain('a zip archive');
    // The magic number must be the input's first bytes.
    expect(encodingHint(bytes(0x41, 0x8b), 1, bytes(0x41))).toContain('single-byte');
    expect(encodingHint(bytes(0x61, 0xff, 0x61), 1, bytes(0x61))).toBeUndefined();
  });

  it('suggests a single-byte encoding for a lone high byte, not for a cut multi-byte character', () => {
    expect(fails(Buffer.from('channel,timestamp,value\nTemp °C,0,1\n', 'latin1'))).toBe(
      'not valid UTF-8: byte 0xb0 at byte offset 29: a single-byte encoding such as Windows-1252 or Latin-1? Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)',
    );
    // "€" (E2 82 AC) cut after two bytes: a broken UTF-8 file, not another encoding.
    expect(encodingHint(bytes(0x61, 0xe2, 0x82, 0x61), 1, bytes(0x61))).toBeUndefined();
    // A UTF-8 text with a broken byte is no other encoding: no hint after a UTF-8 character.
    expect(fails(Buffer.concat([Buffer.from('温度 '), bytes(0xb0)]))).toBe(
      'not valid UTF-8: byte 0xb0 at byte offset 7',
    );
    const stream = new Utf8StreamDecoder();
    stream.push(Buffer.from('温度\n'));
    expect(decodeError(() => stream.push(bytes(0x41, 0xb0))).message).toBe(
      'not valid UTF-8: byte 0xb0 at byte offset 8',
    );
    const gz = new Utf8StreamDecoder();
    gz.push(bytes(0x1f));
    expect(decodeError(() => gz.push(bytes(0x8b))).message).toContain('gzip-compressed');
    expect(fails(Uint8Array.from([0x61, 0xe2, 0x82, 0x61]))).toBe(
      'not valid UTF-8: byte 0xe2 at byte offset 1',
    );
  });
});

describe('decodeText: UTF-8, or UTF-16 after its byte order mark', () => {
  const utf16 = (s: string, order: 'le' | 'be') => {
    const le = Buffer.from(`\ufeff${s}`, 'utf16le');
    return order === 'le' ? le : le.swap16();
  };

  it('reads UTF-16 in either byte order, keeping the mark as UTF-8 keeps its own', () => {
    const text = 'time\tchannel\tvalue\r\n0\tTemp °C\t1,5\r\n';
    for (const order of ['le', 'be'] as const) {
      expect(utf16ByteOrder(utf16(text, order))).toBe(`utf-16${order}`);
      expect(decodeText(utf16(text, order))).toBe(`\ufeff${text}`);
    }
    expect(decodeText(enc(`\ufeff${text}`))).toBe(`\ufeff${text}`);
    // Characters beyond the BMP (surrogate pairs) too.
    expect(decodeText(utf16('🛰 ok', 'le'))).toBe('\ufeff🛰 ok');
  });

  it('takes UTF-16 only by its mark: UTF-32 and text without a mark are not', () => {
    expect(utf16ByteOrder(bytes(0xff, 0xfe, 0, 0))).toBeUndefined();
    expect(utf16ByteOrder(Buffer.from('{}', 'utf16le'))).toBeUndefined();
    expect(() => decodeText(Buffer.from('é', 'utf16le'))).toThrow(Utf8DecodeError);
  });

  it('refuses UTF-16 that is cut or holds a lone surrogate', () => {
    expect(() => decodeText(Buffer.concat([utf16('ab', 'le'), bytes(0x41)]))).toThrow(
      'not valid UTF-16LE after its byte order mark (7 bytes, an odd number); save it as UTF-8',
    );
    expect(() => decodeText(bytes(0xfe, 0xff, 0xd8, 0x00, 0x00, 0x41))).toThrow(
      'not valid UTF-16BE after its byte order mark (a lone surrogate: a character cut in half); save it as UTF-8',
    );
  });
});
