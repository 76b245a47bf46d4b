/**
 * Checks of the Python value layer against the conformance corpus, whose files were written by
 * Python's `json` module (floats as `repr`) from the reference's own outputs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ReferenceRaise } from '../errors.js';
import { isclose, pyFloat } from './float.js';
import { decodeNonFinite, parsePyJson, stringifyPyJson } from './json.js';
import { pyStr } from './str.js';
import { isPyNumber, pyKind } from './value.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpusDir = path.resolve(repoRoot, 'test/conformance/cases');
const files = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** Number tokens of JSON text in document order (outside strings). */
function numberTokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400)) as RegExpExecArray;
      out.push(m[0]);
      i += m[0].length;
    } else i++;
  }
  return out;
}

interface Row {
  gt: { channel: string; value: unknown } | null;
  pred: { channel: string; value: unknown } | null;
  match: boolean | null;
}
interface ComparatorSpec {
  type: 'exact' | 'numeric_tolerance' | 'always_true';
  tol?: number;
}

/** README Q6–Q8: the reference comparators, on top of this layer's float/isclose/str. */
function compare(spec: ComparatorSpec, a: unknown, b: unknown): boolean {
  if (spec.type === 'always_true') return true;
  if (isPyNumber(a) && isPyNumber(b)) {
    return spec.type === 'exact'
      ? pyFloat(a) === pyFloat(b)
      : isclose(pyFloat(a), pyFloat(b), spec.tol ?? 1e-3, 0);
  }
  return pyStr(a) === pyStr(b);
}

describe('conformance corpus', () => {
  it('has files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)(
    '%s: parses like JSON.parse and Python number tokens survive stringify',
    (file) => {
      const text = readFileSync(path.join(corpusDir, file), 'utf8');
      const doc = parsePyJson(text, { file });
      expect(parsePyJson(text, { preserveNumberKinds: false })).toEqual(JSON.parse(text));
      // Every float token was written by Python's repr, every int token by str(int):
      // re-serialising must reproduce the same token sequence.
      const source = numberTokens(text);
      expect(numberTokens(stringifyPyJson(doc))).toEqual(source);
      expect(numberTokens(stringifyPyJson(doc, { indent: 1 }))).toEqual(source);
    },
  );

  const pyreprCases = files.filter((f) => {
    const c = JSON.parse(readFileSync(path.join(corpusDir, f), 'utf8')) as {
      tags?: string[];
      kind: string;
    };
    return c.kind === 'evaluate' && (c.tags ?? []).includes('pyrepr');
  });

  it('finds the pyrepr cases (pub-043…053, pub-163)', () => {
    expect(pyreprCases.length).toBeGreaterThanOrEqual(12);
  });

  it.each(pyreprCases)(
    '%s: alignment_rows[*].match follow Python str()/float()/isclose',
    (file) => {
      const text = readFileSync(path.join(corpusDir, file), 'utf8');
      const doc = parsePyJson(text, { file }) as {
        nonfinite_paths?: string[];
        input: {
          config: {
            comparators?: { default?: ComparatorSpec; by_channel?: Record<string, ComparatorSpec> };
          };
        };
        expected: { alignment_rows: Row[] };
      };
      decodeNonFinite(doc, doc.nonfinite_paths ?? []);
      const comparators = doc.input.config.comparators ?? {};
      let checked = 0;
      for (const row of doc.expected.alignment_rows) {
        if (row.gt === null || row.pred === null) {
          expect(row.match).toBeNull();
          continue;
        }
        if (row.gt.channel !== row.pred.channel) continue; // B1: channel mismatch, not a value question
        const spec = comparators.by_channel?.[row.gt.channel] ??
          comparators.default ?? { type: 'numeric_tolerance', tol: 1e-3 };
        expect([row.gt.value, row.pred.value, compare(spec, row.gt.value, row.pred.value)]).toEqual(
          [row.gt.value, row.pred.value, row.match],
        );
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('pub-053: big ints keep all digits for str() and round for float()', () => {
    const file = files.find((f) => f.startsWith('pub-053')) as string;
    const doc = parsePyJson(readFileSync(path.join(corpusDir, file), 'utf8')) as {
      expected: { alignment_rows: Row[] };
    };
    const values = doc.expected.alignment_rows.flatMap((r) => [r.gt?.value, r.pred?.value]);
    const bigs = values.filter((v) => typeof v === 'bigint');
    expect(bigs).toContain(12345678901234567890n);
    expect(pyStr(12345678901234567890n)).toBe('12345678901234567890');
    expect(pyFloat(9007199254740993n)).toBe(pyFloat(9007199254740992n));
  });

  it('pub-076/077/078: float() of continuous values and its errors', () => {
    const load = (prefix: string) =>
      parsePyJson(
        readFileSync(
          path.join(corpusDir, files.find((f) => f.startsWith(prefix)) as string),
          'utf8',
        ),
      ) as {
        input: { gt: { events: { value: unknown }[] }; pred: { events: { value: unknown }[] } };
        expected: { error?: { type: string; message: string } };
      };
    const ok = load('pub-076');
    for (const e of [...ok.input.gt.events, ...ok.input.pred.events]) {
      if (pyKind(e.value) !== 'none') expect(Number.isFinite(pyFloat(e.value))).toBe(true);
    }
    for (const prefix of ['pub-077', 'pub-078']) {
      const c = load(prefix);
      const err = c.expected.error as { type: string; message: string };
      const raised: ReferenceRaise[] = [];
      for (const e of [...c.input.gt.events, ...c.input.pred.events]) {
        try {
          pyFloat(e.value);
        } catch (x) {
          raised.push(x as ReferenceRaise);
        }
      }
      expect(raised.map((r) => [r.pyType, r.message])).toContainEqual([err.type, err.message]);
    }
  });
});
