import { describe, expect, it } from 'vitest';
import { jsonChunks, RawJson, rawJsonText } from './report-json.js';
import { mulberry32 } from '../../report/run/stats.js';

const STRINGS = ['', 'a', 'é', '"quoted"', 'line\nbreak', '\u0000', '\u2028', 'x'.repeat(70_000)];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 1e-7, 123456789.123, Number.NaN, Number.POSITIVE_INFINITY];

/** A random JSON-ish value (with undefined members, holes, NaN) of depth ≤ `depth`. */
function value(rand: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  if (depth === 0 || r < 0.35) {
    return pick<unknown>([null, true, false, undefined, pick(STRINGS), pick(NUMBERS)]);
  }
  const n = Math.floor(rand() * 5);
  if (r < 0.65) {
    const arr: unknown[] = [];
    for (let i = 0; i < n; i++) arr.push(value(rand, depth - 1));
    if (rand() < 0.1) arr.length = n + 2; // holes
    return arr;
  }
  const obj: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    obj[pick(['k', 'a b', '"', 'é', '1', `${i}`])] = value(rand, depth - 1);
  return obj;
}

/** `v` with some object/array members replaced by `RawJson` of their own text, at their depth. */
function withRaw(v: unknown, space: number, rand: () => number, depth = 0): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (depth > 0 && rand() < 0.3) return new RawJson(rawJsonText(v, space, depth), depth);
  if (Array.isArray(v)) return v.map((x) => withRaw(x, space, rand, depth + 1));
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, withRaw(x, space, rand, depth + 1)]),
  );
}

describe('jsonChunks', () => {
  it.each([0, 2] as const)(
    'joins to JSON.stringify(value, null, %i), RawJson spliced in as its value',
    (space) => {
      const rand = mulberry32(space + 11);
      for (let i = 0; i < 400; i++) {
        const v = value(rand, 5);
        const expected = JSON.stringify(v, null, space) as string | undefined;
        if (expected === undefined) continue; // a bare undefined is no JSON text
        expect([...jsonChunks(v, space)].join('')).toBe(expected);
        expect([...jsonChunks(withRaw(v, space, rand), space)].join('')).toBe(expected);
      }
    },
  );

  it('keeps raw texts as their own chunks and the text between them in runs of ~64 KiB', () => {
    const raw = new RawJson('{"big":true}', 2);
    const chunks = [...jsonChunks({ a: [raw], b: 'x'.repeat(200_000), c: [raw] }, 0)];
    expect(chunks.filter((c) => c === raw.text)).toHaveLength(2);
    expect(chunks.join('')).toBe(
      JSON.stringify({ a: [{ big: true }], b: 'x'.repeat(200_000), c: [{ big: true }] }),
    );
  });

  it('refuses a RawJson indented for another depth (its lines would be misaligned)', () => {
    expect(() => [...jsonChunks({ a: { b: new RawJson('{}', 1) } }, 2)]).toThrow(
      'RawJson indented for depth 1 placed at depth 2',
    );
  });
});
