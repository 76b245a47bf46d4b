import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  loadCase,
  loadIndex,
  optionsOf,
  type Obj,
} from '../../test/conformance/harness.js';
import { evaluate, evaluateBestOf } from '../evaluate/evaluate.js';
import type { EvaluationResult, Mode } from '../evaluate/types.js';
import { stringifyPyJson } from '../py/json.js';
import { Trace } from '../trace/trace.js';
import {
  cutMarker,
  DEFAULT_MAX_STRING_LENGTH,
  DEFAULT_MAX_VALUE_ITEMS,
  itemsCutMarker,
  ITEMS_CUT_KEY,
  reportChunks,
} from './json-stream.js';
import { stringifyReport, toJsonReport } from './json.js';
import { withPythonFloats } from './pyfloats.js';

/** The serialiser before streaming: the whole report object through the general writer (the oracle). */
function treeReport(result: EvaluationResult): string {
  return stringifyPyJson(withPythonFloats(toJsonReport(result)), {
    indent: 2,
    nonFinite: 'string',
  });
}

/** Every evaluate / best-of case of the corpus, in both modes. */
function corpusResults(): Array<[string, () => EvaluationResult]> {
  if (!existsSync(CORPUS_DIR)) return [];
  const out: Array<[string, () => EvaluationResult]> = [];
  for (const entry of loadIndex()) {
    for (const mode of ['reference', 'default'] as Mode[]) {
      const c = loadCase(entry, mode);
      const input = c.input as Obj;
      if (c.kind === 'evaluate')
        out.push([
          `${entry.id} ${mode}`,
          () => evaluate(input['gt'] as never, input['pred'] as never, optionsOf(input, mode)),
        ]);
      else if (c.kind === 'best_of')
        out.push([
          `${entry.id} ${mode}`,
          () =>
            evaluateBestOf(input['gts'] as never, input['pred'] as never, optionsOf(input, mode)),
        ]);
    }
  }
  return out;
}

function attempt(run: () => EvaluationResult): EvaluationResult | undefined {
  try {
    return run();
  } catch {
    return undefined; // cases where the evaluation raises have no report
  }
}

