import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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

describe('--out that is a file inside an input directory', () => {
  const JSONL = '{"channel": "a", "timestamp": 0, "value": 1}\n';

  it('convert: the one *.jsonl file a directory input reads is refused, untouched', async () => {
    mkdirSync(path.join(dir, 'one'), { recursive: true });
    writeFileSync(path.join(dir, 'one', 'only.jsonl'), JSONL);
    const io = captureIO(dir);
    expect(await main(['convert', 'one', '--out', 'one/only.jsonl'], io)).toBe(2);
    expect(io.err()).toBe(
      'envtrace: --out "one/only.jsonl" is a file inside the input directory "one": writing it could destroy that input; write elsewhere\n',
    );
    expect(readFileSync(path.join(dir, 'one', 'only.jsonl'), 'utf8')).toBe(JSONL);
  });

  it('evaluate: an existing file of a directory input is refused; a new file there is written', async () => {
    mkdirSync(path.join(dir, 'one'), { recursive: true });
    writeFileSync(path.join(dir, 'one', 'only.jsonl'), JSONL);
    writeFileSync(path.join(dir, 'one', 'notes.txt'), 'kept\n');
    const io = captureIO(dir);
    const args = ['evaluate', '--gt', 'one', '--pred', 'one', '--json', '--out'];
    expect(await main([...args, 'one/notes.txt'], io)).toBe(2);
    expect(io.err()).toContain('is a file inside the input directory "one"');
    expect(readFileSync(path.join(dir, 'one', 'notes.txt'), 'utf8')).toBe('kept\n');
    rmSync(path.join(dir, 'one', 'r.json'), { force: true });
    expect(await main([...args, 'one/r.json'], captureIO(dir))).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'one', 'r.json'), 'utf8'))).toHaveProperty(
      'full_score',
    );
  });

  it('batch: a golden trace is refused, untouched; an earlier run report is replaced', async () => {
    for (const side of ['gt', 'pred']) {
      mkdirSync(path.join(dir, side), { recursive: true });
      writeFileSync(path.join(dir, side, 'a.json'), TRACE);
    }
    writeFileSync(path.join(dir, 'gt', 'b.json'), TRACE);
    writeFileSync(path.join(dir, 'pred', 'b.json'), TRACE);
    const batch = ['evaluate', '--gt-dir', 'gt', '--pred-dir', 'pred', '--quiet', '--out'];
    const io = captureIO(dir);
    expect(await main([...batch, 'gt/b.json'], io)).toBe(2);
    expect(io.err()).toBe(
      'envtrace: --out "gt/b.json" is a file inside the input directory "gt": writing it could destroy that input; write elsewhere\n',
    );
    expect(readFileSync(path.join(dir, 'gt', 'b.json'), 'utf8')).toBe(TRACE);
    rmSync(path.join(dir, 'pred', 'run.json'), { force: true });
    expect(await main([...batch, 'pred/run.json'], captureIO(dir))).toBe(0);
    const again = captureIO(dir);
    expect(await main([...batch, 'pred/run.json'], again)).toBe(0);
    expect(again.err()).toBe('');
    expect(readFileSync(path.join(dir, 'pred', 'run.json'), 'utf8')).toContain(
      '"kind": "envtrace-run-report"',
    );
  });
});
