import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import type { ArgsMatch } from './args.js';
import { formatCall, type ToolCallLike } from './calls.js';
import { matchTrajectory, type TrajectoryMode } from './match.js';

const c = (name: string, args: Record<string, unknown> = {}, turn?: number): ToolCallLike =>
  turn === undefined ? { name, arguments: args } : { name, arguments: args, turn };
const a = { q: 'a' };
const aEn = { q: 'a', lang: 'en' };
const aFr = { q: 'a', lang: 'fr' };

interface Row {
  readonly title: string;
  readonly reference: readonly ToolCallLike[];
  readonly calls: readonly ToolCallLike[];
  readonly mode: TrajectoryMode;
  readonly args?: ArgsMatch;
  readonly pass: boolean;
  /** Reference index → predicted index of every matched pair. */
  readonly pairs: ReadonlyArray<readonly [number, number]>;
}

const rows: Row[] = [
  {
    title: 'identical calls pass strict',
    reference: [c('search', a), c('open', { id: 1 })],
    calls: [c('search', a), c('open', { id: 1 })],
    mode: 'strict',
    pass: true,
    pairs: [
      [0, 0],
      [1, 1],
    ],
  },
  {
    title: 'reordered calls fail strict',
    reference: [c('search', a), c('open', { id: 1 })],
    calls: [c('open', { id: 1 }), c('search', a)],
    mode: 'strict',
    pass: false,
    pairs: [[0, 1]],
  },
  {
    title: 'reordered calls pass unordered',
    reference: [c('search', a), c('open', { id: 1 })],
    calls: [c('open', { id: 1 }), c('search', a)],
    mode: 'unordered',
    pass: true,
    pairs: [
      [0, 1],
      [1, 0],
    ],
  },
  {
    title: 'strict: parallel calls of one turn are a set',
    reference: [c('search', a, 1), c('open', { id: 1 }, 1), c('summarize', {}, 2)],
    calls: [c('open', { id: 1 }), c('search', a), c('summarize')],
    mode: 'strict',
    pass: true,
    pairs: [
      [0, 1],
      [1, 0],
      [2, 2],
    ],
  },
  {
    title: 'strict: a later turn cannot be paired before an earlier one',
    reference: [c('search', a, 1), c('summarize', {}, 2)],
    calls: [c('summarize'), c('search', a)],
    mode: 'strict',
    pass: false,
    pairs: [[0, 1]],
  },
  // First-fit pairs search(a) with the first call (which also fits search(a, en)) and leaves search(a, en) unmatched.
  {
    title: 'greedy failure, args superset, unordered: optimal matching pairs crosswise',
    reference: [c('search', a), c('search', aEn)],
    calls: [c('search', aEn), c('search', aFr)],
    mode: 'unordered',
    args: 'superset',
    pass: true,
    pairs: [
      [0, 1],
      [1, 0],
    ],
  },
  {
    title: 'greedy failure, args superset, superset mode',
    reference: [c('search', a), c('search', aEn)],
    calls: [c('search', aEn), c('noise'), c('search', aFr)],
    mode: 'superset',
    args: 'superset',
    pass: true,
    pairs: [
      [0, 2],
      [1, 0],
    ],
  },
  {
    title: 'greedy failure, args superset, strict with one parallel turn',
    reference: [c('search', a, 1), c('search', aEn, 1)],
    calls: [c('search', aEn), c('search', aFr)],
    mode: 'strict',
    args: 'superset',
    pass: true,
    pairs: [
      [0, 1],
      [1, 0],
    ],
  },
  {
    title: 'the same calls in sequential turns keep their order under strict',
    reference: [c('search', a, 1), c('search', aEn, 2)],
    calls: [c('search', aEn), c('search', aFr)],
    mode: 'strict',
    args: 'superset',
    pass: false,
    pairs: [[0, 0]],
  },
  // In-order first-fit takes the last call for open() and then finds no search() after it: 1 pair instead of 2.
  {
    title: 'greedy failure in order: skipping a call keeps two pairs',
    reference: [c('open'), c('search', a), c('search', a)],
    calls: [c('search', a), c('search', a), c('open')],
    mode: 'strict',
    pass: false,
    pairs: [
      [1, 0],
      [2, 1],
    ],
  },
  {
    title: 'repeated calls: a multiset, not a set',
    reference: [c('search', a), c('search', a)],
    calls: [c('search', a)],
    mode: 'unordered',
    pass: false,
    pairs: [[0, 0]],
  },
  {
    title: 'subset: every predicted call is in the reference',
    reference: [c('search', a), c('open', { id: 1 })],
    calls: [c('open', { id: 1 })],
    mode: 'subset',
    pass: true,
    pairs: [[1, 0]],
  },
  {
    title: 'subset: an extra predicted call fails',
    reference: [c('search', a)],
    calls: [c('search', a), c('delete', { id: 1 })],
    mode: 'subset',
    pass: false,
    pairs: [[0, 0]],
  },
  {
    title: 'subset: repeated predicted calls need repeated reference calls',
    reference: [c('search', a)],
    calls: [c('search', a), c('search', a)],
    mode: 'subset',
    pass: false,
    pairs: [[0, 0]],
  },
  {
    title: 'superset: extras allowed, missing reference calls fail',
    reference: [c('search', a), c('open', { id: 1 })],
    calls: [c('search', a), c('noise')],
    mode: 'superset',
    pass: false,
    pairs: [[0, 0]],
  },
  {
    title: 'args ignore: only tool names count',
    reference: [c('search', a)],
    calls: [c('search', { q: 'zzz' })],
    mode: 'strict',
    args: 'ignore',
    pass: true,
    pairs: [[0, 0]],
  },
  {
    title: 'args by name: other arguments are not compared',
    reference: [c('search', aEn)],
    calls: [c('search', { q: 'a', lang: 'de' })],
    mode: 'strict',
    args: ['q'],
    pass: true,
    pairs: [[0, 0]],
  },
  {
    title: 'args predicate gets (reference, predicted)',
    reference: [c('search', { n: 1 })],
    calls: [c('search', { n: 5 })],
    mode: 'strict',
    args: (r, p) => (p as { n: number }).n > (r as { n: number }).n,
    pass: true,
    pairs: [[0, 0]],
  },
  ...(['strict', 'unordered', 'subset', 'superset'] as const).map((mode) => ({
    title: `empty trajectories pass ${mode}`,
    reference: [],
    calls: [],
    mode,
    pass: true,
    pairs: [],
  })),
];

