/**
 * The runnable examples stay runnable: each run.mjs runs its suite with the real runner and
 * exits 0 only when exactly the deliberately wrong program's test fails, for the expected reason.
 * Run as CI would (CI=true): the committed golden traces must be enough and nothing may be
 * written. And `npm run demo` tells the whole story in at most 60 lines.
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
    const child = spawn(process.execPath, [script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
      else if (e.name.endsWith('.trace.json'))
        out[path.relative(dir, p)] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe.each([
  [
    'vitest-beamline',
    'generated program with the exposure in ms',
    'discrete not exact: 1 mismatch (row 2 det:AcquireTime: 1000 instead of 1); timing failed',
    1,
  ],
  [
    'jest-robot',
    'generated program that never releases the part',
    'discrete not exact: 2 missing events',
    1,
  ],
  // The agent's hotel is booked one night short: the failure names the call and its closest candidate.
  [
    'agent-travel',
    'generated agent that books the hotel one night short',
    'reference[5] book_hotel({"hotel_id":"H-ALFAMA","check_in":"2026-05-04","check_out":"2026-05-08","guests":2})  closest: calls[5] book_hotel({"hotel_id":"H-ALFAMA","check_in":"2026-05-04","check_out":"2026-05-07","guests":2}) (other arguments)',
    0,
  ],
] as const)('examples/%s', (name, failing, verdict, goldenCount) => {
  it('passes its tests and fails exactly the wrong program, with committed goldens only', async () => {
    packedTarball(); // checks that dist/ is built
    const dir = path.join(repoRoot, 'examples', name);
    const before = goldens(dir);
    expect(Object.keys(before)).toHaveLength(goldenCount);
    const r = await runScript(path.join(dir, 'run.mjs'));
    expect(r.output).toContain(`example OK: only the wrong program failed`);
    expect(r.output).toContain(failing);
    expect(r.output).toContain(verdict);
    expect(r.code).toBe(0);
    expect(goldens(dir)).toEqual(before);
  }, 120_000);

  it('type-checks as a user would write it', () => {
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', path.join('examples', name)], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});

describe('npm run demo', () => {
  it('judges every example as expected, in at most 60 lines, the agent suite included', async () => {
    const r = await runScript(path.join(repoRoot, 'examples', 'demo.mjs'));
    expect(r.code, r.output).toBe(0);
    const lines = r.output.replace(/\n+$/, '').split('\n');
    expect(lines.length, r.output).toBeLessThanOrEqual(60);
    expect(r.output).toContain('[3/4] Vitest: travel-booking agent');
    expect(r.output).toContain(
      '✗ travel agent generated agent that books the hotel one night short',
    );
    expect(r.output).toContain(
      'trajectory not followed (mode strict): 4 calls matched · 3 reference calls unmatched · 3 unexpected',
    );
    // …for the right reason: the hotel's check-out date, named in the record's issues.
    expect(r.output).toContain(
      'e.g. reference search_hotels({"city":"Lisbon","check_in":"2026-05-04","check_out":"2026-05-08","guests":2})',
    );
    expect(r.output).toContain(
      'closest search_hotels({"city":"Lisbon","check_in":"2026-05-04","check_out":"2026-05-07","guests":2})',
    );
    expect(r.output).toMatch(
      /trajectories 5\/6 passed · corpus distance 0\.\d{4} \(total distance \/ total max\)/,
    );
    expect(r.output).toContain('Everything was judged as expected');
  }, 600_000);
});
