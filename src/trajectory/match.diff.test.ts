/**
 * Differential test: the keyed matcher (match.ts) returns exactly what the matcher before it
 * returned (test/oracles/trajectory-match.ts: the full comparison matrix, Kuhn's augmenting paths
 * and the turn program) — the same pairs, unmatched calls and verdict, hence the same closest
 * candidates — on random small trajectories of every mode and argument rule. Few tools and few
 * argument values make repeats, ties and partial matches common; the values include what keys
 * must keep apart or treat as opaque (key order, -0, NaN, undefined, dates, asymmetric matchers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expect as jestExpect } from 'expect';
import {
  oracleMatchTrajectory,
  oracleTrajectoryIssues,
} from '../../test/oracles/trajectory-match.js';
import { sweep } from '../../test/support/sweep.js';
import type { ArgsMatch } from './args.js';
import type { ToolCallLike } from './calls.js';
import { trajectoryIssues } from './closest.js';
import {
  callPredicate,
  diagnosisPredicate,
  matchTrajectory,
  type TrajectoryMatchOptions,
} from './match.js';

const VALUES: readonly unknown[] = [
  {},
  { a: 1 },
  { a: 1, b: 2 },
  { b: 2, a: 1 },
  { a: 2 },
  { a: '1' },
  { a: [1, 2] },
  { a: [2, 1] },
  { a: { x: null } },
  { a: 0 },
  { a: -0 },
  { a: Number.NaN },
  { a: undefined },
  { a: 1, b: undefined },
  { a: new Date(0) },
  [1],
  'text',
  null,
];
const OPAQUE: readonly unknown[] = [{ a: jestExpect.any(Number) }, { b: jestExpect.anything() }];

const argsRule: fc.Arbitrary<ArgsMatch> = fc.constantFrom<ArgsMatch>(
  'exact',
  'ignore',
  'superset',
  'subset',
  ['a'],
  ['a', 'b'],
  (r: unknown, p: unknown) => String(JSON.stringify(r)).length === String(JSON.stringify(p)).length,
);

function callArb(withOpaque: boolean, turns: boolean): fc.Arbitrary<ToolCallLike> {
  return fc
    .record({
      name: fc.constantFrom('search', 'open', 'close'),
      value: fc.constantFrom(...VALUES, ...(withOpaque ? OPAQUE : [])),
      turn: turns ? fc.integer({ min: 0, max: 3 }) : fc.constant(undefined),
    })
    .map(({ name, value, turn }) =>
      turn === undefined ? { name, arguments: value } : { name, arguments: value, turn },
    );
}

const caseArb = fc
  .record({ opaque: fc.boolean(), turns: fc.boolean() })
  .chain(({ opaque, turns }) =>
    fc.record({
      reference: fc.array(callArb(false, turns), { maxLength: 12 }),
      calls: fc.array(callArb(opaque, false), { maxLength: 12 }),
      mode: fc.constantFrom('strict', 'unordered', 'subset', 'superset' as const),
      args: argsRule,
      toolArgs: fc.option(fc.dictionary(fc.constantFrom('search', 'open'), argsRule), {
        nil: undefined,
      }),
    }),
  );

describe('keyed trajectory matching against the full-matrix matcher (differential)', () => {
  const runs = sweep(1500, 20_000);
  it(`the same pairs, unmatched calls, verdicts and closest candidates on ${runs} random cases`, () => {
    fc.assert(
      fc.property(caseArb, ({ reference, calls, ...rest }) => {
        const options: TrajectoryMatchOptions = {
          mode: rest.mode,
          args: rest.args,
          ...(rest.toolArgs ? { toolArgs: rest.toolArgs } : {}),
        };
        const want = oracleMatchTrajectory(reference, calls, options);
        const got = matchTrajectory(reference, calls, options);
        expect(got).toEqual(want);
        const ok = callPredicate(options);
        const issues = oracleTrajectoryIssues(want, ok);
        expect(trajectoryIssues(got, ok)).toEqual({
          ...issues,
          missingCount: issues.missing.length,
          extraCount: issues.extra.length,
        });
        // As the matcher and the run report ask: the keyed predicate, the first calls only.
        const listed = trajectoryIssues(got, diagnosisPredicate(options), 2);
        expect([listed.missing, listed.extra]).toEqual([
          issues.missing.slice(0, 2),
          issues.extra.slice(0, 2),
        ]);
      }),
      { numRuns: runs },
    );
  });

  it('references of parallel turns (2–4 calls each) against edited, reshuffled predictions', () => {
    const value = fc.constantFrom(...VALUES.slice(0, 6));
    const refCall = fc.record({ name: fc.constantFrom('search', 'open'), value });
    fc.assert(
      fc.property(
        fc.array(fc.array(refCall, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(refCall, { maxLength: 6 }),
        fc.constantFrom<ArgsMatch>('exact', 'ignore', 'superset', ['a']),
        (turns, picks, noise, args) => {
          const reference: ToolCallLike[] = turns.flatMap((t, g) =>
            t.map((c) => ({ name: c.name, arguments: c.value, turn: g })),
          );
          // The prediction: reference calls picked in a mostly forward order, plus noise calls.
          const flat = reference.map((c) => ({ name: c.name, arguments: c.arguments }));
          const calls: ToolCallLike[] = [];
          picks.forEach((k, i) => {
            if (flat.length > 0) calls.push(flat[(i + (k % 5) - 2 + flat.length) % flat.length]!);
            const extra = noise[k % 9];
            if (extra !== undefined) calls.push({ name: extra.name, arguments: extra.value });
          });
          const options: TrajectoryMatchOptions = { mode: 'strict', args };
          expect(matchTrajectory(reference, calls, options)).toEqual(
            oracleMatchTrajectory(reference, calls, options),
          );
        },
      ),
      { numRuns: sweep(400, 4000) },
    );
  });

  it('long repeats, a prefix and a suffix of equal calls (the paths keyed matching shortcuts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VALUES.slice(0, 5)), { maxLength: 40 }),
        fc.array(fc.constantFrom(...VALUES.slice(0, 5)), { maxLength: 6 }),
        fc.array(fc.constantFrom(...VALUES.slice(0, 5)), { maxLength: 6 }),
        fc.constantFrom('strict', 'unordered', 'subset', 'superset' as const),
        (shared, left, right, mode) => {
          const tool = (v: unknown): ToolCallLike => ({ name: 'poll', arguments: v });
          const reference = [...shared, ...left, ...shared].map(tool);
          const calls = [...shared, ...right, ...shared].map(tool);
          expect(matchTrajectory(reference, calls, { mode })).toEqual(
            oracleMatchTrajectory(reference, calls, { mode }),
          );
        },
      ),
      { numRuns: sweep(300, 3000) },
    );
  });
});
