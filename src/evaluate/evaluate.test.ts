import { describe, expect, it } from 'vitest';
import { ConfigError, ReferenceRaise, TraceError } from '../errors.js';
import { evaluate, evaluateBestOf } from './evaluate.js';
import { Trace } from '../trace/trace.js';

const scan = [
  { channel: 'motor:x', timestamp: 0, value: 0 },
  { channel: 'det:Acquire', timestamp: 1, value: 1 },
  { channel: 'det:Acquire', timestamp: 2, value: 0 },
  { channel: 'motor:x', timestamp: 3, value: 1.5 },
];

describe('evaluate', () => {
  it('scores an identical trace 1 and accurate', () => {
    const r = evaluate(scan, { events: scan });
    expect(r).toMatchObject({ mode: 'default', full_score: 1, accuracy: true });
    expect(Object.keys(r.metrics)).toEqual(['discrete', 'timing', 'structure']);
    expect(r.alignment_rows.every((row) => row.match === true)).toBe(true);
  });

  it('a different channel with an equal value is a mismatch by default and a match in reference mode (B1)', () => {
    const pred = scan.map((e, i) => (i === 0 ? { ...e, channel: 'motor:y' } : e));
    const d = evaluate(scan, pred);
    expect(d.accuracy).toBe(false);
    expect(d.metrics['discrete']!.details['value_matches']).toBe(3);
    const r = evaluate(scan, pred, { mode: 'reference' });
    expect(r.accuracy).toBe(true);
    expect(r.alignment_rows[0]!.match).toBe(false);
  });

  it('equal gt timestamps crash only in reference mode (B2)', () => {
    const flat = scan.map((e) => ({ ...e, timestamp: 0 }));
    expect(evaluate(flat, flat)).toMatchObject({ full_score: 1, accuracy: true });
    expect(() => evaluate(flat, flat, { mode: 'reference' })).toThrow(ReferenceRaise);
  });

  it('reports the weights it used (B3)', () => {
    const r = evaluate(scan, scan, { use_continuous: true, mode: 'reference' });
    expect(r.full_score).toBeCloseTo(0.8);
    expect(r.aggregation).toEqual({
      weights: { discrete: 0.8, timing: 0.2 },
      contributions: { discrete: 0.8, timing: 0.2, _sum: 1 },
    });
  });

  it('requires configured continuous channels for accuracy by default (B7)', () => {
    const gt = [
      ...scan,
      { channel: 'stage:temp', timestamp: 0, value: 20 },
      { channel: 'stage:temp', timestamp: 5, value: 80 },
    ];
    const pred = [
      ...scan,
      { channel: 'stage:temp', timestamp: 0, value: 20 },
      { channel: 'stage:temp', timestamp: 5, value: 60 },
    ];
    const opts = { continuous_channels: { 'stage:temp': {} } };
    expect(evaluate(gt, pred, opts).accuracy).toBe(false);
    expect(evaluate(gt, pred, { ...opts, mode: 'reference' }).accuracy).toBe(true);
  });

  it('rejects a requirement on a metric that is not computed', () => {
    expect(() =>
      evaluate(scan, scan, {
        include_structure: false,
        decision: { required_metrics: ['structure'] },
      }),
    ).toThrow(ConfigError);
  });

  it('rejects malformed traces with the side and the path', () => {
    expect(() => evaluate([{ channel: 'a', timestamp: Number.NaN, value: 1 }], scan)).toThrow(
      TraceError,
    );
    expect(() => evaluate([{ channel: 'a', timestamp: Number.NaN, value: 1 }], scan)).toThrow(
      /^gt: \[0\]\.timestamp: /,
    );
    expect(() => evaluate(scan, [{ channel: 'a', timestamp: 1, valeu: 1 } as never])).toThrow(
      /pred: \[0\]: unknown key "valeu"; did you mean "value"\?/,
    );
  });

  it('custom metrics and formula', () => {
    const r = evaluate(scan, scan, {
      metrics: [
        {
          name: 'count',
          compute: (ctx) => ({
            name: 'count',
            score: ctx.verdicts.length / 4,
            binary_pass: true,
            details: {},
          }),
        },
      ],
      aggregation: { formula: (s) => s['count']! * 0.5 },
    });
    expect(r.metrics['count']!.score).toBe(1);
    expect(r.full_score).toBe(0.5);
    expect(r.aggregation).toEqual({ info: 'custom_formula' });
  });
});

