import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldFileName } from './golden.js';
import {
  MAX_GOLDEN_FILE_BYTES,
  collidingNames,
  decodeReadableName,
  readableTestName,
  decodeTestName,
  escapeTestName,
  goldenBaseName,
  goldenFileName,
  legacyGoldenFileName,
  parseGoldenFileName,
} from './goldenName.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Characters that stress the encoding: case pairs, folding oddities, composition, separators, escapes. */
const tricky = fc.constantFrom(
  'a',
  'A',
  'z',
  'Z',
  'k',
  'K',
  '\u212a',
  's',
  'S',
  '\u017f',
  '\u00df',
  '\u1e9e',
  'i',
  'I',
  '\u0130',
  '\u0131',
  '\u03c3',
  '\u03a3',
  '\u03c2',
  '\u00e9',
  '\u00c9',
  'e\u0301',
  '\u0301',
  '\u212b',
  '\u00c5',
  '\u00e5',
  '\uf900',
  '\u8c48',
  '\uac00',
  '\u11a8',
  '\u1100',
  '\u1161',
  '\u01c5',
  '\u01c6',
  '\u01c4',
  '\u13a0',
  '\uab70',
  '/',
  '\\',
  ':',
  '*',
  '?',
  '"',
  '<',
  '>',
  '|',
  '~',
  '^',
  '%',
  '.',
  ' ',
  '-',
  '(',
  ')',
  '_',
  '#',
  '0',
  '1',
  '2',
  '9',
  '\u0000',
  '\n',
  '\u001b',
  '\u200d',
  '\u202e',
  '\ufe0f',
  '\ud800',
  '\udc00',
  '\ud83d\ude00',
  '\u3000',
  '\u00a0',
  '\u30c6',
  '\u30b9',
  '\u30c8',
  '\u65e5',
  '\u672c',
  'con',
  'nul',
  'COM1',
  '-2',
  ' (2)',
);
const name = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(tricky, { maxLength: 24 }).map((a) => a.join('')),
  fc.string({ unit: tricky, minLength: 60, maxLength: 200 }),
);
/** A variant of `s` that a case-folding, normalising file system might take for the same name. */
const variant = (s: string): fc.Arbitrary<string> =>
  fc
    .array(fc.integer({ min: 0, max: 3 }), { minLength: s.length, maxLength: s.length })
    .map((how) =>
      [...s]
        .map((c, i) => {
          switch (how[i]) {
            case 1:
              return c.toUpperCase();
            case 2:
              return c.toLowerCase();
            case 3:
              return c.normalize('NFD');
            default:
              return c;
          }
        })
        .join('')
        .normalize(how[0] === 3 ? 'NFC' : 'NFD'),
    );

