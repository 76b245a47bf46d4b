/** Batch mode does not trust its directories (issue 26 §11). */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
import { scanTrace, writeTree, BATCH_ARGS } from './fixtures.test-helpers.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

async function cli(argv: string[]) {
  const io = captureIO(tmp.dir);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}
const unix = process.platform !== 'win32';

describe('batch mode and its directories', () => {
  it('refuses --gt-dir and --pred-dir that are one directory (also through a link)', async () => {
    writeTree(tmp.dir, { 'g/a.json': scanTrace(3) });
    symlinkSync('g', path.join(tmp.dir, 'also-g'));
    for (const pred of ['g', './g/', 'also-g']) {
      const r = await cli(['evaluate', '--gt-dir', 'g', '--pred-dir', pred, '--jobs', '1']);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `envtrace: --gt-dir g and --pred-dir ${pred} are the same directory: every trace would be scored against itself\n`,
      );
    }
  });

  it.skipIf(!unix)(
    'a prediction that links out of --pred-dir is a failed pair, not read',
    async () => {
      writeTree(tmp.dir, { 'gt/x.json': scanTrace(3), 'gt/y.json': scanTrace(3) });
      mkdirSync(path.join(tmp.dir, 'pred'));
      writeFileSync(path.join(tmp.dir, 'pred/y.json'), scanTrace(3));
      symlinkSync('../gt/x.json', path.join(tmp.dir, 'pred/x.json'));
      const r = await cli([...BATCH_ARGS]);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        `envtrace: x: x.json is a symbolic link leading out of pred (to ${path.join(tmp.dir, 'gt/x.json')}); not read\n`,
      );
      expect(r.out).toMatch(/1 passed/);
    },
  );

  it('the run report written inside --pred-dir is not read back as a prediction', async () => {
    writeTree(tmp.dir, { 'gt/a.json': scanTrace(3), 'pred/a.json': scanTrace(3) });
    const argv = [...BATCH_ARGS];
    const out = ['--out', 'pred/envtrace-report.json'];
    expect((await cli([...argv, ...out])).code).toBe(0);
    const again = await cli([...argv, ...out]);
    expect(again.err).toMatch(/^envtrace: 1\/1 pairs evaluated/);
    expect(again.code).toBe(0);
  });

  it.skipIf(process.platform !== 'linux')(
    'a file name that is not UTF-8 is reported by its bytes',
    async () => {
      writeTree(tmp.dir, { 'gt/a.json': scanTrace(3), 'pred/a.json': scanTrace(3) });
      const dir = Buffer.from(path.join(tmp.dir, 'pred/'));
      writeFileSync(
        Buffer.concat([dir, Buffer.from([0x62, 0xff, 0x2e, 0x6a, 0x73, 0x6f, 0x6e])]),
        scanTrace(3),
      );
      const r = await cli([...BATCH_ARGS]);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        'envtrace: b\\xff: the file name b\\xff.json is not valid UTF-8 (shown by its bytes); rename it\n',
      );
    },
  );
});
