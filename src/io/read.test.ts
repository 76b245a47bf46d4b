import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadConfigSync } from '../config/load.js';
import { importFile, importFileSync } from '../import/read.js';
import { FIFO_WRITER_WAIT_MS, InputFileError, readWhole, readWholeSync } from './read.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'envtrace-read-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const unix = process.platform !== 'win32';

function fifo(name: string): string {
  const p = path.join(tmp, name);
  execFileSync('mkfifo', [p]);
  return p;
}

describe('input files: type and size guards (issue 26 §12)', () => {
  it.skipIf(!unix)('refuses a character device on the opened descriptor', async () => {
    for (const dev of ['/dev/zero', '/dev/urandom']) {
      expect(() => readWholeSync(dev)).toThrow(InputFileError);
      await expect(readWhole(dev)).rejects.toThrow(
        'is a character device, not a regular file or a pipe',
      );
    }
    expect(() => loadConfigSync('/dev/zero')).toThrow(
      '/dev/zero: cannot read the config file: is a character device, not a regular file or a pipe',
    );
  });

  it('refuses a file over the limit before reading it', async () => {
    const big = path.join(tmp, 'big.json');
    writeFileSync(big, 'x'.repeat(100));
    expect(() => readWholeSync(big, 99)).toThrow(
      'is larger than 99 bytes (the limit for one file)',
    );
    await expect(readWhole(big, 99)).rejects.toThrow('is larger than 99 bytes');
    expect(readWholeSync(big, 100).length).toBe(100);
  });

  it.skipIf(!unix)(
    'reads a FIFO whose writer comes later, and counts its bytes against the limit',
    async () => {
      const p = fifo('late.json');
      const writer = spawn('sh', ['-c', 'sleep 0.3; printf "{}" > "$1"', 'sh', p]);
      const exited = new Promise((r) => writer.on('exit', r));
      await expect(loadConfig(p)).resolves.toEqual({ mode: 'default' });
      await exited;
      const q = fifo('endless.json');
      const yes = spawn('sh', ['-c', 'yes > "$1"', 'sh', q]);
      await expect(readWhole(q, 1 << 20)).rejects.toThrow('is larger than 1048576 bytes');
      yes.kill();
    },
  );

  it.skipIf(!unix)(
    'a FIFO that no writer opens ends in one error, not a hang',
    async () => {
      const p = fifo('nobody.yaml');
      const t = Date.now();
      expect(() => loadConfigSync(p)).toThrow(
        `${p}: cannot read the config file: is a FIFO that no writer opened within ${FIFO_WRITER_WAIT_MS / 1000} s`,
      );
      await expect(readWhole(p)).rejects.toThrow('is a FIFO that no writer opened');
      expect(Date.now() - t).toBeLessThan(4 * FIFO_WRITER_WAIT_MS);
    },
    6 * FIFO_WRITER_WAIT_MS,
  );

  it.skipIf(!unix)('a FIFO inside a rosbag2 run directory is refused at once', async () => {
    const dir = path.join(tmp, 'run');
    mkdirSync(dir);
    execFileSync('mkfifo', [path.join(dir, 'messages.decoded.jsonl')]);
    const why = `${dir}: cannot read trace: messages.decoded.jsonl in the run directory is not a regular file`;
    expect(() => importFileSync(dir)).toThrow(why);
    await expect(importFile(dir)).rejects.toThrow(why);
  });
});