describe('golden file names', () => {
  it('keeps ordinary names readable and marks upper case', () => {
    expect(goldenFileName('beamline scan matches its golden', 1, 1)).toBe(
      'beamline scan matches its golden.trace.json',
    );
    expect(goldenFileName('pick (v2), place #3 — ok!', 1, 1)).toBe(
      'pick (v2), place #3 — ok!.trace.json',
    );
    expect(goldenFileName('Case', 1, 1)).toBe('^case.trace.json');
    expect(goldenFileName('moves x', 1, 2)).toBe('moves x-2.trace.json');
    expect(goldenFileName('moves x', 3, 2)).toBe('moves x (3)-2.trace.json');
  });

  it('escapes separators and the escape characters, so distinct names never meet (issue 11 §5)', () => {
    expect(escapeTestName('a/b')).toBe('a~2fb');
    expect(escapeTestName('a_b-b63f42af')).toBe('a_b-b63f42af');
    expect(escapeTestName('~^')).toBe('~7e~5e');
    expect(goldenFileName('x-2', 1, 1)).not.toBe(goldenFileName('x', 1, 2));
    expect(goldenFileName('x (2)', 1, 1)).not.toBe(goldenFileName('x', 2, 1));
    expect(goldenFileName('Case', 1, 1).toLowerCase()).not.toBe(
      goldenFileName('case', 1, 1).toLowerCase(),
    );
    expect(escapeTestName('')).toBe('~n');
  });

  it('never yields a hidden file, a path, a Windows device name or a control character', () => {
    for (const n of [
      '..',
      '../../etc/passwd',
      '.hidden',
      '   ',
      '',
      '\u0000\u001b[31m',
      'x\n/..',
      'con',
      'nul.txt',
      'lpt1 x',
      '-rf',
    ]) {
      const f = goldenFileName(n, 1, 1);
      expect(f).not.toMatch(/^[.\s-]/);
      expect(f).not.toMatch(/[/\\:*?"<>|\u0000-\u001f\u007f]/);
      expect(f).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(?![\p{L}\p{N}_])/iu);
    }
  });

  it('fits the 87-character Japanese name of issue 11 §6 within the byte limit', () => {
    const ja =
      'ビームラインの走査が黄金トレースと一致し、検出器の露光時間とモーターの位置が正しい順序で記録されることを確認する長いテスト名です。'
        .repeat(2)
        .slice(0, 87);
    expect(ja.length).toBe(87);
    const f = goldenFileName(ja, 1, 1);
    expect(bytes(f)).toBeLessThanOrEqual(MAX_GOLDEN_FILE_BYTES);
    // 87 × 3 bytes does not fit: cut at a character, then the hash of the whole name.
    expect(f).toMatch(/~h[0-9a-f]{16}\.trace\.json$/);
    expect(f.startsWith(ja.slice(0, 40))).toBe(true);
    expect(goldenFileName(`${ja}!`, 1, 1)).not.toBe(f);
    // A short Japanese name stays as it is.
    expect(goldenFileName('走査が一致する', 1, 1)).toBe('走査が一致する.trace.json');
  });

  it('property: the escaping is injective (it decodes back) and never ends like a numbering suffix', () => {
    fc.assert(
      fc.property(name, (n) => {
        const e = escapeTestName(n);
        expect(decodeTestName(e)).toBe(n);
        expect(e).not.toMatch(/-\d+$| \(\d+\)$/);
        expect(e.toLowerCase()).toBe(e);
        expect(e.normalize('NFC')).toBe(e);
      }),
      { numRuns: 3000 },
    );
  });

  it('property: file names are distinct even to a case-folding, normalising file system', () => {
    fc.assert(
      fc.property(
        name.chain((a) => fc.tuple(fc.constant(a), fc.oneof(variant(a), name))),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        ([a, b], k, n) => {
          if (a === b) return;
          expect(foldFileName(goldenFileName(a, k, n))).not.toBe(
            foldFileName(goldenFileName(b, k, n)),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('property: every file name fits (with the atomic writer temp name) in 255 bytes and parses back', () => {
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ unit: 'binary', minLength: 100, maxLength: 400 })),
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.integer({ min: 1, max: 9_999_999_999 }),
        (n, k, call) => {
          const f = goldenFileName(n, k, call);
          expect(bytes(f)).toBeLessThanOrEqual(MAX_GOLDEN_FILE_BYTES);
          expect(bytes(`.${f}.4194304.0123456789ab.tmp`)).toBeLessThanOrEqual(255);
          expect(parseGoldenFileName(f)).toEqual({
            base: goldenBaseName(n),
            occurrence: k,
            n: call,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses numbers outside 1 … 10¹⁰ − 1', () => {
    expect(() => goldenFileName('x', 0, 1)).toThrow(RangeError);
    expect(() => goldenFileName('x', 1, 1e10)).toThrow(RangeError);
    expect(() => goldenFileName('x', 1, 1.5)).toThrow(RangeError);
  });

  it('parses only its own names', () => {
    expect(parseGoldenFileName('x-1.trace.json')).toBeUndefined();
    expect(parseGoldenFileName('x (1).trace.json')).toBeUndefined();
    expect(parseGoldenFileName('x.json')).toBeUndefined();
    expect(parseGoldenFileName('.trace.json')).toBeUndefined();
  });
});

describe('legacyGoldenFileName (names written before the encoding)', () => {
  it('reproduces the old sanitising, so old goldens are still found', () => {
    expect(legacyGoldenFileName('moves x', 1)).toBe('moves x.trace.json');
    expect(legacyGoldenFileName('moves x', 2)).toBe('moves x-2.trace.json');
    expect(legacyGoldenFileName('a/b', 1)).toMatch(/^a_b-[0-9a-f]{8}\.trace\.json$/);
    expect(legacyGoldenFileName('con', 1)).toMatch(/^_con-[0-9a-f]{8}\.trace\.json$/);
    expect(legacyGoldenFileName('Case', 1)).toBe('Case.trace.json');
  });
});

describe('readable golden names (issue 25 §7)', () => {
  it('keep the name as written where every file system allows it', () => {
    expect(goldenFileName('thermostat PID reaches 60 °C', 1, 1, 'readable')).toBe(
      'thermostat PID reaches 60 °C.trace.json',
    );
    expect(goldenFileName('Case', 2, 3, 'readable')).toBe('Case (2)-3.trace.json');
    expect(readableTestName('露光時間 Ärger ß ſ e\u0301')).toBe('露光時間 Ärger ß ſ e\u0301');
  });

  it('escape separators, Windows-reserved and invisible characters, ~ and ^, and the edges', () => {
    expect(readableTestName('a/b\\c')).toBe('a~2fb~5cc');
    expect(readableTestName('a:b*c?d"e<f>g|h')).toBe('a~3ab~2ac~3fd~22e~3cf~3eg~7ch');
    expect(readableTestName('~ and ^')).toBe('~7e and ~5e');
    expect(readableTestName('bell\u0007 tab\t del\u007f c1\u0085')).toBe(
      'bell~07 tab~09 del~7f c1~85',
    );
    // Invisible: zero-width space and joiner, BOM, line separator, a lone surrogate, private use.
    expect(readableTestName('a\u200bb\u200dc\ufeffd\u2028e\ud800f\ue000')).toBe(
      'a~u200bb~u200dc~ufeffd~u2028e~ud800f~ue000',
    );
    expect(readableTestName('.hidden')).toBe('~2ehidden');
    expect(readableTestName(' lead')).toBe('~20lead');
    expect(readableTestName('-flag')).toBe('~2dflag');
    expect(readableTestName('CON')).toBe('~43ON');
    expect(readableTestName('Lpt1 printer')).toBe('~4cpt1 printer');
    expect(readableTestName('console')).toBe('console');
    expect(readableTestName('x-2')).toBe('x~2d2');
    expect(readableTestName('x (2)')).toBe('x ~282)');
    expect(readableTestName('')).toBe('~n');
  });

  it('are injective and decode back to the name (property)', () => {
    fc.assert(
      fc.property(
        fc.array(tricky, { maxLength: 12 }).map((a) => a.join('')),
        fc.string(),
        (a, b) => {
          for (const name of [a, b, a + b]) {
            const r = readableTestName(name);
            expect(decodeReadableName(r)).toBe(name);
            expect(r).not.toMatch(/[/\\:*?"<>|^\u0000-\u001f]/);
          }
          if (a !== b) expect(readableTestName(a)).not.toBe(readableTestName(b));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never equal the escaped name of another test', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        if (a !== b) expect(readableTestName(a)).not.toBe(escapeTestName(b));
      }),
      { numRuns: 500 },
    );
  });

  it('fit the file-name limit, cut and hashed when long', () => {
    const long = 'Thermostat PID Überschwingen '.repeat(20);
    const name = goldenFileName(long, 12, 34, 'readable');
    expect(bytes(name)).toBeLessThanOrEqual(MAX_GOLDEN_FILE_BYTES);
    expect(name.startsWith('Thermostat PID Überschwingen')).toBe(true);
    expect(name).toMatch(/~h[0-9a-f]{16} \(12\)-34\.trace\.json$/);
    expect(goldenFileName(`${long}x`, 1, 1, 'readable')).not.toBe(
      goldenFileName(long, 1, 1, 'readable'),
    );
  });

  it('a real collision: names that differ only in case or normalisation (not repeats)', () => {
    expect(
      collidingNames(['Case', 'case', 'other', 'other', 'caf\u00e9', 'cafe\u0301', 'CAFÉ x']),
    ).toEqual(new Set(['Case', 'case', 'caf\u00e9', 'cafe\u0301']));
    expect(collidingNames(['thermostat PID reaches 60 °C', 'a/b', 'a~2fb'])).toEqual(new Set());
  });
});
