import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './harness.test-helpers.js';
import {
  inputSizes,
  oldSpaceFlag,
  outOfMemoryLine,
  StderrFilter,
  suggestedHeapMb,
  supervisedStderr,
  supervisedValue,
} from './supervise.js';

/** What V8 20.x prints when the heap runs out (shortened native stack). */
const V8_OOM = [
  '',
  '<--- Last few GCs --->',
  '',
  '[19531:0x20a43fa0]      955 ms: Mark-Compact 69.0 (78.9) -> 68.7 (86.6) MB, 66.47 / 0.00 ms  (average mu = 0.821, current mu = 0.817) allocation failure; scavenge might not succeed',
  '',
  '',
  '<--- JS stacktrace --->',
  '',
  'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
  '----- Native stack trace -----',
  '',
  ' 1: 0xb78db3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]',
  '',
].join('\n');

/** Feed `chunks` and return everything written, and whether it was an out-of-memory death. */
function run(chunks: readonly string[]): { written: string; oom: boolean } {
  const f = new StderrFilter();
  let written = '';
  for (const c of chunks) written += f.push(c);
  written += f.end();
  return { written, oom: f.outOfMemory };
}

describe('StderrFilter', () => {
  it("holds back V8's out-of-memory report, whole or split anywhere", () => {
    const before = 'envtrace: a warning first\n';
    expect(run([before + V8_OOM])).toEqual({ written: before, oom: true });
    for (let cut = 1; cut < 60; cut += 3) {
      const all = before + V8_OOM;
      expect(run([all.slice(0, cut), all.slice(cut)])).toEqual({ written: before, oom: true });
    }
    // One byte at a time.
    expect(run([...(before + V8_OOM)])).toEqual({ written: before, oom: true });
  });

  it('passes everything else through as it comes, a \\r progress line included', () => {
    const f = new StderrFilter();
    expect(f.push('\r 3/20 pairs')).toBe('\r 3/20 pairs');
    expect(f.push('\r 4/20 pairs')).toBe('\r 4/20 pairs');
    expect(f.push('\nenvtrace: pair p12: bad input\n')).toBe('\nenvtrace: pair p12: bad input\n');
    expect(f.end()).toBe('');
    expect(f.outOfMemory).toBe(false);
  });

  it('a line that only starts like a report is held until it differs, then written', () => {
    const f = new StderrFilter();
    expect(f.push('FATAL')).toBe('');
    expect(f.push('ITY of a config\n')).toBe('FATALITY of a config\n');
    expect(run(['\n\nplain\n'])).toEqual({ written: '\n\nplain\n', oom: false });
  });

  it('a fatal report that is not out of memory is written at the end, nothing hidden', () => {
    const other =
      '\n#\n# Fatal error in , line 0\n# Check failed: x.\nFATAL ERROR: v8::ToLocalChecked Empty MaybeLocal\n';
    const r = run([other]);
    expect(r.oom).toBe(false);
    expect(r.written).toBe(other);
  });
});

describe('the out-of-memory line', () => {
  it('names the limit, the inputs with their sizes, and the remedy', () => {
    expect(
      outOfMemoryLine({ flagMb: 64, heapSizeLimit: 112 * 2 ** 20 }, [
        { arg: 'g.json', bytes: 53_271_469 },
        { arg: 'p.json', bytes: 53_271_469 },
      ]),
    ).toBe(
      'envtrace: out of memory: the JavaScript heap limit (--max-old-space-size=64) was reached with inputs g.json (50.8 MB), p.json (50.8 MB); raise it (e.g. NODE_OPTIONS=--max-old-space-size=1024) or evaluate shorter traces',
    );
    expect(outOfMemoryLine({ flagMb: undefined, heapSizeLimit: 2096 * 2 ** 20 }, [])).toBe(
      "envtrace: out of memory: the JavaScript heap limit (2096 MB, Node's default here) was reached; raise it (e.g. NODE_OPTIONS=--max-old-space-size=4352) or evaluate shorter traces",
    );
    // Untrusted file names are escaped.
    expect(
      outOfMemoryLine({ flagMb: 64, heapSizeLimit: 0 }, [{ arg: 'a\u001b[2Jb', bytes: 10 }]),
    ).toContain('a\\x1b[2Jb (0.0 kB)');
  });

  it('suggests twice the limit and at least 8× the inputs, in steps of 256 MB', () => {
    expect(suggestedHeapMb(64, 0)).toBe(256);
    expect(suggestedHeapMb(64, 106 * 2 ** 20)).toBe(1024);
    expect(suggestedHeapMb(4096, 0)).toBe(8192);
  });

  it('reads the last --max-old-space-size of the flags', () => {
    expect(oldSpaceFlag(['--max-old-space-size=64', '--enable-source-maps'])).toBe(64);
    expect(oldSpaceFlag(['--max_old_space_size=32', '--max-old-space-size=48'])).toBe(48);
    expect(oldSpaceFlag(['--stack-size=100', ''])).toBeUndefined();
  });

  it('input sizes: the arguments that are files or directories, as typed', () => {
    const tmp = tempDir();
    try {
      writeFileSync(path.join(tmp.dir, 'g.json'), 'x'.repeat(2048));
      mkdirSync(path.join(tmp.dir, 'gt'));
      writeFileSync(path.join(tmp.dir, 'gt', 'a.json'), 'x'.repeat(1024));
      writeFileSync(path.join(tmp.dir, 'gt', 'b.json'), 'x'.repeat(1024));
      expect(
        inputSizes(
          ['evaluate', '--gt', 'g.json', '--pred=g.json', '--gt-dir', 'gt', '--min-score', '0.9'],
          tmp.dir,
        ),
      ).toEqual([
        { arg: 'g.json', bytes: 2048 },
        { arg: 'gt', bytes: 2048 },
      ]);
    } finally {
      tmp.cleanup();
    }
  });
});

describe("the child's view of the parent's stderr", () => {
  it('round-trips a terminal with its columns, and a pipe', () => {
    expect(supervisedStderr(supervisedValue({ isTTY: true, columns: 120 }))).toEqual({
      isTTY: true,
      columns: 120,
    });
    expect(supervisedStderr(supervisedValue({}))).toEqual({ isTTY: false, columns: undefined });
    expect(supervisedStderr('junk')).toEqual({ isTTY: false, columns: undefined });
  });
});
