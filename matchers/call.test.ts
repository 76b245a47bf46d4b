import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callSite } from './call.js';

const here = fileURLToPath(import.meta.url);

describe('callSite', () => {
  it('finds the innermost frame in the test file (path or file URL, with or without a function name)', () => {
    const stack = [
      'Error',
      '    at stackHere (/repo/matchers/call.ts:10:12)',
      '    at Proxy.toMatchTraceBehavior (/repo/matchers/toMatchTraceBehavior.ts:120:16)',
      `    at ${pathToFileURL('/proj/a b.test.ts').href}:7:22`,
      '    at /proj/a b.test.ts:99:1',
    ].join('\n');
    expect(callSite('/proj/a b.test.ts', stack)).toEqual({ line: 7, column: 22 });
    expect(callSite('/proj/other.test.ts', stack)).toBeUndefined();
    expect(callSite('', stack)).toBeUndefined();
  });

  it('reads the line of the file as written in a real Vitest run (source-mapped)', () => {
    // This call is on line 23 of this file, column 18.
    const site = callSite(here);
    expect(site).toEqual({ line: 23, column: 18 });
  });
});