describe('reportChunks on the conformance corpus', () => {
  const cases = corpusResults();

  it('covers the corpus', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(cases)('%s: streamed bytes equal the tree serialiser, lazy or built', (_id, run) => {
    const lazy = attempt(run);
    if (lazy === undefined) return;
    const streamed = stringifyReport(lazy);
    // The oracle builds the lists (on a report copy); the result itself stays lazy.
    expect(streamed).toBe(treeReport(lazy));
    // Reading the lists builds them on the result; the general item writer then gives the same bytes.
    const built = attempt(run)!;
    void built.alignment;
    void built.alignment_rows;
    void built.alignment_index;
    for (const m of Object.values(built.metrics)) void Object.values(m.details);
    expect(stringifyReport(built)).toBe(streamed);
    expect(streamed).not.toContain('report_caps');
  });
});

function trace(values: unknown[], channel = 'ch'): Trace {
  return Trace.from(values.map((value, i) => ({ channel, timestamp: i, value })));
}

describe('reportChunks', () => {
  it('yields chunks of about chunkSize that join to stringifyReport', () => {
    const gt = trace(Array.from({ length: 300 }, (_, i) => i));
    const pred = trace(Array.from({ length: 300 }, (_, i) => (i % 7 ? i : -i)));
    const r = evaluate(gt, pred, { aligner: 'difflib' });
    const chunks = [...reportChunks(r, { chunkSize: 1000 })];
    expect(chunks.length).toBeGreaterThan(20);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(1000);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(1000 + 500);
    expect(chunks.join('')).toBe(treeReport(r));
    expect(JSON.parse(chunks.join('')).alignment).toHaveLength(300);
  });

  it('does not build the per-pair lists of the result', () => {
    const r = evaluate(trace([1, 2, 3]), trace([1, 2, 4]), { aligner: 'difflib' });
    stringifyReport(r);
    expect(typeof Object.getOwnPropertyDescriptor(r, 'alignment')!.get).toBe('function');
    expect(
      typeof Object.getOwnPropertyDescriptor(r.metrics['discrete']!.details, 'aligned_gt')!.get,
    ).toBe('function');
  });

  it('cuts a string longer than maxStringLength with a marker and counts it in report_caps', () => {
    const big = 'x'.repeat(5000);
    const r = evaluate(trace([big, 'a']), trace([big, 'b']), { aligner: 'difflib' });
    const text = stringifyReport(r, { maxStringLength: 100 });
    const doc = JSON.parse(text);
    const cutValue = `${'x'.repeat(100)}${cutMarker(4900)}`;
    expect(doc.alignment[0][0][2]).toBe(cutValue);
    expect(doc.alignment_rows[0].pred.value).toBe(cutValue);
    expect(doc.metrics.discrete.details.aligned_gt[0][2]).toBe(cutValue);
    // gt and pred of: alignment, alignment_rows, aligned_gt/aligned_pred = 6 strings.
    expect(doc.report_caps).toEqual({
      max_string_length: 100,
      strings_cut: 6,
      characters_cut: 6 * 4900,
    });
    expect(Object.keys(doc).at(-1)).toBe('report_caps');
    expect(text.length).toBeLessThan(8000);
  });

  it('cuts strings nested in object values and never splits a surrogate pair', () => {
    const value = { note: `${'a'.repeat(9)}😀${'b'.repeat(50)}`, n: 1 };
    const r = evaluate(trace([value]), trace([value]), { aligner: 'difflib' });
    const doc = JSON.parse(stringifyReport(r, { maxStringLength: 10 }));
    expect(doc.alignment[0][0][2]).toEqual({ note: `${'a'.repeat(9)}${cutMarker(52)}`, n: 1 });
  });

  it('takes Infinity for no cap and rejects a limit that is not a whole number ≥ 1', () => {
    const big = 'q'.repeat(200_000);
    const r = evaluate(trace([big]), trace([big]), { aligner: 'difflib' });
    expect(stringifyReport(r, { maxStringLength: Infinity })).toBe(treeReport(r));
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => stringifyReport(r, { maxStringLength: bad })).toThrow(
        /maxStringLength must be a whole number ≥ 1 \(or Infinity\), got/,
      );
    }
    expect(() => [...reportChunks(r, { chunkSize: 0 })]).toThrow(/chunkSize must be/);
  });

  it('keeps a report under the default cap lossless and bounds a 5 MB value', () => {
    expect(DEFAULT_MAX_STRING_LENGTH).toBe(100_000);
    const ok = 'y'.repeat(DEFAULT_MAX_STRING_LENGTH);
    const r1 = evaluate(trace([ok]), trace([ok]), { aligner: 'difflib' });
    expect(stringifyReport(r1)).toBe(treeReport(r1));
    const huge = 'z'.repeat(5_000_000);
    const r2 = evaluate(trace([huge]), trace([huge]), { aligner: 'difflib' });
    const text = stringifyReport(r2);
    expect(text.length).toBeLessThan(7 * DEFAULT_MAX_STRING_LENGTH);
    expect(JSON.parse(text).report_caps.strings_cut).toBe(6);
  });

  it('cuts arrays and objects of an event value past maxValueItems, with a marker entry, and counts them', () => {
    const arr = Array.from({ length: 25 }, (_, i) => i);
    const obj = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
    const r = evaluate(trace([arr, obj]), trace([arr, obj]), { aligner: 'difflib' });
    const doc = JSON.parse(stringifyReport(r, { maxValueItems: 10 }));
    expect(doc.alignment[0][0][2]).toEqual([...arr.slice(0, 10), itemsCutMarker(15)]);
    expect(doc.alignment_rows[1].gt.value).toEqual({
      ...Object.fromEntries(Object.entries(obj).slice(0, 10)),
      [ITEMS_CUT_KEY]: itemsCutMarker(2),
    });
    expect(Object.keys(doc.metrics.discrete.details.aligned_pred[1][2]).at(-1)).toBe(ITEMS_CUT_KEY);
    // Each value appears 6 times (alignment, alignment_rows, aligned_gt/aligned_pred; gt and pred).
    expect(doc.report_caps).toEqual({
      max_string_length: DEFAULT_MAX_STRING_LENGTH,
      strings_cut: 0,
      characters_cut: 0,
      max_value_items: 10,
      containers_cut: 12,
      entries_cut: 6 * 15 + 6 * 2,
    });
    // The same cut when the per-pair lists were already built (the general serialiser).
    void r.alignment;
    void r.alignment_rows;
    void r.metrics['discrete']!.details['aligned_gt'];
    void r.metrics['discrete']!.details['aligned_pred'];
    expect(JSON.parse(stringifyReport(r, { maxValueItems: 10 }))).toEqual(doc);
    expect(() => stringifyReport(r, { maxValueItems: 0 })).toThrow(
      /maxValueItems must be a whole number/,
    );
  });

  it('keeps a value under the default item cap lossless and bounds a 500,000-number array value', () => {
    expect(DEFAULT_MAX_VALUE_ITEMS).toBe(10_000);
    const ok = Array.from({ length: DEFAULT_MAX_VALUE_ITEMS }, (_, i) => i);
    const r1 = evaluate(trace([ok]), trace([ok]), { aligner: 'difflib' });
    expect(stringifyReport(r1)).toBe(treeReport(r1));
    const huge = Array.from({ length: 500_000 }, (_, i) => i * 1.5);
    const r2 = evaluate(trace([huge]), trace([huge]), { aligner: 'difflib' });
    const text = stringifyReport(r2);
    expect(text.length).toBeLessThan(6 * 12 * 2 * DEFAULT_MAX_VALUE_ITEMS);
    expect(JSON.parse(text).report_caps).toMatchObject({
      containers_cut: 6,
      entries_cut: 6 * (500_000 - DEFAULT_MAX_VALUE_ITEMS),
    });
  });
});
