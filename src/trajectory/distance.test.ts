import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import type { ToolCallLike } from './calls.js';
import {
  aggregateTrajectoryDistances,
  parseTrajectoryWeights,
  trajectoryDistance,
  type TrajectoryScheme,
  type TrajectoryWeights,
} from './distance.js';

const c = (name: string, args: Record<string, unknown> = {}): ToolCallLike => ({
  name,
  arguments: args,
});

interface Row {
  readonly title: string;
  readonly scheme: TrajectoryScheme;
  readonly reference: readonly ToolCallLike[];
  readonly calls: readonly ToolCallLike[];
  readonly weights?: TrajectoryWeights;
  /** Hand-computed. */
  readonly distance: number;
  readonly max: number;
}

// Unit weights unless stated. Costs: missing step = its tool weight, extra step = its tool weight,
// same tool with other arguments = tool weight × weighted fraction of differing arguments,
// another tool = delete + insert.
const rows: Row[] = [
  // in_order: a/a one of one argument differs (1) + c inserted (1) + b/b (0) = 2; max 2 + 3.
  {
    title: 'in_order: substitution and an insertion',
    scheme: 'in_order',
    reference: [c('a', { x: 1 }), c('b')],
    calls: [c('a', { x: 2 }), c('c'), c('b')],
    distance: 2,
    max: 5,
  },
  // in_order, swapped: substituting a↔b twice costs 4; deleting a, keeping b, inserting a costs 2.
  {
    title: 'in_order: a swap costs a deletion and an insertion',
    scheme: 'in_order',
    reference: [c('a'), c('b')],
    calls: [c('b'), c('a')],
    distance: 2,
    max: 4,
  },
  // A destructive detour costs its weight: delete_file inserted = 5; max 1 + 1 + 1 + 5 + 1.
  {
    title: 'in_order: a destructive tool detour costs more',
    scheme: 'in_order',
    reference: [c('read'), c('write')],
    calls: [c('read'), c('delete_file'), c('write')],
    weights: { tools: { delete_file: 5 } },
    distance: 5,
    max: 9,
  },
  // Per-argument weights: y weighs 3 of (x 1 + y 3) → 3/4 of tool weight 2 = 1.5; max 2 + 2.
  {
    title: 'in_order: per-argument weights',
    scheme: 'in_order',
    reference: [c('a', { x: 1, y: 1 })],
    calls: [c('a', { x: 1, y: 2 })],
    weights: { tools: { a: { weight: 2, args: { y: 3 } } } },
    distance: 1.5,
    max: 4,
  },
  // A global argument weight of 0 makes that argument free; a tool's own args win over the global ones.
  {
    title: 'in_order: global argument weights, tool args win',
    scheme: 'in_order',
    reference: [c('a', { ts: 1, q: 'x' }), c('b', { ts: 1, q: 'x' })],
    calls: [c('a', { ts: 2, q: 'x' }), c('b', { ts: 2, q: 'x' })],
    weights: { args: { ts: 0 }, tools: { b: { args: { ts: 1 } } } },
    distance: 0.5,
    max: 4,
  },
  {
    title: 'exact: identical is 0',
    scheme: 'exact',
    reference: [c('a', { x: 1 }), c('b')],
    calls: [c('a', { x: 1 }), c('b')],
    distance: 0,
    max: 4,
  },
  {
    title: 'exact: any difference is the full mass',
    scheme: 'exact',
    reference: [c('a', { x: 1 }), c('b')],
    calls: [c('a', { x: 1.5 }), c('b')],
    distance: 4,
    max: 4,
  },
  {
    title: 'exact: a zero-weight difference still counts',
    scheme: 'exact',
    reference: [c('a', { x: 1 })],
    calls: [c('a', { x: 2 })],
    weights: { args: { x: 0 } },
    distance: 2,
    max: 2,
  },
  {
    title: 'any_order: a permutation is 0',
    scheme: 'any_order',
    reference: [c('a'), c('b')],
    calls: [c('b'), c('a')],
    distance: 0,
    max: 4,
  },
  // any_order: b/b 0, a{x:1}/a{x:2} 1, extra c 1 = 2; max 2 + 3.
  {
    title: 'any_order: minimum-cost assignment',
    scheme: 'any_order',
    reference: [c('a', { x: 1 }), c('b')],
    calls: [c('b'), c('c'), c('a', { x: 2 })],
    distance: 2,
    max: 5,
  },
  // any_order, repeated calls: a{1}↔a{1}, a{2}↔a{2} is 0; first-fit (a{1}↔a{2} first) would cost more.
  {
    title: 'any_order: repeated calls are assigned optimally',
    scheme: 'any_order',
    reference: [c('a', { x: 1 }), c('a', { x: 2 })],
    calls: [c('a', { x: 2 }), c('a', { x: 1 })],
    distance: 0,
    max: 4,
  },
  {
    title: 'superset: every reference call occurs, extras free',
    scheme: 'superset',
    reference: [c('a'), c('b')],
    calls: [c('b'), c('c'), c('a')],
    distance: 0,
    max: 2,
  },
  {
    title: 'superset: a missing call costs its weight',
    scheme: 'superset',
    reference: [c('a'), c('b')],
    calls: [c('a')],
    weights: { tools: { b: 3 } },
    distance: 3,
    max: 4,
  },
  // superset: a{x:1} vs a{x:2} substitution (1) or delete (1) → 1; the extra d is free.
  {
    title: 'superset: a wrong argument costs at most the tool weight',
    scheme: 'superset',
    reference: [c('a', { x: 1 })],
    calls: [c('a', { x: 2 }), c('d')],
    distance: 1,
    max: 1,
  },
  {
    title: 'empty against empty',
    scheme: 'in_order',
    reference: [],
    calls: [],
    distance: 0,
    max: 0,
  },
];

