/** envtrace/expect (the standalone expect package) under node:test, ESM and CJS, from the packed tarball. */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, removeProject, stripAnsi } from './helpers.js';

function nodeTest(
  dir: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const base: NodeJS.ProcessEnv = { ...process.env };
    for (const k of ['CI', 'GITHUB_ACTIONS', 'NODE_ENV', 'NODE_OPTIONS']) delete base[k];
    for (const k of Object.keys(base)) if (k.startsWith('VITEST')) delete base[k];
    const child = spawn(process.execPath, ['--test', 'scan.test.mjs', 'require.test.cjs'], {
      cwd: dir,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: stripAnsi(output) }));
  });
}

describe('expect package: node:test', () => {
  let dir = '';
  beforeAll(() => {
    dir = makeProject('expect-project');
  });
  afterAll(() => removeProject(dir));

  it('runs the matchers and keeps goldens (written locally, compared after, never written in CI)', async () => {
    const golden = path.join(dir, '__traces__', 'scan.test.mjs', 'toMatchGoldenTrace.trace.json'); // the test's name as written (no other test's name differs from it only in case)
    const first = await nodeTest(dir, {});
    expect(first.code, first.output).toBe(0);
    expect(fs.existsSync(golden)).toBe(true);
    const again = await nodeTest(dir, {});
    expect(again.code, again.output).toBe(0);
    const changed = await nodeTest(dir, { TRACE_VARIANT: 'changed' });
    expect(changed.code).toBe(1);
    expect(changed.output).toContain('Expected the received trace to behave like its golden trace');
    fs.rmSync(path.join(dir, '__traces__'), { recursive: true });
    const ci = await nodeTest(dir, { CI: 'true' });
    expect(ci.code).toBe(1);
    expect(ci.output).toContain('goldens are not written in CI');
    expect(fs.existsSync(golden)).toBe(false);
  }, 60_000);
});
