import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVTRACE_VERSION } from './version.js';

describe('ENVTRACE_VERSION', () => {
  it('equals the version in package.json', () => {
    const pkgPath = fileURLToPath(new URL('../package.json', import.meta.url));
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: unknown };
    expect(ENVTRACE_VERSION).toBe(pkg.version);
  });
});
