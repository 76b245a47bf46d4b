import { describe, expect, it } from 'vitest';
import { ReferenceRaise, TraceError } from '../errors.js';
import { PyFloat } from '../py/value.js';
import {
  DEFAULT_POLICY,
  FIXES,
  REFERENCE_MEMBERS,
  REFERENCE_POLICY,
  applyFixes,
  isMode,
  policyFor,
} from './index.js';
import type { PolicyMembers } from './types.js';

const MEMBER_NAMES = Object.keys(REFERENCE_MEMBERS) as Array<keyof PolicyMembers>;

describe('policies', () => {
  it('reference mode is the reference members with no fix; default is reference + every fix', () => {
    expect(REFERENCE_POLICY.mode).toBe('reference');
    expect(REFERENCE_POLICY.fixes).toEqual([]);
    for (const m of MEMBER_NAMES) expect(REFERENCE_POLICY[m]).toBe(REFERENCE_MEMBERS[m]);
    expect(DEFAULT_POLICY.mode).toBe('default');
    expect(DEFAULT_POLICY.fixes.map((f) => f.id)).toEqual([
      'B1',
      'B2',
      'B3',
      'B4',
      'B5',
      'B6',
      'B7',
      'B8',
      'B9',
      'B10',
      'B11',
      'T1',
      'S1',
      'A1',
    ]);
  });

  it('each member the default changes is overridden by exactly one fix; the others are the reference', () => {
    const owner = new Map<string, string>();
    for (const fix of FIXES) {
      const keys = Object.keys(fix.overrides);
      expect(keys.length, `${fix.id} overrides nothing`).toBeGreaterThan(0);
      for (const key of keys) {
        expect(MEMBER_NAMES, `${fix.id} overrides an unknown member ${key}`).toContain(key);
        expect(
          owner.get(key),
          `${key} is overridden by ${owner.get(key)} and ${fix.id}`,
        ).toBeUndefined();
        owner.set(key, fix.id);
      }
    }
    for (const m of MEMBER_NAMES) {
      if (owner.has(m)) expect(DEFAULT_POLICY[m], m).not.toBe(REFERENCE_MEMBERS[m]);
      else expect(DEFAULT_POLICY[m], m).toBe(REFERENCE_MEMBERS[m]);
    }
  });

  it('every fix is documented: title, reference, fixed, reason and corpus cases', () => {
    for (const fix of FIXES) {
      for (const text of [fix.title, fix.reference, fix.fixed, fix.reason])
        expect(text.trim().length, fix.id).toBeGreaterThan(0);
      // A1 (the default aligner) changes no corpus case: the conformance harness pins difflib, the
      // reference's aligner; its effect is pinned by test/alignment-scenarios instead.
      if (fix.id === 'A1') expect(fix.cases).toEqual([]);
      else expect(fix.cases.length, fix.id).toBeGreaterThan(0);
      for (const c of fix.cases) expect(c).toMatch(/^pub-\d{3}$/);
    }
  });

  it('applyFixes applies a subset: only the chosen fixes differ from the reference', () => {
    const onlyB1 = applyFixes(
      'default',
      FIXES.filter((f) => f.id === 'B1'),
    );
    expect(onlyB1.pairCounts(false, true)).toBe(false);
    expect(onlyB1.valueSemantics).toBe('python-str');
  });

  it("the report style is the reference's in reference mode, envtrace's by default", () => {
    expect(REFERENCE_POLICY.report).toEqual({
      centreMismatches: false,
      timeUnitInHeading: false,
      fitTerminal: false,
      markTolerance: false,
      showUnmeasured: false,
      statesWhy: false,
      namesCauses: false,
      differingRowsPastLimit: false,
      scoresKeepBounds: false,
    });
    expect(DEFAULT_POLICY.report).toEqual({
      centreMismatches: true,
      timeUnitInHeading: true,
      fitTerminal: true,
      markTolerance: true,
      showUnmeasured: true,
      statesWhy: true,
      namesCauses: true,
      differingRowsPastLimit: true,
      scoresKeepBounds: true,
    });
  });

  it('policyFor picks by mode and defaults to "default"', () => {
    expect(policyFor()).toBe(DEFAULT_POLICY);
    expect(policyFor('reference')).toBe(REFERENCE_POLICY);
    expect(policyFor('default')).toBe(DEFAULT_POLICY);
    expect(isMode('reference')).toBe(true);
    expect(isMode('strict')).toBe(false);
  });
});

