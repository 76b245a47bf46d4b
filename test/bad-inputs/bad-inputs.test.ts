/**
 * The bad-input corpus (README "Robustness"; format in `cases.ts`): every case runs the CLI
 * in-process and must give exactly its recorded exit code and stderr. Whatever a case says, a bad
 * input never gives exit 70 (an internal error) and never prints a stack trace, and a refused
 * input (exit 2) prints nothing on stdout.
 *
 * `npm run bad-inputs:update` (ENVTRACE_BAD_INPUTS_UPDATE=1) rewrites each sidecar's `exit` and
 * `stderr` from the current behaviour instead of comparing: review the diff before committing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  corpusRoot,
  inputPath,
  listCases,
  runCase,
  specProblems,
  updateSidecar,
  VALID_TRACE,
} from './cases.js';
import { generated } from './generate.mjs';

const UPDATE = process.env['ENVTRACE_BAD_INPUTS_UPDATE'] === '1';
const cases = listCases();
const work = mkdtempSync(path.join(os.tmpdir(), 'envtrace-bad-inputs-'));
const valid = path.join(work, 'valid.json');
writeFileSync(valid, VALID_TRACE);
const genRoot = path.join(work, 'generated');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('bad-input corpus', () => {
  it('holds at least 200 cases, every generator has its sidecar, every sidecar is well-formed', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const ids = new Set(cases.map((c) => c.id));
    for (const id of generated.keys())
      expect(ids.has(id), `generate.mjs makes ${id} but it has no sidecar`).toBe(true);
    for (const c of cases) expect(specProblems(c.spec), c.id).toEqual([]);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const file =
      c.spec.role === 'args' && !generated.has(c.id)
        ? path.join(corpusRoot, c.id)
        : inputPath(c, generated, genRoot);
    const run = await runCase(c.spec, file, valid, work);
    const output = `${run.stdout}${run.stderr}`;
    // Invariants, whatever the sidecar says.
    expect(run.exit, `${c.id}: internal error\n${run.stderr}`).not.toBe(70);
    expect(output, `${c.id}: stack trace in the output`).not.toMatch(/^ {4}at /m);
    if (run.exit === 2) expect(run.stdout, `${c.id}: a refused input printed a report`).toBe('');
    if (UPDATE) {
      updateSidecar(c, run);
      return;
    }
    expect({ exit: run.exit, stderr: run.stderr }, `${c.id}: ${c.spec.why}`).toEqual({
      exit: c.spec.exit,
      stderr: c.spec.stderr,
    });
  });
});
