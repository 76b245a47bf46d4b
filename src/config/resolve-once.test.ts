/**
 * A config file is validated once: `loadConfig` validates (and in reference mode coerces) it,
 * and `evaluate()` takes the returned options as they are. The reference coercer is counted
 * through a wrapped `lenient.js`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ coerce: 0 }));

vi.mock('../evaluate/lenient.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../evaluate/lenient.js')>();
  return {
    ...m,
    coerceReference: (...args: Parameters<typeof m.coerceReference>) => {
      calls.coerce++;
      return m.coerceReference(...args);
    },
    coerceReferenceOptions: (...args: Parameters<typeof m.coerceReferenceOptions>) => {
      calls.coerce++;
      return m.coerceReferenceOptions(...args);
    },
  };
});

const { loadConfigSync } = await import('./load.js');
const { evaluate, evaluateBestOf } = await import('../evaluate/evaluate.js');
const { resolveOptions, validateOptions } = await import('../evaluate/options.js');
const { REFERENCE_POLICY, DEFAULT_POLICY } = await import('../policy/index.js');

const gt = [
  { channel: 'a', timestamp: 0, value: 1 },
  { channel: 'b', timestamp: 1, value: 2 },
];
const pred = [
  { channel: 'a', timestamp: 0, value: 1 },
  { channel: 'b', timestamp: 1.1, value: '2' },
];

function configFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'envtrace-resolve-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

afterEach(() => {
  calls.coerce = 0;
});

describe('a config file is validated once', () => {
  for (const [name, text] of [
    ['c.json', '{"mode": "reference", "comparators": {"default": {"type": "tol", "tol": "0.2"}}}'],
    ['c.yaml', 'mode: reference\ncomparators:\n  default: {type: tol, tol: "0.2"}\n'],
  ] as const) {
    it(`${name}: the reference coercer runs once per load + evaluate`, () => {
      const options = loadConfigSync(configFile(name, text));
      expect(calls.coerce).toBe(1);
      const r = evaluate(gt, pred, options);
      expect(r.mode).toBe('reference');
      expect(calls.coerce).toBe(1);
      evaluateBestOf([gt, gt], pred, options);
      expect(calls.coerce).toBe(1);
    });
  }

  it('the loaded options carry their policy and are frozen', () => {
    const options = loadConfigSync(configFile('c.json', '{"mode": "reference"}'));
    expect(resolveOptions(options).policy).toBe(REFERENCE_POLICY);
    expect(Object.isFrozen(options)).toBe(true);
  });

  it('a copy is validated again (it may have changed)', () => {
    const options = loadConfigSync(configFile('c.json', '{"mode": "reference"}'));
    calls.coerce = 0;
    const copy = { ...options, mode: 'default' as const };
    const resolved = resolveOptions(copy);
    expect(resolved.policy).toBe(DEFAULT_POLICY);
    expect(resolved.options).not.toBe(copy);
    expect(calls.coerce).toBe(0);
    resolveOptions({ ...options });
    expect(calls.coerce).toBe(1);
  });

  it('an options object from code is coerced once per evaluate', () => {
    evaluate(gt, pred, { mode: 'reference', comparators: { default: { tol: '0.2' } } } as never);
    expect(calls.coerce).toBe(1);
    const validated = validateOptions({ mode: 'reference' });
    expect(calls.coerce).toBe(2);
    evaluate(gt, pred, validated);
    expect(calls.coerce).toBe(2);
  });
});
