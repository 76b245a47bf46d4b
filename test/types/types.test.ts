/**
 * Type tests, one host each, against the packed package: each `test/types/<host>/` is copied to
 * `.tmp/types/<host>-<random>/` with the tarball extracted into `node_modules/envtrace-js` (as
 * `npm i` would: node10 resolution has no self-reference, and the packed `files` list is part
 * of what is tested), then `tsc -p` runs every `tsconfig*.json` of the host. The tsconfigs'
 * `types` name only what the host uses; `@ts-expect-error` lines check that misuse is a type
 * error (tsc fails on an unused one). The runners' own types resolve from the repository's
 * `node_modules` by upward lookup. Needs `dist/` (npm test builds).
 *
 * Hosts: vitest, jest-globals, expect (node16 ESM), jest-cjs (node16 CJS), jest-node10 (classic
 * ts-jest: "module": "commonjs"), jest-bundler, root (the root and python entries under node10,
 * node16 and bundler resolution, with every comparator spec the README documents).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packedTarball, repoRoot } from '../e2e/helpers.js';

const TSC = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const HOSTS_DIR = path.join(repoRoot, 'test', 'types');
const WORK = path.join(repoRoot, '.tmp', 'types');

const made: string[] = [];
afterAll(() => {
  if (process.env['ENVTRACE_E2E_KEEP']) return;
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of host `name` with the packed envtrace-js installed. An ESM package unless the host brings a package.json. */
function hostProject(name: string): string {
  const tarball = packedTarball();
  const dir = path.join(WORK, `${name}-${randomBytes(4).toString('hex')}`);
  fs.cpSync(path.join(HOSTS_DIR, name), dir, { recursive: true });
  made.push(dir);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ name: `types-${name}`, private: true, type: 'module' }, null, 2)}\n`,
    );
  }
  const pkgDir = path.join(dir, 'node_modules', 'envtrace-js');
  fs.mkdirSync(pkgDir, { recursive: true });
  const r = spawnSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  return dir;
}

const hosts = fs
  .readdirSync(HOSTS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const cases = hosts.flatMap((host) =>
  fs
    .readdirSync(path.join(HOSTS_DIR, host))
    .filter((f) => /^tsconfig.*\.json$/.test(f))
    .sort()
    .map((tsconfig) => [host, tsconfig] as const),
);

it('has a host per resolution mode for the root and jest entries', () => {
  const names = cases.map(([h, t]) => `${h}/${t}`);
  for (const n of [
    'root/tsconfig.node10.json',
    'root/tsconfig.node16.json',
    'root/tsconfig.bundler.json',
    'jest-node10/tsconfig.json',
    'jest-bundler/tsconfig.json',
    'jest-cjs/tsconfig.json',
  ]) {
    expect(names).toContain(n);
  }
});

describe.each(cases)('types: %s (%s)', (host, tsconfig) => {
  it('type-checks the API and rejects misuse', () => {
    expect(
      fs.existsSync(path.join(repoRoot, 'dist', 'index.d.ts')),
      'dist/ is missing: run `npm run build` first',
    ).toBe(true);
    const dir = hostProject(host);
    const r = spawnSync(process.execPath, [TSC, '-p', tsconfig], { cwd: dir, encoding: 'utf8' });
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  }, 60_000);
});