describe('matchTrajectory (table)', () => {
  it.each(rows)('$title', (row) => {
    const r = matchTrajectory(row.reference, row.calls, {
      mode: row.mode,
      ...(row.args === undefined ? {} : { args: row.args }),
    });
    expect(r.pass).toBe(row.pass);
    expect(r.matched.map((m) => [m.reference.index, m.call.index])).toEqual(row.pairs);
    expect(r.unmatchedReference.length).toBe(row.reference.length - row.pairs.length);
    expect(r.unexpected.length).toBe(row.calls.length - row.pairs.length);
  });
});

describe('argument direction', () => {
  const run = (args: ArgsMatch, ref: object, pred: object): boolean =>
    matchTrajectory(
      [c('t', ref as Record<string, unknown>)],
      [c('t', pred as Record<string, unknown>)],
      { args },
    ).pass;

  it('superset: the predicted arguments contain the reference ones', () => {
    expect(run('superset', a, aEn)).toBe(true);
    expect(run('superset', aEn, a)).toBe(false);
    expect(run('superset', { opts: { k: 1 } }, { opts: { k: 1, j: 2 } })).toBe(true);
  });

  it('subset: the predicted arguments are contained in the reference ones', () => {
    expect(run('subset', aEn, a)).toBe(true);
    expect(run('subset', a, aEn)).toBe(false);
  });

  it('exact: deep equality, key order ignored', () => {
    expect(run('exact', { x: 1, y: [1, 2] }, { y: [1, 2], x: 1 })).toBe(true);
    expect(run('exact', a, aEn)).toBe(false);
  });

  it('toolArgs overrides args per tool', () => {
    const ref = [c('search', a), c('open', { id: 1 })];
    const calls = [c('search', aEn), c('open', { id: 1, extra: true })];
    expect(
      matchTrajectory(ref, calls, { args: 'exact', toolArgs: { search: 'superset' } }).pass,
    ).toBe(false);
    expect(
      matchTrajectory(ref, calls, {
        args: 'exact',
        toolArgs: { search: 'superset', open: 'superset' },
      }).pass,
    ).toBe(true);
  });
});

