import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchers } from './index.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'types');

describe('hand-written declarations', () => {
  it('each .d.cts is its .d.ts with CommonJS imports (no drift between the twins)', () => {
    for (const name of ['envtrace-matchers', 'jest', 'expect']) {
      const esm = fs.readFileSync(path.join(dir, `${name}.d.ts`), 'utf8');
      const cjs = fs.readFileSync(path.join(dir, `${name}.d.cts`), 'utf8');
      expect(cjs).toBe(
        esm
          .replace("'../../dist/index.js'", "'../../dist/index.cjs'")
          .replaceAll("'./envtrace-matchers.js'", "'./envtrace-matchers.cjs'"),
      );
    }
    // Vitest's augmentation is ESM only (a .d.cts would augment Vitest's CJS typings and be lost).
    expect(fs.existsSync(path.join(dir, 'vitest.d.cts'))).toBe(false);
  });

  it('the declared `matchers` object names every matcher the runtime object has', () => {
    for (const file of ['jest.d.ts', 'jest.d.cts', 'expect.d.ts', 'expect.d.cts', 'vitest.d.ts']) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const decl = /export declare const matchers:\s*Readonly<\s*Record<([^,]+),/.exec(text);
      expect(decl, file).not.toBeNull();
      const names = decl![1]!
        .split('|')
        .map((x) => x.trim().replace(/^'|'$/g, ''))
        .filter((x) => x !== '');
      expect(names.sort(), file).toEqual(Object.keys(matchers).sort());
    }
  });
});
