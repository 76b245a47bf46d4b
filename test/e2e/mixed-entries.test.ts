/**
 * End-to-end: the root entry mixed with each matcher entry and with the reporters, from the
 * packed tarball (issue 7 §1). Before one engine was shared by every entry, a reference-mode trace
 * loaded with the root entry's `loadTraceSync` failed in `toMatchTraceBehavior` ("cannot show a
 * JS PyFloat as a Python value") and `toThrow(ConfigError)` failed, because each entry bundled
 * its own classes. The Vitest and node:test fixtures also load the CommonJS build next to the ESM
 * one (the two copies that must agree through the `Symbol.for` brands).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/report/run/schema.js';
import { RunReportSchema } from '../../src/report/run/schema.js';
import { projectsRemovedAfterAll, runJest, runVitest, stripAnsi } from './helpers.js';

const project = projectsRemovedAfterAll();

function readReport(dir: string): RunReport {
  return RunReportSchema.parse(
    JSON.parse(fs.readFileSync(path.join(dir, 'envtrace-report.json'), 'utf8')),
  );
}

/** Every test passed, and the reference-mode check left its records (reference mode, passing). */
function checkReport(report: RunReport, expectedTests: number): void {
  expect(report.tests).toHaveLength(expectedTests);
  for (const t of report.tests) expect([t.name, t.status]).toEqual([t.name, 'passed']);
  const ref = report.tests.find((t) =>
    t.name.endsWith(
      'a reference-mode trace from loadTraceSync passes toMatchTraceBehavior in reference mode',
    ),
  );
  expect(ref?.records.map((r) => [r.matcher, r.mode, r.pass])).toEqual([
    ['toMatchTraceBehavior', 'reference', true],
    ['traceMatching', 'reference', true],
  ]);
  expect(report.summary.pass_rate.passed).toBe(report.summary.records.total);
}

describe('mixed entries', { timeout: 300_000 }, () => {
  it('vitest: root + python + envtrace-js/vitest + the vitest reporter (ESM, and CJS values)', async () => {
    const dir = project('mixed-vitest');
    const r = await runVitest(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toContain('cannot show a JS PyFloat');
    checkReport(readReport(dir), 6);
  });

  it('jest: root + python + envtrace-js/jest + the jest reporter (classic ts-jest, CommonJS)', async () => {
    const dir = project('mixed-jest');
    const r = await runJest(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('Tests:       3 passed, 3 total');
    checkReport(readReport(dir), 3);
  });

  it('node:test: root + python + envtrace-js/expect, ESM and CJS', async () => {
    const dir = project('mixed-expect');
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve, reject) => {
        const env: NodeJS.ProcessEnv = { ...process.env };
        for (const k of ['CI', 'GITHUB_ACTIONS', 'NODE_ENV', 'NODE_OPTIONS']) delete env[k];
        for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
        const child = spawn(process.execPath, ['--test', 'mixed.test.mjs', 'mixed.test.cjs'], {
          cwd: dir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
        child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
        child.on('error', reject);
        child.on('close', (c) => resolve({ code: c, output: stripAnsi(out) }));
      },
    );
    expect(code, output).toBe(0);
    expect(output).toMatch(/^# pass 5$/m);
    expect(output).toMatch(/^# fail 0$/m);
  });
});
