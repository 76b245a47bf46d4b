import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureIO, tempDir } from './harness.test-helpers.js';
import { evaluate } from '../evaluate/evaluate.js';
import { gateFailures, runEvaluation, type EvaluationRun } from './run.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
  const call = (year: number) => ({
    name: 'search',
    args: { q: 'cheap flights from Lisbon to Berlin', filters: { year } },
  });
  tmp.write(
    'gt.json',
    JSON.stringify({ events: [{ channel: 'tool:call', timestamp: 0, value: call(2024) }] }),
  );
  tmp.write(
    'pred.json',
    JSON.stringify({ events: [{ channel: 'tool:call', timestamp: 0, value: call(1999) }] }),
  );
  tmp.write('ms.yaml', 'time_unit: ms\n');
  tmp.write('ref.yaml', 'mode: reference\ntime_unit: ms\n');
});
afterEach(() => tmp.cleanup());

const base: EvaluationRun = {
  gts: ['gt.json'],
  pred: 'pred.json',
  json: false,
  requirePass: false,
  colors: false,
};

async function report(
  run: Partial<EvaluationRun>,
  env: Record<string, string | undefined> = {},
  columns?: number,
): Promise<string[]> {
  const io = { ...captureIO(tmp.dir, env, columns !== undefined), columns };
  await runEvaluation({ ...base, ...run }, io);
  return io.out().trimEnd().split('\n');
}

describe('runEvaluation: text report layout', () => {
  it('default mode fits the terminal, ENVTRACE_WIDTH, CI or 80; --width wins', async () => {
    expect((await report({}, {}, 132))[0]).toHaveLength(132);
    expect((await report({}, { ENVTRACE_WIDTH: '110' }, 132))[0]).toHaveLength(110);
    expect((await report({}, { CI: 'true' }))[0]).toHaveLength(100);
    expect((await report({}))[0]).toHaveLength(80);
    expect((await report({ width: 90 }, {}, 132))[0]).toHaveLength(90);
  });

  it('default mode keeps the differing part of a cut value visible', async () => {
    const row = (await report({})).find((l) => l.startsWith('  1 | '));
    expect(row).toMatch(/\| …[^|]*2024[^|]*\|.*\| …[^|]*1999[^|]*\|/);
  });

  it('reference mode keeps the reference 80 columns whatever the terminal; time_unit labels default mode only', async () => {
    const ref = await report({ config: 'ref.yaml' }, { CI: 'true' }, 132);
    expect(ref[0]).toHaveLength(80);
    expect(ref).toContain('Alignment (first rows, discrete events only):');
    expect(await report({ config: 'ms.yaml' })).toContain(
      'Alignment (first rows, discrete events only; times in ms):',
    );
  });
});

describe('gateFailures', () => {
  const scored = (full_score: number) => {
    const events = [{ channel: 'x', timestamp: 0, value: 1 }];
    return { ...evaluate(events, events), full_score };
  };

  it('shows enough decimals that a score just below the bound reads as below it', () => {
    // 100,001 of 100,002 events: not "1.0000 < 1 (short by 0.0000)".
    expect(gateFailures(scored(0.99999), { minScore: 1, requirePass: false })).toEqual([
      'full score 0.99999 < --min-score 1 (short by 0.00001)',
    ]);
    expect(gateFailures(scored(0.7861189695639468), { minScore: 0.9, requirePass: false })).toEqual(
      ['full score 0.7861 < --min-score 0.9 (short by 0.1139)'],
    );
    expect(gateFailures(scored(1), { minScore: 1, requirePass: false })).toEqual([]);
  });
});