describe('evaluate: the calls of one model response (meta.parallel_group, A1)', () => {
  // Two model turns, timed by their message as the chat importers time them: get_weather(Paris),
  // get_weather(Oslo) and get_time(UTC) run in parallel, then book().
  const call = (channel: string, value: unknown, group: number, t: number) => ({
    channel,
    timestamp: t,
    value,
    meta: { parallel_group: group },
  });
  const golden = [
    call('get_weather', { city: 'Paris' }, 1, 0),
    call('get_weather', { city: 'Oslo' }, 1, 0),
    call('get_time', { tz: 'UTC' }, 1, 0),
    call('book', { n: 1 }, 2, 1),
  ];
  // The same calls logged in another order.
  const swapped = [golden[2]!, golden[1]!, golden[0]!, golden[3]!];

  it('align in one order whatever order they ran in; the rows name the events as given', () => {
    const r = evaluate(golden, swapped);
    expect(r).toMatchObject({ full_score: 1, accuracy: true });
    // Canonical order inside the group (channel, then value); each row keeps its input positions.
    expect(r.alignment_index).toEqual([
      [2, 0],
      [1, 1],
      [0, 2],
      [3, 3],
    ]);
    expect(r.alignment_rows.map((row) => [row.gt!.value, row.pred!.value])).toEqual([
      [{ tz: 'UTC' }, { tz: 'UTC' }],
      [{ city: 'Oslo' }, { city: 'Oslo' }],
      [{ city: 'Paris' }, { city: 'Paris' }],
      [{ n: 1 }, { n: 1 }],
    ]);
  });

  it('a wrong call in the group is still one mismatch; order across groups still counts', () => {
    const wrong = swapped.map((e, i) => (i === 2 ? { ...e, value: { city: 'Rome' } } : e));
    const r = evaluate(golden, wrong);
    expect(r.metrics['discrete']!.details['value_matches']).toBe(3);
    const late = [golden[3]!, ...golden.slice(0, 3)].map((e, i) => ({ ...e, timestamp: i }));
    expect(evaluate(golden, late).accuracy).toBe(false);
  });

  it('only when both traces group their calls: a recording without groups keeps time order', () => {
    // A golden imported with its groups against a run recorded call by call, in the same order.
    const recorded = golden.map(({ meta: _, ...e }) => e);
    const r = evaluate(golden, recorded);
    expect(r).toMatchObject({ full_score: 1, accuracy: true });
    expect(r.alignment_index).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('reference mode aligns them in time order (two calls ran in the other order: mismatches)', () => {
    const gt = [golden[0]!, golden[1]!, golden[3]!];
    const two = [gt[1]!, gt[0]!, gt[2]!];
    const r = evaluate(gt, two, { mode: 'reference' });
    expect(r.accuracy).toBe(false);
    expect(r.alignment_rows.slice(0, 2).map((row) => row.match)).toEqual([false, false]);
    expect(evaluate(gt, two).accuracy).toBe(true);
  });
});

describe('evaluateBestOf', () => {
  it('keeps the first best candidate and forwards options', () => {
    const other = scan.map((e) => ({ ...e, value: 9 }));
    const r = evaluateBestOf([other, scan, scan], scan, { include_structure: false });
    expect(r.best_index).toBe(1);
    expect(r.candidate_full_scores).toHaveLength(3);
    expect(Object.keys(r.metrics)).toEqual(['discrete', 'timing']);
  });

  it('needs at least one golden by default; reference mode falls back to an empty golden (B5)', () => {
    expect(() => evaluateBestOf([], scan)).toThrow(ConfigError);
    expect(evaluateBestOf([], scan, { mode: 'reference' }).best_index).toBe(-1);
  });

  it('a problem found in a candidate while scoring names the candidate, not `gt`', () => {
    const temp = (value: unknown) => [
      { channel: 'stage:temp', timestamp: 0, value: 20 },
      { channel: 'stage:temp', timestamp: 1, value },
    ];
    const opts = { continuous_channels: { 'stage:temp': {} } };
    const caught = (f: () => unknown): TraceError => {
      try {
        f();
      } catch (e) {
        if (e instanceof TraceError) return e;
        throw e;
      }
      throw new Error('did not throw');
    };
    const bad = caught(() => evaluateBestOf([temp(21), temp(21), temp('hot')], temp(21), opts));
    expect(bad.message).toMatchInlineSnapshot(
      `"golden[2]: events[1].value: continuous channel "stage:temp" needs numeric values, got "hot""`,
    );
    expect({ candidate: bad.candidate, label: bad.label, file: bad.file }).toEqual({
      candidate: 2,
      label: 'golden[2]',
      file: undefined,
    });
    // Reference mode reads each candidate while scoring it: the same name.
    const ref = caught(() =>
      evaluateBestOf([temp(21), { events: [{ channel: 1 }] } as never], temp(21), {
        ...opts,
        mode: 'reference',
      }),
    );
    expect(ref.candidate).toBe(1);
    expect(ref.message).toMatch(/^golden\[1\]: /);
    // The prediction's problems still name its side.
    const pred = caught(() => evaluateBestOf([temp(21), temp(21)], temp('hot'), opts));
    expect(pred.candidate).toBeUndefined();
    expect(pred.message).toMatch(/^pred: /);
  });
});

describe('deep values (README "Limits")', () => {
  const nested = (n: number): unknown => JSON.parse(`${'['.repeat(n)}1${']'.repeat(n)}`) as unknown;

  it('a value nested 2,500 levels is a TraceError naming the side and path, not a RangeError', () => {
    for (const make of [
      (v: unknown) => new Trace([{ channel: 'a', timestamp: 0, value: v }]),
      (v: unknown) => [{ channel: 'a', timestamp: 0, value: v }],
    ]) {
      const gt = make(nested(2_500));
      const pred = make(nested(2_500));
      expect(() => evaluate(gt, pred)).toThrow(TraceError);
      expect(() => evaluate(gt, pred)).toThrow(/^gt: (events)?\[0\]\.value\[0\]/);
      expect(() => evaluate(make(1), pred)).toThrow(/^pred: /);
    }
  });

  it('values at the limit are compared as usual', () => {
    const r = evaluate(
      [{ channel: 'a', timestamp: 0, value: nested(256) }],
      [{ channel: 'a', timestamp: 0, value: nested(256) }],
    );
    expect(r.metrics.discrete?.score).toBe(1);
  });
});

describe('value buckets for value-aware aligners (AlignContext.valueBuckets)', () => {
  it('gives each event its channel comparator’s bucket; a channel with a value that has none is all 0', () => {
    const ev = (channel: string, value: unknown, t: number) => ({ channel, timestamp: t, value });
    const gt = [ev('m', 10, 1), ev('s', 'open', 2), ev('x', 1, 3), ev('x', { a: 1 }, 4)];
    const pred = [ev('m', 10.001, 1), ev('s', 'open', 2), ev('x', 1, 3), ev('m', -10, 4)];
    let seen: { gt: Float64Array; pred: Float64Array } | undefined;
    const spy = {
      name: 'spy',
      align(g: Int32Array, p: Int32Array, context: import('../align/types.js').AlignContext) {
        seen = context.valueBuckets?.();
        return Array.from({ length: Math.max(g.length, p.length) }, (_, i) => ({
          gt: i < g.length ? i : null,
          pred: i < p.length ? i : null,
          tag: 'replace' as const,
        }));
      },
    };
    evaluate(gt, pred, { aligner: spy });
    expect(seen).toBeDefined();
    const { gt: bg, pred: bp } = seen!;
    expect(Math.abs(bg[0]! - bp[0]!)).toBeLessThanOrEqual(2); // 10 and 10.001 match at the default tolerance
    expect(Math.abs(bp[3]! - bg[0]!)).toBeGreaterThan(2); // −10 does not
    expect(bg[1]).toBe(bp[1]); // equal strings
    expect([bg[2], bg[3], bp[2]]).toEqual([0, 0, 0]); // channel x holds an object: no buckets for it
  });

  it('is undefined when no channel’s comparator has buckets', () => {
    let called = false;
    let got: unknown = 'unset';
    const spy = {
      name: 'spy',
      align(g: Int32Array, _p: Int32Array, context: import('../align/types.js').AlignContext) {
        called = true;
        got = context.valueBuckets?.();
        return Array.from(g, (_, i) => ({ gt: i, pred: i, tag: 'equal' as const }));
      },
    };
    const t = [{ channel: 'a', timestamp: 1, value: 1 }];
    evaluate(t, t, { aligner: spy, comparators: { default: { type: 'always_true' } } });
    expect(called).toBe(true);
    expect(got).toBeUndefined();
  });
});

describe('evaluate: the value questions an aligner asks (AlignContext.valuesMatch)', () => {
  const pairs = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ gt: i, pred: i, tag: 'equal' as const }));

  it('answers for the evaluation whose aligner runs, also when a comparator evaluates another pair of traces', () => {
    const inner = [{ channel: 'a', timestamp: 0, value: 'x' }];
    const seen: boolean[] = [];
    const aligner = {
      name: 'asks',
      align: (
        gt: Int32Array,
        _pred: Int32Array,
        ctx: { valuesMatch?: (i: number, j: number) => boolean },
      ) => {
        for (let i = 0; i < gt.length; i++) seen.push(ctx.valuesMatch!(i, i));
        return pairs(gt.length);
      },
    };
    // The comparator runs a whole evaluation of its own (with its own aligner run) for each pair.
    const nested = (a: unknown, b: unknown): boolean =>
      evaluate(inner, [{ ...inner[0]!, value: a === b ? 'x' : 'y' }]).accuracy;
    const gt = [
      { channel: 'c', timestamp: 0, value: 1 },
      { channel: 'c', timestamp: 1, value: 2 },
    ];
    const pred = [
      { channel: 'c', timestamp: 0, value: 1 },
      { channel: 'c', timestamp: 1, value: 3 },
    ];
    evaluate(gt, pred, { aligner, comparators: { default: nested } });
    expect(seen).toEqual([true, false]);
  });

  it('throws a clear error when asked after the aligner returned', () => {
    let kept: ((i: number, j: number) => boolean) | undefined;
    const aligner = {
      name: 'keeps',
      align: (
        gt: Int32Array,
        _pred: Int32Array,
        ctx: { valuesMatch?: (i: number, j: number) => boolean },
      ) => {
        kept = ctx.valuesMatch;
        return pairs(gt.length);
      },
    };
    evaluate(scan, scan, { aligner });
    expect(() => kept!(0, 0)).toThrow(/after the aligner returned/);
  });
});
