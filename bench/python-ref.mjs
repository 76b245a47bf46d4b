// Times the Python reference (`Evaluator().evaluate(req)`, default options) on trace files, for
// bench/run.mjs when ENVTRACE_PY_REF points at a checkout of the reference (a directory holding
// the `envtrace` package). One `python3` child per cell: it loads both traces with the
// reference's own `envtrace.io.json_io.load_trace`, calls `evaluate` `runs` times and prints one
// JSON line with the times (seconds, perf_counter or process_time) and the full score.
// The glue is unit-tested with a fake package (test/bench/python-ref.test.ts).

import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { median } from './timing.mjs';

/** The driver run by `python3 -c` (argv: gt file, pred file, runs, clock). */
export const PYTHON_DRIVER = `
import json, sys, time
from envtrace.io.json_io import load_trace
from envtrace.core import Evaluator, EvaluateRequest
gt_file, pred_file, runs, clock = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
now = time.process_time if clock == "cpu" else time.perf_counter
gt = load_trace(gt_file)
pred = load_trace(pred_file)
seconds = []
score = None
for _ in range(runs):
    ev = Evaluator()
    req = EvaluateRequest(gt=gt, pred=pred)
    t0 = now()
    res = ev.evaluate(req)
    seconds.append(now() - t0)
    score = res.full_score if hasattr(res, "full_score") else res["full_score"]
print(json.dumps({"seconds": seconds, "full_score": score}))
`;

/**
 * The reference checkout named by `env.ENVTRACE_PY_REF`, or null when unset or empty. Throws
 * when it is set but is not a directory holding an `envtrace` package.
 */
export function pythonRefDir(env = process.env) {
  const dir = env.ENVTRACE_PY_REF;
  if (dir === undefined || dir === '') return null;
  const abs = resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory())
    throw new Error(`ENVTRACE_PY_REF=${dir}: not a directory`);
  if (!existsSync(join(abs, 'envtrace', '__init__.py')))
    throw new Error(
      `ENVTRACE_PY_REF=${dir}: no envtrace/__init__.py in it (point it at the checkout that holds the envtrace package)`,
    );
  return abs;
}

/**
 * Time the reference on two trace files. Returns `{median, min, max, runs, seconds, full_score}`
 * (seconds), or `{error}` when the child failed or timed out (the bench reports it and goes on).
 */
export function timePythonReference({
  refDir,
  gtFile,
  predFile,
  runs = 3,
  clock = 'wall',
  python = 'python3',
  timeoutMs = 600_000,
}) {
  const r = spawnSync(python, ['-c', PYTHON_DRIVER, gtFile, predFile, String(runs), clock], {
    encoding: 'utf8',
    timeout: timeoutMs,
    env: {
      ...process.env,
      PYTHONPATH: [refDir, process.env.PYTHONPATH].filter(Boolean).join(':'),
      PYTHONDONTWRITEBYTECODE: '1',
    },
    maxBuffer: 1 << 20,
  });
  if (r.error)
    return {
      error:
        r.error.code === 'ETIMEDOUT'
          ? `timed out after ${timeoutMs / 1000} s`
          : String(r.error.message),
    };
  if (r.status !== 0)
    return { error: `python exited with ${r.status}: ${r.stderr.trim().split('\n').at(-1) ?? ''}` };
  let out;
  try {
    out = JSON.parse(r.stdout.trim().split('\n').at(-1));
  } catch {
    return { error: `unreadable driver output: ${JSON.stringify(r.stdout.slice(0, 200))}` };
  }
  const xs = out.seconds;
  if (!Array.isArray(xs) || xs.length !== runs || !xs.every((x) => typeof x === 'number' && x >= 0))
    return { error: 'driver returned no times' };
  return {
    median: median(xs),
    min: Math.min(...xs),
    max: Math.max(...xs),
    runs,
    seconds: xs,
    full_score: out.full_score,
  };
}