describe('members, reference vs default', () => {
  const R = REFERENCE_POLICY;
  const D = DEFAULT_POLICY;

  it('B1: a pair with different channels counts only in the reference', () => {
    expect(R.pairCounts(false, true)).toBe(true);
    expect(D.pairCounts(false, true)).toBe(false);
    expect(D.pairCounts(true, true)).toBe(true);
  });

  it('B2: a constant gt time axis is fitted (and raises later) in the reference, scored by default', () => {
    expect(R.constantGtTime(true)).toBeUndefined();
    expect(D.constantGtTime(true)).toEqual({ slope: 1, r2: 1 });
    expect(D.constantGtTime(false)).toEqual({ slope: Number.NaN, r2: 0 });
    expect(D.slopeScore(Number.NaN)).toBe(0);
    expect(Number.isNaN(R.slopeScore(Number.NaN))).toBe(true);
    expect(D.slopeScore(1.1)).toBeCloseTo(0.9, 12);
  });

  it('B3: the reference scores with use_continuous but reports by the continuous metric', () => {
    const r = R.builtInWeights(true, false);
    expect(r.used.map(([n]) => n)).toEqual(['discrete', 'timing', 'continuous']);
    expect(r.shown.map(([n]) => n)).toEqual(['discrete', 'timing']);
    const d = D.builtInWeights(true, false);
    expect(d.used).toBe(d.shown);
  });

  it('B4, B7, B8, B10: timing and decision edge cases', () => {
    expect(R.timingWithoutEvents()).toBeUndefined();
    expect(D.timingWithoutEvents()).toMatchObject({ score: 1, binary_pass: true });
    expect(R.timingOnePair(30)).toBeUndefined();
    expect(R.timingOnePair(1)).toBeUndefined();
    expect(D.timingOnePair(30)).toMatchObject({ score: 0, binary_pass: false });
    expect(D.timingOnePair(2)).toMatchObject({ score: 0, binary_pass: false });
    expect(D.timingOnePair(1)).toMatchObject({ score: 1, binary_pass: true });
    expect(R.requiredMetrics(['structure'], true, 'timing')).toEqual(['structure']);
    expect(D.requiredMetrics(['structure'], true, 'timing')).toEqual(['structure', 'continuous']);
    expect(D.requiredMetrics([], true, 'continuous')).toEqual([]);
    expect(D.requiredMetrics([], false, 'timing')).toEqual([]);
    expect([R.r2WhenPredConstant, D.r2WhenPredConstant]).toEqual([1, 0]);
    expect([R.r2Score(-3), D.r2Score(-3)]).toEqual([-3, 0]);
    expect(R.zeroGtDuration(5)).toEqual({ score: 0, ok: true });
    expect(D.zeroGtDuration(5)).toEqual({ score: 0, ok: false });
    expect(D.zeroGtDuration(0)).toEqual({ score: 1, ok: true });
    expect(R.continuousNonFinite([Number.NaN], [1])).toBeUndefined();
    expect(D.continuousNonFinite([Number.NaN], [1])).toMatchObject({
      score: 0,
      binary_pass: false,
    });
    expect(D.continuousNonFinite([1], [2])).toBeUndefined();
  });

  it('B5: best-of forwarding and fallback', () => {
    expect(R.bestOf.forwarded).not.toContain('continuous_channels');
    expect(R.bestOf).toMatchObject({
      initialBest: -1,
      needsGoldens: false,
      noWinner: 'empty-golden',
    });
    expect(D.bestOf).toMatchObject({
      forwarded: 'all',
      initialBest: -Infinity,
      needsGoldens: true,
      noWinner: 'first-candidate',
    });
  });

  it('T1: continuous readings through Python float() or numbers only', () => {
    const at = { channel: 'temp', side: 'pred', index: 3 } as const;
    expect(R.continuousValue('20.5', at)).toBe(20.5);
    expect(R.continuousValue(true, at)).toBe(1);
    expect(() => R.continuousValue(null, at)).toThrow(ReferenceRaise);
    expect(D.continuousValue(new PyFloat(2), at)).toBe(2);
    expect(() => D.continuousValue('20.5', at)).toThrow(TraceError);
    expect(() => D.continuousValue('20.5', at)).toThrow(
      /pred: events\[3\]\.value: continuous channel "temp" needs numeric values/,
    );
  });

  it('B6, B9, S1, T1: flags', () => {
    expect([R.configCoercion, D.configCoercion]).toEqual(['python', 'strict']);
    expect([R.optionNumbers, D.optionNumbers]).toEqual(['any-double', 'checked']);
    expect([R.configYaml, D.configYaml]).toEqual(['pyyaml-1.1', 'yaml-1.2']);
    expect([R.metricNamesMustExist, D.metricNamesMustExist]).toEqual([false, true]);
    expect([R.zeroTolIsAbsolute, D.zeroTolIsAbsolute]).toEqual([false, true]);
    expect([R.valueSemantics, D.valueSemantics]).toEqual(['python-str', 'typed']);
    expect([R.nanMatchesNan, D.nanMatchesNan]).toEqual([false, true]);
  });
});
