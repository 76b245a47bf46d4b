import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempPathFor, writeFileAtomic, writeFileAtomicSync } from './write.js';

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

  it('removes its temp file when the rename fails (target is a directory)', async () => {
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep'), 'x');
    await expect(write(target, 'data')).rejects.toMatchObject({ code: expect.stringMatching(/^E/) as unknown });
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(target)).toEqual(['keep']);
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
