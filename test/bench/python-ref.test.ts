import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonRefDir, timePythonReference } from '../../bench/python-ref.mjs';

/**
 * A fake reference package with the API the driver uses (load_trace, Evaluator, EvaluateRequest):
 * its evaluate returns the share of gt events whose channel is in pred, and records its calls.
 */
function fakeReference(
  evaluateBody = 'return Result(len(req.gt["events"]) and sum(1 for e in req.gt["events"] if e["channel"] in {p["channel"] for p in req.pred["events"]}) / len(req.gt["events"]))',
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-fake-pyref-'));
  mkdirSync(path.join(dir, 'envtrace', 'io'), { recursive: true });
  mkdirSync(path.join(dir, 'envtrace', 'core'), { recursive: true });
  writeFileSync(path.join(dir, 'envtrace', '__init__.py'), '');
  writeFileSync(path.join(dir, 'envtrace', 'io', '__init__.py'), '');
  writeFileSync(
    path.join(dir, 'envtrace', 'io', 'json_io.py'),
    'import json\ndef load_trace(p):\n    with open(p) as f:\n        d = json.load(f)\n    return d if isinstance(d, dict) else {"events": d}\n',
  );
  writeFileSync(
    path.join(dir, 'envtrace', 'core', '__init__.py'),
    [
      'class Result:',
      '    def __init__(self, s):',
      '        self.full_score = s',
      'class EvaluateRequest:',
      '    def __init__(self, gt, pred):',
      '        self.gt, self.pred = gt, pred',
      'class Evaluator:',
      '    def evaluate(self, req):',
      `        ${evaluateBody}`,
      '',
    ].join('\n'),
  );
  return dir;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function traces(dir: string): { gtFile: string; predFile: string } {
  const gtFile = path.join(dir, 'gt.json');
  const predFile = path.join(dir, 'pred.json');
  writeFileSync(
    gtFile,
    JSON.stringify({
      events: [
        { channel: 'a', timestamp: 0, value: 1 },
        { channel: 'b', timestamp: 1, value: 2 },
      ],
    }),
  );
  writeFileSync(predFile, JSON.stringify([{ channel: 'a', timestamp: 0, value: 1 }]));
  return { gtFile, predFile };
}

describe('bench/python-ref.mjs', () => {
  it('reads ENVTRACE_PY_REF: unset → null, a checkout → its path, anything else → an error naming it', () => {
    const ref = fakeReference();
    dirs.push(ref);
    expect(pythonRefDir({})).toBeNull();
    expect(pythonRefDir({ ENVTRACE_PY_REF: '' })).toBeNull();
    expect(pythonRefDir({ ENVTRACE_PY_REF: ref })).toBe(ref);
    expect(() => pythonRefDir({ ENVTRACE_PY_REF: path.join(ref, 'nope') })).toThrow(
      /ENVTRACE_PY_REF=.*nope: not a directory/,
    );
    expect(() => pythonRefDir({ ENVTRACE_PY_REF: path.join(ref, 'envtrace', 'io') })).toThrow(
      /no envtrace\/__init__.py/,
    );
  });

  it('runs the driver against the package on the trace files and returns the times and the score', () => {
    const ref = fakeReference();
    dirs.push(ref);
    const t = timePythonReference({ refDir: ref, ...traces(ref), runs: 3, clock: 'cpu' });
    if (t.error !== undefined) throw new Error(t.error);
    expect(t.full_score).toBe(0.5);
    expect(t.runs).toBe(3);
    expect(t.seconds).toHaveLength(3);
    expect(t.min).toBeLessThanOrEqual(t.median);
    expect(t.median).toBeLessThanOrEqual(t.max);
  });

  it('reports a failing reference as an error with its last stderr line', () => {
    const ref = fakeReference('raise RuntimeError("reference broke")');
    dirs.push(ref);
    const t = timePythonReference({ refDir: ref, ...traces(ref), runs: 1 });
    expect(t.error).toMatch(/python exited with 1: RuntimeError: reference broke/);
  });
});
