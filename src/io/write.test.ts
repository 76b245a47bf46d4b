import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeFsError,
  parseTempName,
  resolveWriteTargetSync,
  sweepStaleTempFiles,
  tempPathFor,
  writeFileAtomic,
  writeFileAtomicSync,
} from './write.js';

const hasMkfifo =
  process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).error === undefined;

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
    await expect(write(target, 'data')).rejects.toMatchObject({
      code: 'EISDIR',
      path: target,
      message: expect.stringContaining(target) as unknown,
    });
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

  it.skipIf(!existsSync('/dev/null'))(
    'writes /dev/null in place: the device stays a device',
    async () => {
      await write('/dev/null', 'discarded');
      expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
      // A link to a device is written in place too.
      symlinkSync('/dev/null', path.join(dir, 'sink'));
      await write(path.join(dir, 'sink'), 'discarded');
      expect(lstatSync(path.join(dir, 'sink')).isSymbolicLink()).toBe(true);
      expect(readdirSync(dir)).toEqual(['sink']);
    },
  );

  it.skipIf(!hasMkfifo)(
    'writes a FIFO in place: a reader gets the text, no file replaces the FIFO',
    async () => {
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
    },
  );

  it('fails with the fs error when a parent is a file, creating nothing', async () => {
    writeFileSync(path.join(dir, 'plain'), 'x');
    await expect(write(path.join(dir, 'plain', 'sub', 'r.json'), 'x')).rejects.toMatchObject({
      code: expect.stringMatching(/^E/) as unknown,
    });
    expect(readdirSync(dir)).toEqual(['plain']);
  });
});

describe('concurrency', () => {
  it('concurrent writers never leave a torn file: every read sees one complete version', async () => {
    const file = path.join(dir, 'r.json');
    const initial = 'initial';
    writeFileSync(file, initial);
    // Large, distinct contents so a torn or partial file would be detectable.
    const texts = Array.from(
      { length: 6 },
      (_, i) => `${String.fromCharCode(97 + i).repeat(200_000)}`,
    );
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
    expect(path.basename(a)).toMatch(/^\.x\.json\.\d+\.[0-9a-z]+\.[0-9a-f]{12}\.tmp$/);
    expect(parseTempName(path.basename(tempPathFor(file, 1_700_000_000_000)))).toEqual({
      target: 'x.json',
      pid: process.pid,
      createdMs: 1_700_000_000_000,
    });
    expect(parseTempName('.x.json.tmp')).toBeUndefined();
    expect(parseTempName('x.json')).toBeUndefined();
  });
});

describe('stale temp files', () => {
  const HOUR = 60 * 60 * 1000;
  /** A temp file as a writer with `pid` would have left it at `at`. */
  function leftover(name: string, pid: number, at: number): string {
    const file = path.join(dir, `.${name}.${pid}.${at.toString(36)}.${'ab12'.repeat(3)}.tmp`);
    writeFileSync(file, 'partial');
    utimesSync(file, at / 1000, at / 1000);
    return file;
  }

  it('removes temp files of dead processes older than an hour, and nothing else', () => {
    const now = Date.now();
    const alive = (pid: number) => pid === 1;
    const old = leftover('r.json', 4242, now - 2 * HOUR);
    const fresh = leftover('r.json', 4243, now - 10 * 60 * 1000);
    const liveOwner = leftover('r.json', 1, now - 2 * HOUR);
    writeFileSync(path.join(dir, 'r.json'), 'report');
    writeFileSync(path.join(dir, '.r.json.tmp'), 'not ours');
    expect(sweepStaleTempFiles(dir, now, alive)).toEqual([old]);
    expect(readdirSync(dir).sort()).toEqual(
      ['.r.json.tmp', path.basename(fresh), path.basename(liveOwner), 'r.json'].sort(),
    );
  });

  it('the time in the name counts: a recently touched copy of an old name stays', () => {
    const now = Date.now();
    const file = leftover('r.json', 4242, now - 2 * HOUR);
    utimesSync(file, now / 1000, now / 1000);
    expect(sweepStaleTempFiles(dir, now, () => false)).toEqual([]);
  });

  it('a missing directory is not an error', () => {
    expect(sweepStaleTempFiles(path.join(dir, 'nope'))).toEqual([]);
  });

  it('an atomic write sweeps its directory once per process, with the real process check', async () => {
    // A pid that cannot exist on Linux (above pid_max), two hours old: certainly stale.
    const stale = leftover('g.json', 2 ** 30, Date.now() - 2 * HOUR);
    const mine = leftover('g.json', process.pid, Date.now() - 2 * HOUR);
    await writeFileAtomic(path.join(dir, 'g.json'), 'x');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    // Swept once: a later leftover in the same directory waits for the next process.
    const later = leftover('g.json', 2 ** 30 - 1, Date.now() - 2 * HOUR);
    writeFileAtomicSync(path.join(dir, 'g.json'), 'y');
    expect(existsSync(later)).toBe(true);
  });
});

describe('describeFsError', () => {
  it('says why in words, never naming a (temp) path', () => {
    const err = (code: string) =>
      Object.assign(new Error(`${code}: x, open '/d/.r.json.1.a.b.tmp'`), { code });
    expect(describeFsError(err('EACCES'))).toBe('permission denied');
    expect(describeFsError(err('EISDIR'))).toBe('is a directory');
    expect(describeFsError(err('ENOTDIR'))).toBe('a parent is not a directory');
    expect(describeFsError(err('EEXIST'))).toBe('a parent is not a directory');
    expect(describeFsError(err('ENOSPC'))).toBe('no space left on device');
    expect(describeFsError(err('EROFS'))).toBe('read-only file system');
    expect(describeFsError(err('EIO'))).toBe('x (EIO)');
    expect(
      describeFsError(
        Object.assign(
          new Error("EBUSY: resource busy or locked, rename '/d/.r.json.1.a.b.tmp' -> '/d'"),
          { code: 'EBUSY' },
        ),
      ),
    ).toBe('resource busy or locked (EBUSY)');
    expect(describeFsError(new Error('plain'))).toBe('plain');
  });
});

