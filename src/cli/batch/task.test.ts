import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TraceError } from '../../errors.js';
import { ReportRecordSchema } from '../../report/run/schema.js';
import { tempDir } from '../harness.test-helpers.js';
import { scanTrace, scanTraceJsonl, writeTree } from './fixtures.test-helpers.js';
import {
  createPairEvaluator,
  describePairError,
  forTransfer,
  pairPasses,
  type PairJob,
} from './task.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const job = (key: string, gt: string, pred: string, index = 0): PairJob => ({
  index,
  key,
  gtPath: path.join(tmp.dir, gt),
  predPath: path.join(tmp.dir, pred),
  gtLabel: `gt/${path.basename(gt)}`,
});

describe('createPairEvaluator', () => {
  it('evaluates a pair across formats into a valid run-report record', async () => {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(5), 'pred/a.jsonl': scanTraceJsonl(5) });
    const outcome = await createPairEvaluator({})(job('a', 'gt/a.json', 'pred/a.jsonl', 7));
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.index).toBe(7);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const r = outcome.record;
    expect(ReportRecordSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({
      matcher: 'evaluate',
      pass: true,
      negated: false,
      accuracy: true,
      full_score: 1,
      mode: 'default',
      min_score: null,
    });
    expect(r.golden).toEqual({ kind: 'file', paths: ['gt/a.json'], count: 1 });
    // A passed pair states no failure and no location.
    expect(r.failure).toBeUndefined();
    expect(r.location).toBeUndefined();
    expect(r.detail?.rows.total).toBe(10);
    expect(r.detail?.rows.differing).toBe(0);
    // Plain data: survives structured cloning to the main thread unchanged.
    expect(structuredClone(r)).toEqual(r);

    // From a worker the drill-down travels as JSON text, indented for its place in the report.
    for (const indent of [0, 2] as const) {
      const sent = forTransfer(outcome, { indent });
      expect(sent.kind === 'ok' && sent.record.detail).toBeUndefined();
      expect(sent.kind === 'ok' && sent.record).toEqual({ ...r, detail: undefined });
      expect(sent.kind === 'ok' && sent.detailJson).toBe(
        indent === 0
          ? JSON.stringify(r.detail)
          : JSON.stringify(r.detail, null, 2).replaceAll('\n', `\n${' '.repeat(10)}`),
      );
      expect(structuredClone(sent)).toEqual(sent);
    }
  });

  it('a pair that differs fails its decision; --min-score fails it on the score alone', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(5),
      'pred/a.json': scanTrace(5, (i) => (i === 2 ? 999 : i * 10)),
      'pred/b.json': scanTrace(4),
    });
    const off = await createPairEvaluator({})(job('a', 'gt/a.json', 'pred/a.json'));
    expect(off.kind === 'ok' && off.record.detail?.rows.differing).toBe(1);
    expect(off.kind === 'ok' && off.record.pass).toBe(false);
    // The verdict sentence toMatchTraceBehavior prints; no location (a pair has no call line).
    expect(off.kind === 'ok' && off.record.failure).toBe(
      'Expected the received trace to behave like the golden trace, but score 0.920, accuracy false: discrete not exact: 1 mismatch (row 6 det: 999 instead of 20).',
    );
    expect(off.kind === 'ok' && off.record.location).toBeUndefined();

    const short = await createPairEvaluator({ minScore: 0.999 })(
      job('b', 'gt/a.json', 'pred/b.json'),
    );
    expect(short.kind).toBe('ok');
    if (short.kind !== 'ok') return;
    expect(short.record.full_score).toBeLessThan(0.999);
    expect(short.record.min_score).toBe(0.999);
    expect(short.record.pass).toBe(false);
    expect(short.record.failure).toBe(
      'Expected the received trace to behave like the golden trace, but score 0.840, accuracy false: score 0.840 < minScore 0.999; discrete not exact: 2 missing events.',
    );
    expect(ReportRecordSchema.parse(short.record)).toEqual(short.record);
  });

  it('uses the config file and --compat', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(3),
      'pred/a.json': scanTrace(3),
      'c.yaml': 'aligner: nw\n',
    });
    const ok = await createPairEvaluator({
      config: path.join(tmp.dir, 'c.yaml'),
      compat: 'reference',
    })(job('a', 'gt/a.json', 'pred/a.json'));
    expect(ok.kind === 'ok' && ok.record.mode).toBe('reference');
  });

  it('a trace that does not load is an error entry naming the file; the evaluator keeps working', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(3),
      'pred/a.json': '{"events": [ {"channel": 1} ]}',
      'pred/b.json': scanTrace(3),
    });
    const evaluate = createPairEvaluator({});
    const bad = await evaluate(job('a', 'gt/a.json', 'pred/a.json'));
    expect(bad.kind).toBe('error');
    if (bad.kind !== 'error') return;
    expect(bad.internal).toBe(false);
    expect(bad.message).toContain(path.join(tmp.dir, 'pred/a.json'));
    expect(bad.message).not.toContain('\n');
    expect((await evaluate(job('b', 'gt/a.json', 'pred/b.json'))).kind).toBe('ok');

    const missing = await evaluate(job('c', 'gt/a.json', 'pred/none.json'));
    expect(missing.kind === 'error' && missing.message).toContain(
      'cannot read trace: no such file',
    );
  });

  it('a config that fails to load makes each pair an error with its message', async () => {
    writeTree(tmp.dir, {
      'gt/a.json': scanTrace(3),
      'pred/a.json': scanTrace(3),
      'c.yaml': 'aligner: nope\n',
    });
    const out = await createPairEvaluator({ config: path.join(tmp.dir, 'c.yaml') })(
      job('a', 'gt/a.json', 'pred/a.json'),
    );
    expect(out.kind).toBe('error');
    expect(out.kind === 'error' && out.message).toContain('c.yaml');
  });
});

describe('pairPasses', () => {
  it('needs the decision, and the score when a minimum is set', () => {
    expect(pairPasses({ accuracy: true, full_score: 0.5 }, undefined)).toBe(true);
    expect(pairPasses({ accuracy: false, full_score: 1 }, undefined)).toBe(false);
    expect(pairPasses({ accuracy: true, full_score: 0.5 }, 0.5)).toBe(true);
    expect(pairPasses({ accuracy: true, full_score: 0.49 }, 0.5)).toBe(false);
    expect(pairPasses({ accuracy: true, full_score: Number.NaN }, 0.5)).toBe(false);
  });
});

describe('describePairError', () => {
  it('keeps an input error as one line and marks anything else as a bug', () => {
    expect(describePairError(new TraceError('bad\n  value', { file: 'x.json' }))).toEqual({
      message: expect.stringMatching(/^[^\n]*bad; value$/),
      internal: false,
    });
    const fsError = Object.assign(new Error('EACCES: permission denied'), {
      code: 'EACCES',
      syscall: 'open',
      path: '/p/x.json',
    });
    expect(describePairError(fsError)).toEqual({
      message: '/p/x.json: permission denied',
      internal: false,
    });
    expect(describePairError(new TypeError('x is undefined'))).toEqual({
      message: 'internal error: TypeError: x is undefined (this is a bug, please report it)',
      internal: true,
    });
  });
});
