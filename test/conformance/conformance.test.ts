import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  check,
  diff,
  loadCase,
  loadIndex,
  runCase,
  type Case,
  type Outcome,
} from './harness.js';
import { DEFAULT_MODE_DEVIATIONS, type Deviation, type FixId } from './deviations.js';

const index = existsSync(CORPUS_DIR) ? loadIndex() : [];
const deviations = new Map<string, Deviation>(DEFAULT_MODE_DEVIATIONS.map((d) => [d.id, d]));
const FIX_IDS: ReadonlySet<FixId> = new Set([
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'B8',
  'B9',
  'B10',
  'B11',
  'T1',
  'S1',
]);

/** An outcome as a document that pointers address: the result, or `{error: {name, message}}`. */
function documentOf(outcome: Outcome): unknown {
  if (outcome.ok) return outcome.value;
  const e = outcome.error;
  return {
    error:
      e instanceof Error
        ? { name: e.name, message: e.message }
        : { name: typeof e, message: String(e) },
  };
}

/** The reference's outcome for a case, addressed the same way (a raise becomes `{error: {name: <Python type>, message}}`). */
function referenceDocument(c: Case): unknown {
  const err = c.expected['error'] as { type: string; message: string } | undefined;
  return err ? { error: { name: err.type, message: err.message } } : c.expected;
}

const MISSING = Symbol('missing');

/** RFC 6901 JSON Pointer lookup; MISSING when a step does not exist. */
function at(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let cur: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key))
      return MISSING;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Why `actual` does not satisfy `want` (empty = it does): harness tolerance, RegExp(s) match, undefined = absent. */
function mismatch(want: unknown, actual: unknown, pointer: string): string[] {
  if (want === undefined)
    return actual === MISSING
      ? []
      : [`${pointer}: expected to be absent, got ${JSON.stringify(actual)}`];
  if (actual === MISSING) return [`${pointer}: missing`];
  const patterns =
    want instanceof RegExp
      ? [want]
      : Array.isArray(want) && want.length > 0 && want.every((w) => w instanceof RegExp)
        ? want
        : null;
  if (patterns) {
    if (typeof actual !== 'string')
      return [
        `${pointer}: expected a string matching ${patterns.join(', ')}, got ${String(actual)}`,
      ];
    return patterns
      .filter((p) => !p.test(actual))
      .map((p) => `${pointer}: ${JSON.stringify(actual)} does not match ${p}`);
  }
  return diff(want, actual, pointer);
}

describe('conformance corpus', () => {
  it('is vendored in test/conformance/cases', () => {
    expect(existsSync(CORPUS_DIR), `missing ${CORPUS_DIR}`).toBe(true);
    expect(index.length).toBe(165);
  });
});

describe('reference mode reproduces every case', () => {
  it.each(index.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
    const c = loadCase(entry);
    expect(check(c, runCase(c, 'reference'))).toEqual([]);
  });
});

describe('default mode matches the reference or shows the documented fix', () => {
  it.each(index.map((e) => [e.id, e] as const))('%s', (id, entry) => {
    const c = loadCase(entry, 'default');
    const outcome = runCase(c, 'default');
    const diffs = check(c, outcome);
    const dev = deviations.get(id);
    if (dev === undefined) {
      expect(diffs, `${id} deviates from the reference but is not listed in deviations.ts`).toEqual(
        [],
      );
      return;
    }
    expect(
      diffs.length,
      `${id} is listed as a deviation (${String(dev.fix)}) but matches the reference`,
    ).toBeGreaterThan(0);
    const doc = documentOf(outcome);
    const problems = Object.entries(dev.expect).flatMap(([pointer, want]) =>
      mismatch(want, at(doc, pointer), pointer),
    );
    expect(problems, `${id}: the effect of ${String(dev.fix)} (${dev.why})`).toEqual([]);
    // The reference numbers the derivation starts from are what the corpus holds.
    const ref = referenceDocument(c);
    const refProblems = Object.entries(dev.reference ?? {}).flatMap(([pointer, want]) =>
      mismatch(want, at(ref, pointer), pointer),
    );
    expect(refProblems, `${id}: the reference numbers quoted in deviations.ts`).toEqual([]);
    // The listed effect is a change: at least one listed field has another value in the reference.
    const changed = Object.entries(dev.expect).filter(
      ([pointer, want]) => mismatch(want, at(ref, pointer), pointer).length > 0,
    );
    expect(
      changed.length,
      `${id}: every listed field already has that value in the reference; list the fields the fix changes`,
    ).toBeGreaterThan(0);
  });

  it('lists each deviation once, for a corpus case, with a fix id, an effect and a reason', () => {
    expect(deviations.size).toBe(DEFAULT_MODE_DEVIATIONS.length);
    for (const d of DEFAULT_MODE_DEVIATIONS) {
      expect(
        index.some((e) => e.id === d.id),
        `${d.id} is not a corpus case`,
      ).toBe(true);
      for (const f of typeof d.fix === 'string' ? [d.fix] : d.fix)
        expect(FIX_IDS.has(f), `${d.id}: unknown fix ${f}`).toBe(true);
      expect(Object.keys(d.expect).length, `${d.id}: no expected effect`).toBeGreaterThan(0);
      for (const p of Object.keys(d.expect))
        expect(p, `${d.id}: not a JSON Pointer`).toMatch(/^\//);
      expect(d.why.length, `${d.id}: no derivation`).toBeGreaterThan(20);
    }
  });

  it('every thrown deviation is a typed envtrace error, never a stray TypeError', () => {
    for (const d of DEFAULT_MODE_DEVIATIONS) {
      const name = d.expect['/error/name'];
      if (name !== undefined) expect(['ConfigError', 'TraceError'], d.id).toContain(name);
    }
  });
});

describe('the deviation checker itself', () => {
  it('addresses results and errors by JSON Pointer, escaping ~ and /', () => {
    expect(at({ a: { 'b/c': { '~d': 1 } } }, '/a/b~1c/~0d')).toBe(1);
    expect(at({ a: [10, 20] }, '/a/1')).toBe(20);
    expect(at({ a: 1 }, '/b')).toBe(MISSING);
    expect(documentOf({ ok: false, error: new RangeError('x') })).toEqual({
      error: { name: 'RangeError', message: 'x' },
    });
  });

  it('compares numbers with the harness tolerance and rejects a wrong value', () => {
    expect(mismatch(0.1 + 0.2, 0.3, '/x')).toEqual([]);
    expect(mismatch(0.9, 0.9000001, '/x')).toHaveLength(1);
    expect(mismatch(Number.NaN, Number.NaN, '/x')).toEqual([]);
    expect(mismatch(true, false, '/x')).toHaveLength(1);
    expect(mismatch(['continuous'], [], '/x').length).toBeGreaterThan(0);
  });

  it('matches messages by pattern(s) and checks absence', () => {
    expect(mismatch([/a/, /b/], 'ab', '/m')).toEqual([]);
    expect(mismatch([/a/, /z/], 'ab', '/m')).toHaveLength(1);
    expect(mismatch(/a/, 3, '/m')).toHaveLength(1);
    expect(mismatch(undefined, MISSING, '/m')).toEqual([]);
    expect(mismatch(undefined, 1, '/m')).toHaveLength(1);
    expect(mismatch(1, MISSING, '/m')).toEqual(['/m: missing']);
  });
});
