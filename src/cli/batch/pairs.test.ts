import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../harness.test-helpers.js';
import { CliIOError } from '../types.js';
import {
  joinRel,
  missingPartnerMessage,
  pairTraces,
  scanTraceDir,
  traceExtension,
  type TraceFile,
} from './pairs.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

function put(rel: string, text = '{"events": []}'): void {
  const file = path.join(tmp.dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const tf = (key: string, ext = '.json'): TraceFile => ({
  key,
  rel: `${key}${ext}`,
  path: `/x/${key}${ext}`,
  bytes: 1,
});

describe('traceExtension', () => {
  it('knows the trace extensions in any case, and nothing else', () => {
    expect(traceExtension('a.json')).toBe('.json');
    expect(traceExtension('a.JSONL')).toBe('.JSONL');
    expect(traceExtension('a.ndjson')).toBe('.ndjson');
    expect(traceExtension('scan.csv')).toBe('.csv');
    expect(traceExtension('camonitor.txt')).toBe('.txt');
    expect(traceExtension('a.json.bak')).toBeUndefined();
    expect(traceExtension('README.md')).toBeUndefined();
    expect(traceExtension('.json')).toBeUndefined(); // no name left
  });
});

describe('scanTraceDir', () => {
  it('finds traces recursively, keys them by relative path without extension, lists the rest as ignored', async () => {
    put('gt/b.json');
    put('gt/a.jsonl');
    put('gt/scans/z.csv');
    put('gt/scans/deep/y.ndjson');
    put('gt/README.md', '# notes');
    put('gt/.hidden/x.json');
    put('gt/.x.json');
    const r = await scanTraceDir(path.join(tmp.dir, 'gt'), '--gt-dir gt');
    expect(r.traces.map((t) => [t.key, t.rel])).toEqual([
      ['a', 'a.jsonl'],
      ['b', 'b.json'],
      ['scans/deep/y', 'scans/deep/y.ndjson'],
      ['scans/z', 'scans/z.csv'],
    ]);
    expect(r.traces[0]!.path).toBe(path.join(tmp.dir, 'gt', 'a.jsonl'));
    expect(r.traces[0]!.bytes).toBe('{"events": []}'.length);
    expect(r.ignored).toEqual(['README.md']);
  });

  it('reads a directory holding metadata.yaml as one trace (a rosbag2 run), without entering it', async () => {
    put('gt/run1/metadata.yaml', 'rosbag2_bagfile_information: {}');
    put('gt/run1/run1.jsonl', '');
    const r = await scanTraceDir(path.join(tmp.dir, 'gt'), '--gt-dir gt');
    // Sized by its files (metadata.yaml and the storage files), for the default of --jobs.
    expect(r.traces.map((t) => [t.key, t.bytes])).toEqual([
      ['run1', 'rosbag2_bagfile_information: {}'.length],
    ]);
    expect(r.ignored).toEqual([]);
  });

  it('follows a symlink to a file, but not one to a directory', async () => {
    put('elsewhere/t.json');
    mkdirSync(path.join(tmp.dir, 'gt'));
    symlinkSync(path.join(tmp.dir, 'elsewhere/t.json'), path.join(tmp.dir, 'gt/linked.json'));
    symlinkSync(path.join(tmp.dir, 'elsewhere'), path.join(tmp.dir, 'gt/loop'));
    const r = await scanTraceDir(path.join(tmp.dir, 'gt'), '--gt-dir gt');
    expect(r.traces.map((t) => t.key)).toEqual(['linked']);
    expect(r.ignored).toEqual(['loop']);
  });

  it('refuses two traces whose names differ only by extension, naming both', async () => {
    put('gt/sub/a.json');
    put('gt/sub/a.csv');
    const err = await scanTraceDir(path.join(tmp.dir, 'gt'), '--gt-dir gt').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CliIOError);
    expect((err as Error).message).toBe(
      '--gt-dir gt: sub/a.csv and sub/a.json have the same name without their extension; traces are paired by that name, so keep one of them',
    );
  });

  it('names the option and the reason when the directory is missing or a file', async () => {
    put('file.json');
    await expect(scanTraceDir(path.join(tmp.dir, 'nope'), '--gt-dir nope')).rejects.toThrow(
      '--gt-dir nope: no such file or directory',
    );
    await expect(
      scanTraceDir(path.join(tmp.dir, 'file.json'), '--pred-dir file.json'),
    ).rejects.toThrow('--pred-dir file.json: not a directory');
  });
});

describe('pairTraces', () => {
  it('pairs by key, keeps unpartnered traces of both sides, and sorts by key', () => {
    const pairs = pairTraces(
      [tf('b'), tf('a'), tf('only-gt')],
      [tf('a', '.jsonl'), tf('only-pred'), tf('b')],
    );
    expect(pairs.map((p) => [p.key, p.gt?.rel ?? null, p.pred?.rel ?? null])).toEqual([
      ['a', 'a.json', 'a.jsonl'],
      ['b', 'b.json', 'b.json'],
      ['only-gt', 'only-gt.json', null],
      ['only-pred', null, 'only-pred.json'],
    ]);
  });

  it('orders by code point, not locale (upper case before lower case)', () => {
    expect(pairTraces([tf('b'), tf('B'), tf('a/x'), tf('a-y')], []).map((p) => p.key)).toEqual([
      'B',
      'a-y',
      'a/x',
      'b',
    ]);
  });
});

describe('missingPartnerMessage', () => {
  const dirs = { gtDir: 'golden/', predDir: './pred' };
  it('names the file that is there and where the partner was looked for', () => {
    expect(missingPartnerMessage({ key: 's/a', gt: tf('s/a'), pred: null }, dirs)).toBe(
      'no predicted trace for golden golden/s/a.json (looked for ./pred/s/a{.ndjson,.jsonl,.json,.csv,.txt,.mcap,.db3})',
    );
    expect(missingPartnerMessage({ key: 'b', gt: null, pred: tf('b', '.csv') }, dirs)).toBe(
      'no golden trace for prediction ./pred/b.csv (looked for golden/b{.ndjson,.jsonl,.json,.csv,.txt,.mcap,.db3})',
    );
  });
  it('joinRel drops a trailing separator and a bare "."', () => {
    expect(joinRel('.', 'a.json')).toBe('a.json');
    expect(joinRel('d//', 'a.json')).toBe('d/a.json');
  });
});
