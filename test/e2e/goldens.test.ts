/**
 * Golden identity and obsolete goldens under the real Vitest 4.1 and Jest 30 (issue 11 §5–7,
 * issue 10 §3): same-titled `test.each` cases, `Case`/`case`, an 87-character Japanese name,
 * and obsolete goldens (of a removed test, of a deleted test file) counted in the runner's
 * snapshot summary and removed by `-u`, while a skipped test's golden is kept.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  projectsRemovedAfterAll,
  readJsonResults,
  runJest,
  runVitest,
  writeProjectFile,
  type RunResult,
} from './helpers.js';

const JA = '露光時間と位置が正しい順序で記録されることを確認する'.repeat(4).slice(0, 87);

function testFile(runner: 'vitest' | 'jest'): string {
  const imports =
    runner === 'vitest'
      ? `import { expect, test } from 'vitest';\nimport { scan } from '../sim.js';`
      : `import { expect, test } from '@jest/globals';\nimport type {} from 'envtrace-js/jest';\nimport { scan } from '../sim';`;
  return `${imports}

const shifted = (dx: number) => scan('base').map((e) => (e.channel === 'motor:x' ? { ...e, value: (e.value as number) + dx } : e));

test.each([[0], [5]])('same title', (dx) => {
  expect(shifted(dx)).toMatchGoldenTrace();
});
test('Case', () => {
  expect(shifted(1)).toMatchGoldenTrace();
});
test('case', () => {
  expect(shifted(2)).toMatchGoldenTrace();
});
test(${JSON.stringify(JA)}, () => {
  expect(scan('base')).toMatchGoldenTrace();
});
test.skip('skipped for now', () => {
  expect(scan('base')).toMatchGoldenTrace();
});
`;
}

interface Runner {
  readonly name: 'vitest' | 'jest';
  readonly fixture: string;
  run(dir: string, update?: boolean): Promise<RunResult>;
  /** The runner's summary lines for obsolete (or, under -u, removed) goldens. */
  readonly obsoleteLine: (n: number) => string;
  readonly removedLine: (n: number) => string;
  /** How the runner lists one obsolete key. */
  readonly key: (k: string) => string;
  /** Exit code of a local run with obsolete snapshots: Jest fails it, Vitest does not (only under --ci). */
  readonly obsoleteExit: number;
}

const runners: Runner[] = [
  {
    name: 'vitest',
    fixture: 'vitest-project',
    run: (dir, update = false) =>
      runVitest(dir, [
        'ids/',
        ...(update ? ['-u'] : []),
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=results.json',
      ]),
    obsoleteLine: (n) => `${n} obsolete`,
    removedLine: (n) => `${n} removed`,
    key: (k) => `· ${k}`,
    obsoleteExit: 0,
  },
  {
    name: 'jest',
    fixture: 'jest-project',
    run: (dir, update = false) =>
      runJest(dir, ['ids/', ...(update ? ['-u'] : []), '--json', '--outputFile=results.json']),
    obsoleteLine: (n) => `${n} snapshot${n === 1 ? '' : 's'} obsolete from 1 test suite`,
    removedLine: (n) => `${n} snapshot${n === 1 ? '' : 's'} removed from 1 test suite`,
    // The golden, as Vitest lists it: no snapshot counter after it (it used to end in ` 1`).
    key: (k) => `• ${k}`,
    obsoleteExit: 1,
  },
];

const project = projectsRemovedAfterAll();

