/**
 * The runnable examples stay runnable: each run.mjs runs its suite with the real runner and
 * exits 0 only when exactly the deliberately wrong program's test fails. Run as CI would
 * (CI=true): the committed golden traces must be enough and nothing may be written.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packedTarball, repoRoot, stripAnsi } from './helpers.js';

function runScript(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
    for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_ENV') delete env[k];
    const child = spawn(process.execPath, [script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: stripAnsi(output) }));
  });
}

function goldens(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.trace.json')) out[path.relative(dir, p)] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe.each([
  ['vitest-beamline', 'generated program with the exposure in ms', 'discrete not exact: 1 mismatch; timing failed'],
  ['jest-robot', 'generated program that never releases the part', 'discrete not exact: 2 missing events'],
])('examples/%s', (name, failing, verdict) => {
  it('passes its tests and fails exactly the wrong program, with committed goldens only', async () => {
    packedTarball(); // checks that dist/ is built
    const dir = path.join(repoRoot, 'examples', name);
    const before = goldens(dir);
    expect(Object.keys(before)).toHaveLength(1);
    const r = await runScript(path.join(dir, 'run.mjs'));
    expect(r.output).toContain(`example OK: only the wrong program failed`);
    expect(r.output).toContain(failing);
    expect(r.output).toContain(verdict);
    expect(r.code).toBe(0);
    expect(goldens(dir)).toEqual(before);
  }, 120_000);

  it('type-checks as a user would write it', () => {
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', path.join('examples', name)], { cwd: repoRoot, encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
