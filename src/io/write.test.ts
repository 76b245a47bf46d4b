import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWriteTargetSync, tempPathFor, writeFileAtomic, writeFileAtomicSync } from './write.js';

const hasMkfifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).error === undefined;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-io-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const variants = [
  ['writeFileAtomic', writeFileAtomic],
  ['writeFileAtomicSync', async (file: string, text: string) => writeFileAtomicSync(file, text)],
] as const;

describe.each(variants)('%s', (_name, write) => {
  it('writes a new file and replaces an existing one, leaving no temp file', async () => {
    const file = path.join(dir, 'report.json');
    await write(file, 'first\n');
    expect(readFileSync(file, 'utf8')).toBe('first\n');
    writeFileSync(file, 'old content that is longer than the new one');
    await write(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('writes non-ASCII text as UTF-8', async () => {
    const file = path.join(dir, 'r.json');
    await write(file, '{"v": "温度 µm 🙂"}');
    expect(readFileSync(file, 'utf8')).toBe('{"v": "温度 µm 🙂"}');
  });

  it('creates missing parent directories', async () => {
    const file = path.join(dir, 'a', 'b', 'c', 'r.json');
    await write(file, 'x');
    expect(readFileSync(file, 'utf8')).toBe('x');
    expect(readdirSync(path.dirname(file))).toEqual(['r.json']);
  });

  it('refuses a directory with EISDIR naming the path, creating nothing', async () => {
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep'), 'x');
    await expect(write(target, 'data')).rejects.toMatchObject({ code: 'EISDIR', path: target, message: expect.stringContaining(target) as unknown });
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(target)).toEqual(['keep']);
  });

  it('refuses a symbolic link to a directory', async () => {
    mkdirSync(path.join(dir, 'real'));
    symlinkSync('real', path.join(dir, 'link'));
    await expect(write(path.join(dir, 'link'), 'data')).rejects.toMatchObject({ code: 'EISDIR' });
    expect(readdirSync(path.join(dir, 'real'))).toEqual([]);
  });

  it('writes through a symbolic link to a regular file: the link stays, its target gets the text', async () => {
    mkdirSync(path.join(dir, 'store'));
    const real = path.join(dir, 'store', 'golden.json');
    writeFileSync(real, 'old');
    const link = path.join(dir, 'golden.json');
    symlinkSync(path.join('store', 'golden.json'), link);
    await write(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(readdirSync(path.join(dir, 'store'))).toEqual(['golden.json']);
  });

  it('follows a chain of links, and a dangling link creates its target', async () => {
    symlinkSync('b', path.join(dir, 'a'));
    symlinkSync(path.join('sub', 'c.json'), path.join(dir, 'b'));
    await write(path.join(dir, 'a'), 'via chain');
    expect(lstatSync(path.join(dir, 'a')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(dir, 'b')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'sub', 'c.json'), 'utf8')).toBe('via chain');
  });

  it('rejects a link cycle with ELOOP', async () => {
    symlinkSync('y', path.join(dir, 'x'));
    symlinkSync('x', path.join(dir, 'y'));
    await expect(write(path.join(dir, 'x'), 'data')).rejects.toMatchObject({ code: 'ELOOP' });
  });

  it.skipIf(!existsSync('/dev/null'))('writes /dev/null in place: the device stays a device', async () => {
    await write('/dev/null', 'discarded');
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    // A link to a device is written in place too.
    symlinkSync('/dev/null', path.join(dir, 'sink'));
    await write(path.join(dir, 'sink'), 'discarded');
    expect(lstatSync(path.join(dir, 'sink')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir)).toEqual(['sink']);
  });

  it.skipIf(!hasMkfifo)('writes a FIFO in place: a reader gets the text, no file replaces the FIFO', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // The reader runs in another process: opening a FIFO for writing waits for one.
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => (got += d));
    const closed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    await write(fifo, 'through the pipe\n');
    await closed;
    expect(got).toBe('through the pipe\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['pipe']);
  });

  it('fails with the fs error when a parent is a file, creating nothing', async () => {
    writeFileSync(path.join(dir, 'plain'), 'x');
    await expect(write(path.join(dir, 'plain', 'sub', 'r.json'), 'x')).rejects.toMatchObject({ code: expect.stringMatching(/^E/) as unknown });
    expect(readdirSync(dir)).toEqual(['plain']);
  });
});

describe('concurrency', () => {
  it('concurrent writers never leave a torn file: every read sees one complete version', async () => {
    const file = path.join(dir, 'r.json');
    const initial = 'initial';
    writeFileSync(file, initial);
    // Large, distinct contents so a torn or partial file would be detectable.
    const texts = Array.from({ length: 6 }, (_, i) => `${String.fromCharCode(97 + i).repeat(200_000)}`);
    const allowed = new Set([initial, ...texts]);
    let writing = true;
    const seen: string[] = [];
    const reader = (async () => {
      while (writing) {
        seen.push(await readFile(file, 'utf8'));
      }
    })();
    await Promise.all(
      texts.map(async (t) => {
        for (let i = 0; i < 5; i++) await writeFileAtomic(file, t);
      }),
    );
    writing = false;
    await reader;
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(allowed.has(s)).toBe(true);
    expect(texts).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(dir)).toEqual(['r.json']);
  });

  it('temp names are unique per call and live next to the target', () => {
    const file = path.join(dir, 'x.json');
    const a = tempPathFor(file);
    const b = tempPathFor(file);
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(dir);
    expect(path.basename(a)).toMatch(/^\.x\.json\.\d+\.[0-9a-f]{12}\.tmp$/);
  });
});

describe('resolveWriteTargetSync', () => {
  it('names the atomic target at the end of the link chain, and writes /dev paths in place', () => {
    writeFileSync(path.join(dir, 'f'), '');
    symlinkSync('f', path.join(dir, 'l'));
    expect(resolveWriteTargetSync(path.join(dir, 'l'))).toEqual({ kind: 'atomic', path: path.join(dir, 'f') });
    expect(resolveWriteTargetSync(path.join(dir, 'new.json'))).toEqual({ kind: 'atomic', path: path.join(dir, 'new.json') });
    if (process.platform !== 'win32') expect(resolveWriteTargetSync('/dev/stdout')).toEqual({ kind: 'in-place', path: '/dev/stdout' });
  });
});
