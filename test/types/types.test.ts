/**
 * Type tests, one host each: `tsc -p test/types/<host>` where the tsconfig's `types` is empty
 * and the test file imports only that host and the envtrace entry. `@ts-expect-error` lines
 * check that misuse is a type error (tsc fails on an unused one). Needs `dist/` (npm test builds).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/helpers.js';

const TSC = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

describe.each(['vitest', 'jest-globals', 'jest-cjs', 'expect'])('types: %s', (host) => {
  it('type-checks the matcher API and rejects misuse', () => {
    expect(fs.existsSync(path.join(repoRoot, 'dist', 'index.d.ts')), 'dist/ is missing: run `npm run build` first').toBe(true);
    const r = spawnSync(process.execPath, [TSC, '-p', path.join('test', 'types', host)], { cwd: repoRoot, encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
