import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ctsTwin, TWINNED } from '../scripts/cts-twins.mjs';
import { matchers } from './index.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'types');

describe('hand-written declarations', () => {
  it('each .d.cts twin is generated from its .d.ts with the CommonJS imports', () => {
    for (const name of TWINNED) {
      const esm = fs.readFileSync(path.join(dir, `${name}.d.ts`), 'utf8');
      const cjs = ctsTwin(esm, name);
      expect(cjs).not.toMatch(/'\.{1,2}\/[^']*\.js'/);
      expect(cjs).toBe(
        esm
          .replace("'../../dist/index.js'", "'../../dist/index.cjs'")
          .replaceAll("'./envtrace-matchers.js'", "'./envtrace-matchers.cjs'"),
      );
      // After a build, the twin on disk is the generated one (it is never edited by hand).
      const twin = path.join(dir, `${name}.d.cts`);
      if (fs.existsSync(twin)) expect(fs.readFileSync(twin, 'utf8'), twin).toBe(cjs);
    }
    // Vitest's augmentation is ESM only (a .d.cts would augment Vitest's CJS typings and be lost).
    expect(fs.existsSync(path.join(dir, 'vitest.d.cts'))).toBe(false);
  });

  it('refuses to twin a relative import it has no rule for', () => {
    expect(() => ctsTwin("import './other.js';", 'x.d.ts')).toThrow(
      "x.d.ts: no CommonJS twin known for the import './other.js'",
    );
  });

  it('the declared `matchers` object names every matcher the runtime object has', () => {
    for (const file of ['jest.d.ts', 'expect.d.ts', 'vitest.d.ts']) {
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
