import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIO } from './harness.test-helpers.js';
import { main } from './main.js';
import { reportKindOf, reportKindOfFile } from './reports.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'envtrace-reports-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('reportKindOf', () => {
  it('tells a report by its first keys, not by text anywhere in the head', () => {
    expect(reportKindOf('{\n  "schema_version": 1,\n  "kind": "envtrace-run-report",\n')).toBe(
      'run report',
    );
    expect(reportKindOf('{"kind":"envtrace-run-report","schema_version":1')).toBe('run report');
    expect(
      reportKindOf('{\n  "envtrace_version": "0.1.0",\n  "mode": "default",\n  "full_score": 1.0,'),
    ).toBe('evaluation report');
    // Traces that only mention the words are traces.
    expect(
      reportKindOf(
        '{"events": [{"channel": "log", "timestamp": 0, "value": {"kind": "envtrace-run-report"}}]}',
      ),
    ).toBeUndefined();
    expect(reportKindOf('{"envtrace_version": "0.1.0", "events": []}')).toBeUndefined();
    expect(
      reportKindOf('{"channel": "kind", "timestamp": 0, "value": "envtrace-run-report"}'),
    ).toBeUndefined();
    expect(reportKindOf('')).toBeUndefined();
  });
});

describe('reportKindOfFile', () => {
  it('does not wait for a writer of a FIFO (only a regular file is looked at)', async () => {
    const fifo = path.join(tmp, 'no-writer');
    execFileSync('mkfifo', [fifo]);
    // A blocking open of a FIFO without a writer never returns: this test would time out. (The
    // synchronous twin is not called here: on the old code it blocked the test's thread for ever.)
    expect(await reportKindOfFile(fifo)).toBeUndefined();
  });

  it('a trace piped through a FIFO that fails to read is one error line, not a hang', async () => {
    // What `mkfifo f; cat gt.mcap > f & envtrace convert f` did: the error path looked for a
    // report in the FIFO again, with a blocking open, after the writer had gone.
    const source = path.join(tmp, 'bad.json');
    writeFileSync(source, '{"events": [{"channel": "a", "timestamp": "soon", "value": 1}]}\n');
    const fifo = path.join(tmp, 'piped');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', source, fifo]);
    const done = new Promise((resolve) => writer.on('exit', resolve));
    const io = captureIO(tmp);
    const code = await main(['convert', fifo], io);
    await done;
    expect({ code, err: io.err() }).toEqual({
      code: 2,
      err: `envtrace: ${fifo}: events[0].timestamp: expected a finite number\n`,
    });
  });
});