describe('inputs and errors', () => {
  it('accepts events (channel = tool, value = arguments) and parallel turns from meta or equal timestamps', () => {
    const reference = [
      { channel: 'search', timestamp: 0, value: a },
      { channel: 'open', timestamp: 0, value: { id: 1 } },
      { channel: 'summarize', timestamp: 1, value: {} },
    ];
    const calls = {
      events: [
        { channel: 'open', timestamp: 5, value: { id: 1 } },
        { channel: 'search', timestamp: 6, value: a },
        { channel: 'summarize', timestamp: 7, value: {} },
      ],
    };
    expect(matchTrajectory(reference, calls).pass).toBe(true);
    expect(matchTrajectory(calls, reference).pass).toBe(false); // the prediction's turns are sequential
  });

  it('rejects an unknown mode or args spec with a ConfigError naming the option', () => {
    expect(() => matchTrajectory([], [], { mode: 'fuzzy' as TrajectoryMode })).toThrow(ConfigError);
    expect(() => matchTrajectory([], [], { mode: 'fuzzy' as TrajectoryMode })).toThrow(
      'mode: unknown trajectory mode "fuzzy" (expected strict, unordered, subset, superset)',
    );
    expect(() => matchTrajectory([], [], { toolArgs: { search: 'loose' as ArgsMatch } })).toThrow(
      'toolArgs.search: unknown argument match "loose"',
    );
    expect(() => matchTrajectory([], [], { args: ['q', 3] as unknown as ArgsMatch })).toThrow(
      'args[1]: expected an argument name, received number',
    );
  });

  it('formats calls for messages', () => {
    expect(formatCall({ name: 'search', arguments: aEn })).toBe('search({"q":"a","lang":"en"})');
  });
});

describe('strict matching is the longest order-respecting matching', () => {
  it('equals the LCS length when every call is its own turn', async () => {
    const fc = (await import('fast-check')).default;
    const lcs = (x: string[], y: string[]): number => {
      const t = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
      for (let i = 1; i <= x.length; i++)
        for (let j = 1; j <= y.length; j++)
          t[i]![j] =
            x[i - 1] === y[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
      return t[x.length]![y.length]!;
    };
    const seq = fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 8 });
    fc.assert(
      fc.property(seq, seq, (x, y) => {
        const r = matchTrajectory(
          x.map((n) => c(n)),
          y.map((n) => c(n)),
          { mode: 'strict' },
        );
        expect(r.matched.length).toBe(lcs(x, y));
        const predOrder = r.matched.map((m) => m.call.index);
        expect(predOrder).toEqual([...predOrder].sort((p, q) => p - q));
        expect(r.pass).toBe(x.join() === y.join());
      }),
    );
  });

  it('with parallel turns: equals the best LCS over the permutations of each reference turn', async () => {
    const fc = (await import('fast-check')).default;
    const perms = <T>(xs: readonly T[]): T[][] =>
      xs.length <= 1
        ? [xs.slice()]
        : xs.flatMap((x, i) =>
            perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]),
          );
    const lcs = (x: readonly string[], y: readonly string[]): number => {
      const t = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
      for (let i = 1; i <= x.length; i++)
        for (let j = 1; j <= y.length; j++)
          t[i]![j] =
            x[i - 1] === y[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
      return t[x.length]![y.length]!;
    };
    const name = fc.constantFrom('a', 'b', 'c');
    const turns = fc.array(fc.array(name, { minLength: 1, maxLength: 3 }), { maxLength: 3 });
    fc.assert(
      fc.property(turns, fc.array(name, { maxLength: 7 }), (groups, y) => {
        const reference = groups.flatMap((g, t) => g.map((n) => c(n, {}, t)));
        // Every combination of per-turn permutations, concatenated.
        let options: string[][] = [[]];
        for (const g of groups)
          options = options.flatMap((prefix) => perms(g).map((p) => [...prefix, ...p]));
        const best = Math.max(...options.map((x) => lcs(x, y)));
        const r = matchTrajectory(
          reference,
          y.map((n) => c(n)),
          { mode: 'strict' },
        );
        expect(r.matched.length).toBe(best);
        for (const m of r.matched) expect(m.reference.name).toBe(m.call.name);
        // Pairs of an earlier turn come before pairs of a later turn in the prediction.
        for (const p of r.matched)
          for (const q of r.matched)
            if (p.reference.group < q.reference.group)
              expect(p.call.index).toBeLessThan(q.call.index);
      }),
    );
  });
});