for (const runner of runners) {
  describe(`${runner.name}: golden identity and obsolete goldens`, () => {
    it('one golden per test, obsolete ones counted in the snapshot summary and removed by -u', async () => {
      const dir = project(runner.fixture);
      writeProjectFile(dir, 'ids/ids.test.ts', testFile(runner.name));
      const goldens = path.join(dir, 'ids', '__traces__', 'ids.test.ts');
      const list = (): string[] => fs.readdirSync(goldens).sort();
      const firstMotor = (f: string): unknown =>
        (
          JSON.parse(fs.readFileSync(path.join(goldens, f), 'utf8')) as {
            events: Array<{ value: unknown }>;
          }
        ).events[0]?.value;

      // 1. First run writes one golden per test: the second 'same title' and 'case' get their own.
      const first = await runner.run(dir);
      expect(first.code, first.output).toBe(0);
      const [ja, ...rest] = list().filter((f) => f.startsWith(JA.slice(0, 10)));
      expect(rest).toEqual([]);
      expect(Buffer.byteLength(ja ?? '')).toBeLessThanOrEqual(223);
      expect(list()).toEqual(
        [
          '^case.trace.json',
          'case.trace.json',
          'same title (2).trace.json',
          'same title.trace.json',
          ja,
        ].sort(),
      );
      expect([
        firstMotor('same title.trace.json'),
        firstMotor('same title (2).trace.json'),
        firstMotor('^case.trace.json'),
        firstMotor('case.trace.json'),
      ]).toEqual([0, 5, 1, 2]);
      expect(readJsonResults(path.join(dir, 'results.json')).snapshot).toMatchObject({
        added: 5,
        unmatched: 0,
      });

      // 2. A golden of a removed test, of a deleted test file, and of a skipped test.
      const text = fs.readFileSync(path.join(goldens, 'case.trace.json'), 'utf8');
      fs.writeFileSync(path.join(goldens, 'removed test.trace.json'), text);
      fs.writeFileSync(path.join(goldens, 'skipped for now.trace.json'), text);
      writeProjectFile(dir, 'ids/__traces__/gone.test.ts/old.trace.json', text);
      const second = await runner.run(dir);
      expect(second.code, second.output).toBe(runner.obsoleteExit);
      expect(readJsonResults(path.join(dir, 'results.json')).snapshot).toMatchObject({
        added: 0,
        matched: 5,
        updated: 0,
        unmatched: 0,
      });
      expect(second.output).toContain(runner.obsoleteLine(2));
      // Each obsolete golden is a line of its own, naming the golden and nothing after it.
      const lines = second.output.split('\n').map((l) => l.trim());
      expect(lines).toContain(
        runner.key('golden trace __traces__/ids.test.ts/removed test.trace.json'),
      );
      expect(lines).toContain(
        runner.key(
          'golden trace __traces__/gone.test.ts/old.trace.json (test file gone.test.ts is gone)',
        ),
      );
      expect(second.output).not.toContain('skipped for now.trace.json');
      expect(fs.existsSync(path.join(goldens, 'removed test.trace.json'))).toBe(true);

      // 3. -u removes them, keeps the skipped test's golden, and leaves the same-titled goldens as they are.
      const before = list()
        .filter((f) => !f.startsWith('removed') && !f.startsWith('skipped'))
        .map((f) => fs.readFileSync(path.join(goldens, f), 'utf8'));
      const update = await runner.run(dir, true);
      expect(update.code, update.output).toBe(0);
      expect(update.output).toContain(runner.removedLine(2));
      expect(readJsonResults(path.join(dir, 'results.json')).snapshot).toMatchObject({
        added: 0,
        matched: 5,
        updated: 0,
        unmatched: 0,
      });
      expect(list()).toEqual(
        [
          '^case.trace.json',
          'case.trace.json',
          'same title (2).trace.json',
          'same title.trace.json',
          'skipped for now.trace.json',
          ja,
        ].sort(),
      );
      expect(fs.existsSync(path.join(dir, 'ids', '__traces__', 'gone.test.ts'))).toBe(false);
      expect(
        list()
          .filter((f) => !f.startsWith('skipped'))
          .map((f) => fs.readFileSync(path.join(goldens, f), 'utf8')),
      ).toEqual(before);

      // 4. Nothing obsolete is left: a plain run passes and reports none.
      const last = await runner.run(dir);
      expect(last.code, last.output).toBe(0);
      expect(last.output).not.toContain('obsolete');

      // 5. A golden under the name envtrace used before the encoding is still found, and -u moves it.
      fs.renameSync(path.join(goldens, '^case.trace.json'), path.join(goldens, 'Case.trace.json'));
      const legacy = await runner.run(dir);
      expect(legacy.code, legacy.output).toBe(0);
      expect(readJsonResults(path.join(dir, 'results.json')).snapshot).toMatchObject({
        added: 0,
        matched: 5,
        updated: 0,
      });
      expect(legacy.output).not.toContain('obsolete');
      expect(fs.existsSync(path.join(goldens, '^case.trace.json'))).toBe(false);
      const move = await runner.run(dir, true);
      expect(move.code, move.output).toBe(0);
      expect(readJsonResults(path.join(dir, 'results.json')).snapshot).toMatchObject({
        added: 0,
        matched: 4,
        updated: 1,
      });
      expect(list()).toEqual(
        [
          '^case.trace.json',
          'case.trace.json',
          'same title (2).trace.json',
          'same title.trace.json',
          'skipped for now.trace.json',
          ja,
        ].sort(),
      );
      expect(firstMotor('^case.trace.json')).toBe(1);
    });
  });
}
