import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIO, repoRoot } from './harness.test-helpers.js';
import { main } from './main.js';

// The example traces (examples/traces/**) are built so that the correct predictions pass and
// the wrong ones fail for a known reason; this checks they keep doing so in both modes.
const cases = [
  { example: 'beamline', pred: 'pred-correct.json', pass: true, failed: [] },
  {
    example: 'beamline',
    pred: 'pred-wrong-exposure.json',
    pass: false,
    failed: ['discrete', 'timing'],
  },
  { example: 'robot', pred: 'pred-correct.json', pass: true, failed: [] },
  { example: 'robot', pred: 'pred-missing-release.json', pass: false, failed: ['discrete'] },
] as const;

describe.each(['default', 'reference'] as const)('example traces (%s mode)', (mode) => {
  it.each(cases)('$example/$pred', async ({ example, pred, pass, failed }) => {
    const dir = path.join(repoRoot, 'examples', 'traces', example);
    const io = captureIO(dir);
    const code = await main(
      [
        'evaluate',
        '--gt',
        'golden.json',
        '--pred',
        pred,
        '--config',
        'envtrace.config.yaml',
        '--compat',
        mode,
        '--json',
        '--require-pass',
      ],
      io,
    );
    const report = JSON.parse(io.out()) as {
      accuracy: boolean;
      full_score: number;
      decision: { passes: Record<string, boolean> };
    };
    expect(report.accuracy).toBe(pass);
    expect(code).toBe(pass ? 0 : 1);
    const failing = Object.entries(report.decision.passes)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    expect(failing).toEqual(failed);
    if (pass) expect(report.full_score).toBeGreaterThan(0.99);
    else expect(io.err()).toContain('--require-pass');
  });
});
