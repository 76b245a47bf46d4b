/**
 * The matcher e2e scenarios, written once and run against both runners (the fixture projects
 * `vitest-project` and `jest-project` hold the same tests).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeProject,
  readJsonResults,
  readSideChannel,
  removeProject,
  type JsonResults,
  type RunResult,
} from './helpers.js';
import { RECORD_VERSION } from '../../src/transport/record.js';

export interface Runner {
  readonly name: 'vitest' | 'jest';
  readonly fixture: string;
  /** Run the given test files; results land in `<dir>/results.json`. */
  run(
    dir: string,
    files: readonly string[],
    opts?: { update?: boolean; env?: Record<string, string | undefined> },
  ): Promise<RunResult>;
  /** The envtrace records of a run, per test full name. */
  records(dir: string, results: JsonResults): Map<string, Array<Record<string, unknown>>>;
}

/**
 * The test-end lines of a run (`matchers/publish.ts`), per test full name. The runners' `run`
 * name the records directory in `RECORDS` (Vitest: `ENVTRACE_VITEST_RECORDS_DIR`, as its
 * reporter would).
 */
export function testEnds(dir: string): Map<string, Array<Record<string, unknown>>> {
  return groupByName(readSideChannel(path.join(dir, RECORDS), true));
}

export const RECORDS = 'records';

function groupByName(
  records: Array<Record<string, unknown>>,
): Map<string, Array<Record<string, unknown>>> {
  const out = new Map<string, Array<Record<string, unknown>>>();
  for (const r of records) {
    const name = String(r['testName']);
    const list = out.get(name) ?? [];
    list.push(r);
    out.set(name, list);
  }
  return out;
}

/** Jest: records come through the side channel directory. */
export function sideChannelRecords(dir: string): Map<string, Array<Record<string, unknown>>> {
  return groupByName(readSideChannel(path.join(dir, RECORDS)));
}

/** Vitest: records are in each test's `meta.envtrace` (the JSON reporter copies `meta`). */
export function metaRecords(results: JsonResults): Map<string, Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  for (const t of results.tests.values()) {
    const list =
      (t.meta as { envtrace?: Array<Record<string, unknown>> } | undefined)?.envtrace ?? [];
    all.push(...list);
  }
  return groupByName(all);
}

function status(results: JsonResults, fullName: string): string {
  const t = results.tests.get(fullName);
  if (!t)
    throw new Error(`no test "${fullName}" in results: ${[...results.tests.keys()].join(' | ')}`);
  return t.status;
}

function failure(results: JsonResults, fullName: string): string {
  return results.tests.get(fullName)?.failureMessages.join('\n') ?? '';
}