describe('trajectoryDistance (hand-computed)', () => {
  it.each(rows)('$title', (row) => {
    const d = trajectoryDistance(row.reference, row.calls, {
      scheme: row.scheme,
      ...(row.weights ? { weights: row.weights } : {}),
    });
    expect(d.distance).toBeCloseTo(row.distance, 12);
    expect(d.max).toBe(row.max);
    expect(d.score).toBeCloseTo(row.max === 0 ? 1 : 1 - row.distance / row.max, 12);
    expect(d.scheme).toBe(row.scheme);
  });

  it('canonicalises string arguments (built-in steps or a function) before comparing', () => {
    const ref = [c('search', { q: 'Hello  World ', tags: ['A'] })];
    const pred = [c('search', { q: ' hello world', tags: ['a'] })];
    expect(trajectoryDistance(ref, pred).distance).toBe(1);
    expect(
      trajectoryDistance(ref, pred, { canonicalize: { case: 'lower', whitespace: 'collapse' } })
        .distance,
    ).toBe(0);
    const seen: unknown[] = [];
    const d = trajectoryDistance(ref, pred, {
      canonicalize: (s, where) => {
        seen.push([where.tool, where.path]);
        return s.replace(/\s+/g, '').toLowerCase();
      },
    });
    expect(d.distance).toBe(0);
    expect(seen).toContainEqual(['search', ['tags', 0]]);
  });

  it('calls of one turn have no order: a reordering inside a turn costs nothing', () => {
    const t = (name: string, args: Record<string, unknown>, turn: number): ToolCallLike => ({
      name,
      arguments: args,
      turn,
    });
    const a = { x: 1 };
    const b = { y: 2 };
    const d = (ref: ToolCallLike[], pred: ToolCallLike[], scheme: TrajectoryScheme = 'in_order') =>
      trajectoryDistance(ref, pred, { scheme }).distance;
    // One turn on both sides, in either order (the user-testing case): 0, in_order and exact.
    expect(d([t('a', a, 1), t('b', b, 1)], [t('b', b, 1), t('a', a, 1)])).toBe(0);
    expect(d([t('a', a, 1), t('b', b, 1)], [t('b', b, 1), t('a', a, 1)], 'exact')).toBe(0);
    // A reference turn against two predicted turns in the other order, and the reverse: 0 too,
    // as the matcher's strict mode (turns "any") passes them.
    expect(d([t('a', a, 1), t('b', b, 1)], [t('b', b, 1), t('a', a, 2)])).toBe(0);
    expect(d([t('a', a, 1), t('b', b, 2)], [t('b', b, 1), t('a', a, 1)])).toBe(0);
    // Across turns the order still counts: a, then b against b, then a is a deletion + insertion.
    expect(d([t('a', a, 1), t('b', b, 2)], [t('b', b, 1), t('a', a, 2)])).toBe(2);
    // Inside a turn, a changed argument still pairs with its own call: c(q:1) vs c(q:9) is half a
    // step (one of two arguments differs), the rest equal, whatever the order.
    const ref = [t('c', { q: 1, n: 1 }, 1), t('c', { q: 2, n: 2 }, 1), t('e', {}, 1)];
    for (const pred of [
      [t('e', {}, 1), t('c', { q: 2, n: 2 }, 1), t('c', { q: 9, n: 1 }, 1)],
      [t('c', { q: 9, n: 1 }, 1), t('e', {}, 1), t('c', { q: 2, n: 2 }, 1)],
    ])
      expect(d(ref, pred)).toBe(0.5);
    // Without turns (each call its own step) a swap costs as before.
    expect(d([c('a', a), c('b', b)], [c('b', b), c('a', a)])).toBe(2);
  });

  it('the default scheme is in_order', () => {
    expect(trajectoryDistance([c('a'), c('b')], [c('b'), c('a')]).scheme).toBe('in_order');
  });
});

describe('weights and options validation', () => {
  it('ConfigError names the file and the path of a bad weight', () => {
    expect(() =>
      parseTrajectoryWeights(
        { tools: { delete_file: -1 } },
        { file: 'envtrace.config.yaml', path: ['trajectory', 'weights'] },
      ),
    ).toThrow('envtrace.config.yaml: trajectory.weights.tools.delete_file: expected a weight >= 0');
    expect(() => parseTrajectoryWeights({ tool: {} })).toThrow(
      'weights: unknown key "tool" (weights have default, tools, args)',
    );
    expect(() => trajectoryDistance([], [], { scheme: 'levenshtein' as TrajectoryScheme })).toThrow(
      ConfigError,
    );
    expect(() => trajectoryDistance([], [], { canonicalize: { case: 'upper' } as never })).toThrow(
      ConfigError,
    );
  });
});

describe('aggregateTrajectoryDistances', () => {
  it('is total distance / total max, not a mean of ratios', () => {
    // ratios 0.5 and 0 would average to 0.25; the corpus figure is 1/10.
    const agg = aggregateTrajectoryDistances([
      { distance: 1, max: 2 },
      { distance: 0, max: 8 },
    ]);
    expect(agg).toEqual({ distance: 1, max: 10, score: 0.9 });
    expect(aggregateTrajectoryDistances([])).toEqual({ distance: 0, max: 0, score: 1 });
  });
});