describe('resolveWriteTargetSync', () => {
  it('names the atomic target at the end of the link chain, and writes /dev paths in place', () => {
    writeFileSync(path.join(dir, 'f'), '');
    symlinkSync('f', path.join(dir, 'l'));
    expect(resolveWriteTargetSync(path.join(dir, 'l'))).toEqual({
      kind: 'atomic',
      path: path.join(dir, 'f'),
    });
    expect(resolveWriteTargetSync(path.join(dir, 'new.json'))).toEqual({
      kind: 'atomic',
      path: path.join(dir, 'new.json'),
    });
    if (process.platform !== 'win32')
      expect(resolveWriteTargetSync('/dev/stdout')).toEqual({
        kind: 'in-place',
        path: '/dev/stdout',
      });
  });
});

describe.each(variants)('%s keeps the replaced file’s mode (issue 26 §4)', (_name, write) => {
  it.skipIf(process.platform === 'win32')('a 0600 file stays 0600, a 0664 one 0664', async () => {
    for (const mode of [0o600, 0o664, 0o640]) {
      const f = path.join(dir, `r${mode.toString(8)}.json`);
      writeFileSync(f, 'old');
      chmodSync(f, mode);
      await write(f, 'new');
      expect(readFileSync(f, 'utf8')).toBe('new');
      expect(statSync(f).mode & 0o7777).toBe(mode);
    }
  });
  it.skipIf(process.getuid?.() !== 0)('as root, another user’s file keeps its owner', async () => {
    const f = path.join(dir, 'owned.json');
    writeFileSync(f, 'old');
    chownSync(f, 1234, 2345);
    await write(f, 'new');
    expect(statSync(f)).toMatchObject({ uid: 1234, gid: 2345 });
  });
});

describe('writeFileAtomicSync within a folder (golden files, issue 26 §3)', () => {
  it.skipIf(process.platform === 'win32')(
    'a link leaving the folder is replaced by a regular file; its target is untouched',
    () => {
      const traces = path.join(dir, '__traces__', 'a.test.ts');
      mkdirSync(traces, { recursive: true });
      const outside = path.join(dir, 'bashrc');
      writeFileSync(outside, 'precious');
      const golden = path.join(traces, 'x.trace.json');
      symlinkSync(outside, golden);
      writeFileAtomicSync(golden, 'golden', { within: path.join(dir, '__traces__') });
      expect(readFileSync(outside, 'utf8')).toBe('precious');
      expect(lstatSync(golden).isSymbolicLink()).toBe(false);
      expect(readFileSync(golden, 'utf8')).toBe('golden');
      // A link to /dev/null (written in place otherwise) is replaced too.
      const dev = path.join(traces, 'dev.trace.json');
      symlinkSync('/dev/null', dev);
      writeFileAtomicSync(dev, 'golden', { within: path.join(dir, '__traces__') });
      expect(readFileSync(dev, 'utf8')).toBe('golden');
    },
  );

  it.skipIf(process.platform === 'win32')('a link inside the folder is followed as before', () => {
    const traces = path.join(dir, '__traces__', 'a.test.ts');
    mkdirSync(traces, { recursive: true });
    const real = path.join(traces, 'real.trace.json');
    writeFileSync(real, 'old');
    const link = path.join(traces, 'link.trace.json');
    symlinkSync('real.trace.json', link);
    writeFileAtomicSync(link, 'new', { within: path.join(dir, '__traces__') });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it.skipIf(process.platform === 'win32')(
    'a folder link leading out is refused with the path, writing nothing',
    () => {
      const root = path.join(dir, '__traces__');
      mkdirSync(root);
      const elsewhere = path.join(dir, 'etc');
      mkdirSync(elsewhere);
      symlinkSync(elsewhere, path.join(root, 'a.test.ts'));
      const golden = path.join(root, 'a.test.ts', 'x.trace.json');
      expect(() => writeFileAtomicSync(golden, 'g', { within: root })).toThrow(
        `${golden} leads to ${path.join(elsewhere, 'x.trace.json')}, outside ${root}; not written`,
      );
      expect(readdirSync(elsewhere)).toEqual([]);
    },
  );
});

describe('a read-only file system (issue 26 §13)', () => {
  // A read-only tmpfs needs root and a kernel that lets the test mount one: skipped elsewhere.
  const ro = path.join(os.tmpdir(), `envtrace-ro-${process.pid}`);
  const mounted = (() => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
    try {
      mkdirSync(ro, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'none', ro], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  afterAll(() => {
    if (mounted) execFileSync('umount', [ro]);
    rmSync(ro, { recursive: true, force: true });
  });

  it.skipIf(!mounted).each(variants)(
    '%s says "read-only file system", not "no such file or directory"',
    async (_name, write) => {
      for (const file of [path.join(ro, 'r.json'), path.join(ro, 'a', 'b', 'r.json')]) {
        const e = await write(file, 'x').then(
          () => undefined,
          (err: unknown) => err,
        );
        expect((e as NodeJS.ErrnoException).code, file).toBe('EROFS');
        expect(describeFsError(e)).toBe('read-only file system');
      }
    },
  );
});
