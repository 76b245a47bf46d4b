import { describe, expect, it } from 'vitest';
import { evaluateRenamed } from './unmeasured.test-helpers.js';
import { failedParts, verdictSentence } from './verdict.js';

const rule = { requireAccuracy: true, minScore: undefined };

describe('the verdict of metrics that were not measured', () => {
  it('default mode: timing and the continuous channel are "not measured", with why', () => {
    const result = evaluateRenamed('default');
    expect(failedParts(result, rule)).toEqual([
      'discrete not exact: 3 missing events, 3 extra events',
      'timing not measured (no matching PV/value pairs for timing evaluation)',
      'continuous failed (score 0.000): stage:temp not measured (one empty)',
    ]);
    expect(verdictSentence(result, rule, false)).toBe(
      'Expected the received trace to behave like the golden trace, but score 0.000, accuracy false: ' +
        'discrete not exact: 3 missing events, 3 extra events; ' +
        'timing not measured (no matching PV/value pairs for timing evaluation); ' +
        'continuous failed (score 0.000): stage:temp not measured (one empty).',
    );
  });

  it('reference mode keeps "failed: <reason>"', () => {
    expect(failedParts(evaluateRenamed('reference'), rule)).toEqual([
      'discrete not exact: 3 mismatches',
      'timing failed: no matching PV/value pairs for timing evaluation',
    ]);
  });
});