export function defineMatcherScenarios(runner: Runner): void {
  describe(`${runner.name}: toMatchTraceBehavior and traceMatching`, () => {
    let dir = '';
    let run: RunResult;
    let results: JsonResults;
    let records: Map<string, Array<Record<string, unknown>>>;

    beforeAll(async () => {
      dir = makeProject(runner.fixture);
      const files =
        runner.name === 'jest' ? ['behavior.test.ts', 'retry.test.ts'] : ['behavior.test.ts'];
      run = await runner.run(dir, files);
      results = readJsonResults(path.join(dir, 'results.json'));
      records = runner.records(dir, results);
    });
    afterAll(() => removeProject(dir));

    it('exits non-zero because of the deliberately failing tests', () => {
      expect(run.code).toBe(1);
    });

    it('passes on jitter, fails on a changed value or a missing event', () => {
      expect(status(results, 'toMatchTraceBehavior jitter passes')).toBe('passed');
      expect(status(results, 'toMatchTraceBehavior wrong position fails')).toBe('failed');
      expect(status(results, 'toMatchTraceBehavior missing event fails')).toBe('failed');
      const wrong = failure(results, 'toMatchTraceBehavior wrong position fails');
      expect(wrong).toContain('expect(received).toMatchTraceBehavior(golden)');
      expect(wrong).toContain(
        'Expected the received trace to behave like the golden trace, but score 0.911, accuracy false: discrete not exact: 1 mismatch (row 7 motor:x: 3 instead of 2).',
      );
      expect(wrong).toMatch(/≠ {2}7 {2}motor:x = 2 +motor:x = 3 +\+0\.000/);
      expect(failure(results, 'toMatchTraceBehavior missing event fails')).toContain(
        'discrete not exact: 1 missing event',
      );
    });

    it('.not passes on a behaviour change and has its own wording', () => {
      expect(status(results, 'toMatchTraceBehavior not passes on a behaviour change')).toBe(
        'passed',
      );
      expect(status(results, 'toMatchTraceBehavior not fails on jitter')).toBe('failed');
      const msg = failure(results, 'toMatchTraceBehavior not fails on jitter');
      expect(msg).toContain('expect(received).not.toMatchTraceBehavior(golden)');
      expect(msg).toContain(
        'Expected the received trace not to behave like the golden trace, but it does (score 0.999, accuracy true).',
      );
    });

    it('best-of, trace file paths and minScore', () => {
      expect(status(results, 'toMatchTraceBehavior best-of picks the matching golden')).toBe(
        'passed',
      );
      expect(status(results, 'toMatchTraceBehavior trace files and minScore')).toBe('passed');
      const [best] = records.get('toMatchTraceBehavior best-of picks the matching golden') ?? [];
      expect(best).toMatchObject({
        best_index: 1,
        golden: { kind: 'inline', count: 2 },
        pass: true,
      });
      const [files] = records.get('toMatchTraceBehavior trace files and minScore') ?? [];
      expect(files).toMatchObject({
        min_score: 0.9,
        golden: { kind: 'file', paths: ['traces/golden.json'], count: 1 },
      });
    });

    it('misuse and invalid config throw instead of failing the assertion', () => {
      expect(status(results, 'toMatchTraceBehavior misuse throws a TraceError')).toBe('passed');
      expect(status(results, 'toMatchTraceBehavior invalid config throws a ConfigError')).toBe(
        'passed',
      );
    });

    it('asymmetric traceMatching works inside toEqual and toHaveBeenCalledWith', () => {
      expect(status(results, 'traceMatching inside toEqual and toHaveBeenCalledWith')).toBe(
        'passed',
      );
      expect(status(results, 'traceMatching asymmetric mismatch fails')).toBe('failed');
      // The runner's diff prints the asymmetric matcher short, not as the whole golden.
      expect(run.output).toContain('traceMatching');
      expect(run.output).toContain('golden: 9 events');
      // Inside toHaveBeenCalledWith the printed matcher carries the score, the verdict and the first differing rows.
      expect(
        status(results, 'traceMatching asymmetric mismatch inside toHaveBeenCalledWith fails'),
      ).toBe('failed');
      const called = failure(
        results,
        'traceMatching asymmetric mismatch inside toHaveBeenCalledWith fails',
      );
      expect(called).toContain('traceMatching<');
      expect(called).toContain('score 0.911, accuracy false: discrete not exact: 1 mismatch');
      expect(called).toContain('≠ row 7: motor:x = 2 → motor:x = 3');
    });

    it("a value that differs deep inside: the cells keep the difference, the host's diff is under the row", () => {
      expect(status(results, 'toMatchTraceBehavior tool call arguments differ deep inside')).toBe(
        'failed',
      );
      const msg = failure(results, 'toMatchTraceBehavior tool call arguments differ deep inside');
      expect(msg).toMatch(/≠ {2}1 {2}tool:call = …[^\n]*2024\}\}\} +tool:call = …[^\n]*1999\}\}\}/);
      // the runner's own diff (jest-diff / Vitest's), as toEqual prints it
      expect(msg).toMatch(/^ +- +"year": 2024,?$/m);
      expect(msg).toMatch(/^ +\+ +"year": 1999,?$/m);
    });

    it('publishes one record per call with the right test under concurrency', () => {
      for (const v of ['base', 'jitter', 'changed']) {
        const list = records.get(`concurrent concurrent ${v}`) ?? [];
        expect(list.map((r) => r['seq'])).toEqual([0, 1]);
        expect(list.every((r) => r['pass'] === true)).toBe(true);
        // The first call of "changed" compares against itself (score 1); the second against the base golden.
        expect(list[1]?.['accuracy']).toBe(v !== 'changed');
      }
      const [jitter] = records.get('toMatchTraceBehavior jitter passes') ?? [];
      expect(jitter).toMatchObject({
        v: RECORD_VERSION,
        matcher: 'toMatchTraceBehavior',
        retry: 0,
        repeat: 0,
        seq: 0,
        pass: true,
        negated: false,
        mode: 'default',
        accuracy: true,
        min_score: null,
        golden: { kind: 'inline', count: 1 },
        best_index: null,
      });
      expect(String(jitter?.['testPath'])).toBe(path.join(dir, 'behavior.test.ts'));
      expect(jitter?.['config_digest']).toMatch(/^[0-9a-f]{12}$/);
      const [notJitter] = records.get('toMatchTraceBehavior not fails on jitter') ?? [];
      expect(notJitter).toMatchObject({ pass: false, negated: true, accuracy: true });
    });

    it('records every attempt of a retried (and, in Vitest, repeated) test', () => {
      const name = 'retried test records every attempt';
      expect(status(results, name)).toBe('passed');
      const list = records.get(name) ?? [];
      expect(list.map((r) => [r['retry'], r['seq'], r['pass']])).toEqual([
        [0, 0, false],
        [1, 0, true],
      ]);
      if (runner.name === 'vitest') {
        const repeated = records.get('repeated test records every repeat') ?? [];
        expect(repeated.map((r) => [r['repeat'], r['retry'], r['seq']])).toEqual([
          [0, 0, 0],
          [1, 0, 0],
          [2, 0, 0],
        ]);
      }
    });

    // What the reporters rebuild a killed worker's tests from: it must agree with the runner.
    it('one end line per attempt, saying what the runner says of the test', () => {
      const ends = testEnds(dir);
      const of = (name: string): unknown[] =>
        (ends.get(name) ?? []).map((e) => [e['retry'], e['repeat'], e['state']]);
      expect(of('retried test records every attempt')).toEqual([
        [0, 0, 'failed'],
        [1, 0, 'passed'],
      ]);
      if (runner.name === 'vitest')
        expect(of('repeated test records every repeat')).toEqual([
          [0, 0, 'passed'],
          [0, 1, 'passed'],
          [0, 2, 'passed'],
        ]);
      let checked = 0;
      for (const [name, t] of results.tests) {
        if (name.startsWith('retried ') || name.startsWith('repeated ')) continue;
        // jest-circus runs no afterEach hooks for test.concurrent tests: they have no end line.
        if (runner.name === 'jest' && name.startsWith('concurrent ')) {
          expect(of(name), name).toEqual([]);
          continue;
        }
        expect(of(name), name).toEqual([[0, 0, t.status]]);
        expect(String(ends.get(name)?.[0]?.['testPath'])).toMatch(/behavior\.test\.ts$/);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(ends.size).toBe(checked + (runner.name === 'vitest' ? 2 : 1));
    });
  });

  describe(`${runner.name}: toMatchGoldenTrace`, () => {
    let dir = '';
    const tracesDir = (): string => path.join(dir, '__traces__', 'golden.test.ts');
    const main = (): string =>
      path.join(tracesDir(), 'beamline scan matches its golden.trace.json');
    const second = (): string =>
      path.join(tracesDir(), 'beamline scan matches its golden-2.trace.json');
    const files = ['golden.test.ts'];
    /** How the runner's snapshot summary lists an obsolete golden (Jest reads a number off every key). */
    // The whole line: Jest's own snapshot counter (` 1`) must not end it.
    const obsoleteKey = (rel: string): string =>
      `${runner.name === 'jest' ? '•' : '·'} golden trace ${rel}\n`;

    beforeAll(() => {
      dir = makeProject(runner.fixture);
    });
    afterAll(() => removeProject(dir));

    it('writes missing goldens on the first local run and counts them as written snapshots', async () => {
      const r = await runner.run(dir, files, { env: { TRACE_VARIANT: 'base' } });
      expect(r.code, r.output).toBe(0);
      const names = fs.readdirSync(tracesDir()).sort();
      expect(names).toEqual([
        'beamline scan matches its golden-2.trace.json',
        'beamline scan matches its golden.trace.json',
        // as written, but separators and <>?: escaped (no other name maps here)
        'odd name~3a a~2fb~5cc ~3cx~3e~3f.trace.json',
        'parallel arm A.trace.json',
        'parallel arm B.trace.json',
      ]);
      // concurrent tests file their goldens under their own names
      const events = (f: string): unknown[] =>
        (JSON.parse(fs.readFileSync(path.join(tracesDir(), f), 'utf8')) as { events: unknown[] })
          .events;
      expect(events('parallel arm A.trace.json')).toHaveLength(9);
      expect(events('parallel arm B.trace.json')).toHaveLength(3);
      const golden = JSON.parse(fs.readFileSync(main(), 'utf8')) as {
        schema_version: string;
        events: unknown[];
      };
      expect(golden.schema_version).toBe('1');
      expect(golden.events).toHaveLength(9);
      expect(golden.events[0]).toEqual({ channel: 'motor:x', timestamp: 1, value: 0 });
      expect(
        (JSON.parse(fs.readFileSync(second(), 'utf8')) as { events: unknown[] }).events,
      ).toHaveLength(3);
      const results = readJsonResults(path.join(dir, 'results.json'));
      expect(results.snapshot).toMatchObject({ added: 5, updated: 0, unmatched: 0 });
      const [rec] = runner.records(dir, results).get('beamline scan matches its golden') ?? [];
      expect(rec).toMatchObject({
        matcher: 'toMatchGoldenTrace',
        golden_status: 'written',
        golden: { kind: 'golden', count: 1 },
      });
    });

    it('passes a jitter-tolerant comparison without rewriting, and reports obsolete goldens', async () => {
      const before = fs.readFileSync(main(), 'utf8');
      fs.writeFileSync(path.join(tracesDir(), 'removed test.trace.json'), '{"events": []}\n');
      const r = await runner.run(dir, files, { env: { TRACE_VARIANT: 'jitter' } });
      // Counted in the runner's snapshot summary; Jest fails a run with obsolete snapshots unless -u.
      expect(r.code, r.output).toBe(runner.name === 'jest' ? 1 : 0);
      expect(fs.readFileSync(main(), 'utf8')).toBe(before);
      const results = readJsonResults(path.join(dir, 'results.json'));
      expect(results.snapshot).toMatchObject({ added: 0, matched: 5, updated: 0, unmatched: 0 });
      expect(r.output).toContain(
        runner.name === 'jest' ? '1 snapshot obsolete from 1 test suite' : '1 obsolete',
      );
      expect(r.output).toContain(obsoleteKey('__traces__/golden.test.ts/removed test.trace.json'));
      const [rec] = runner.records(dir, results).get('beamline scan matches its golden') ?? [];
      expect(rec).toMatchObject({ golden_status: 'compared', pass: true, accuracy: true });
    });

    it('fails on a behaviour change with the golden named and leaves the file alone', async () => {
      const before = fs.readFileSync(main(), 'utf8');
      const r = await runner.run(dir, files, { env: { TRACE_VARIANT: 'changed' } });
      expect(r.code).toBe(1);
      expect(fs.readFileSync(main(), 'utf8')).toBe(before);
      const results = readJsonResults(path.join(dir, 'results.json'));
      const msg = failure(results, 'beamline scan matches its golden');
      expect(msg).toContain('expect(received).toMatchGoldenTrace()');
      expect(msg).toContain(
        'Expected the received trace to behave like its golden trace, but score 0.911, accuracy false: discrete not exact: 1 mismatch (row 7 motor:x: 3 instead of 2).',
      );
      expect(msg).toContain(
        'Golden: __traces__/golden.test.ts/beamline scan matches its golden.trace.json (if the new behaviour is intended, run with -u to update it)',
      );
      expect(results.snapshot.unmatched).toBe(1);
      // A failing test leaves its later goldens untouched: they are kept, not reported; the golden of a removed test still is.
      expect(r.output).toContain(obsoleteKey('__traces__/golden.test.ts/removed test.trace.json'));
      expect(r.output).not.toContain(
        'golden trace __traces__/golden.test.ts/beamline scan matches its golden-2.trace.json',
      );
    });

    it('-u rewrites the changed golden and removes obsolete ones', async () => {
      const r = await runner.run(dir, files, { update: true, env: { TRACE_VARIANT: 'changed' } });
      expect(r.code, r.output).toBe(0);
      const golden = JSON.parse(fs.readFileSync(main(), 'utf8')) as {
        events: Array<{ value: unknown }>;
      };
      expect(golden.events[6]).toEqual({ channel: 'motor:x', timestamp: 5, value: 3 });
      const results = readJsonResults(path.join(dir, 'results.json'));
      expect(results.snapshot).toMatchObject({ updated: 2, matched: 3, unmatched: 0 });
      expect(fs.existsSync(path.join(tracesDir(), 'removed test.trace.json'))).toBe(false);
      expect(r.output).toContain(
        runner.name === 'jest' ? '1 snapshot removed from 1 test suite' : '1 removed',
      );
      expect(r.output).toContain(obsoleteKey('__traces__/golden.test.ts/removed test.trace.json'));
      // The updated golden is now what "changed" is compared against.
      const again = await runner.run(dir, files, { env: { TRACE_VARIANT: 'changed' } });
      expect(again.code, again.output).toBe(0);
    });

    it('never writes in CI and fails on a missing golden', async () => {
      const ciDir = makeProject(runner.fixture);
      try {
        const r = await runner.run(ciDir, files, { env: { CI: 'true', TRACE_VARIANT: 'base' } });
        expect(r.code).toBe(1);
        expect(fs.existsSync(path.join(ciDir, '__traces__'))).toBe(false);
        const results = readJsonResults(path.join(ciDir, 'results.json'));
        const msg = failure(results, 'beamline scan matches its golden');
        expect(msg).toContain(
          'No golden trace at __traces__/golden.test.ts/beamline scan matches its golden.trace.json',
        );
        expect(msg).toContain('goldens are not written in CI');
        // each runner's own switch, not the other's
        expect(msg).toContain(
          runner.name === 'jest' ? '(CI=true or --ci)' : '(CI=true or --update=none)',
        );
        expect(msg).not.toContain(runner.name === 'jest' ? '--update=none' : '--ci');
        const [rec] = runner.records(ciDir, results).get('beamline scan matches its golden') ?? [];
        expect(rec).toMatchObject({ golden_status: 'missing', pass: false });
      } finally {
        removeProject(ciDir);
      }
    });
  });
}
