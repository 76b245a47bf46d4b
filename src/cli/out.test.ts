import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIO } from './harness.test-helpers.js';
import { main } from './main.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TRACE = '{"events": [{"channel": "a", "timestamp": 0, "value": 1}]}\n';

describe('--out that is also an input (issue 26 §5)', () => {
  it.each([
    ['the same relative path', 'g.json', './g.json'],
    ['a symbolic link to the input', 'g.json', 'link.json'],
    ['a hard link to the input', 'g.json', 'hard.json'],
  ])('is refused through %s, the input untouched', async (_how, gt, out) => {
    writeFileSync(path.join(dir, 'g.json'), TRACE);
    writeFileSync(path.join(dir, 'p.json'), TRACE);
    rmSync(path.join(dir, 'link.json'), { force: true });
    rmSync(path.join(dir, 'hard.json'), { force: true });
    symlinkSync('g.json', path.join(dir, 'link.json'));
    linkSync(path.join(dir, 'g.json'), path.join(dir, 'hard.json'));
    const io = captureIO(dir);
    expect(await main(['align', '--gt', gt, '--pred', 'p.json', '--out', out], io)).toBe(2);
    expect(io.err()).toBe(
      `envtrace: --out "${out}" is also the input "${gt}": writing it would destroy that input; write elsewhere\n`,
    );
    expect(readFileSync(path.join(dir, 'g.json'), 'utf8')).toBe(TRACE);
  });

  it('a different file is written as before', async () => {
    writeFileSync(path.join(dir, 'g.json'), TRACE);
    const io = captureIO(dir);
    expect(await main(['align', '--gt', 'g.json', '--pred', 'g.json', '--out', 'r.json'], io)).toBe(
      0,
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'))).toHaveProperty('full_score');
  });
});
