/**
 * The matchers through Vitest's real `expect` (so `this` and `this.utils` are the host's).
 * Messages are snapshotted with colours stripped.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, TraceError } from '../src/index.js';
import { installTraceMatching } from './asymmetric.js';
import { matchers } from './index.js';
import { scan, stripAnsi } from './testing.js';

expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
installTraceMatching(expect);

interface TraceExpect {
  toMatchTraceBehavior(golden: unknown, config?: unknown): void;
}
const ex = (v: unknown): TraceExpect & { not: TraceExpect } =>
  expect(v) as unknown as TraceExpect & { not: TraceExpect };
const asym = expect as unknown as {
  traceMatching(g: unknown, c?: unknown): unknown;
  not: { traceMatching(g: unknown, c?: unknown): unknown };
};

function messageOf(fn: () => void): string {
  try {
    fn();
  } catch (e) {
    return stripAnsi((e as Error).message);
  }
  throw new Error('expected the assertion to fail');
}

const golden = scan();

// Messages are sized to the terminal (CI: 100 columns); the snapshots are taken at 80.
beforeEach(() => {
  vi.stubEnv('ENVTRACE_WIDTH', '80');
  return () => vi.unstubAllEnvs();
});

describe('toMatchTraceBehavior', () => {
  it('passes jitter, fails a behaviour change', () => {
    ex(scan(undefined, { jitter: [0.01, -0.02, 0.015] })).toMatchTraceBehavior(golden);
    expect(messageOf(() => ex(scan([0, 1, 3])).toMatchTraceBehavior(golden))).toMatchSnapshot();
  });

  it('.not', () => {
    ex(scan([0, 1, 3])).not.toMatchTraceBehavior(golden);
    expect(
      messageOf(() => ex(scan()).not.toMatchTraceBehavior(golden, { minScore: 0.5 })),
    ).toMatchSnapshot();
  });

  it('best-of', () => {
    ex(scan([0, 1, 3])).toMatchTraceBehavior([golden, { events: scan([0, 1, 3]) }]);
    // two motor values differ from the first golden, one from the second: the second wins
    expect(
      messageOf(() => ex(scan([0, 5, 3])).toMatchTraceBehavior([golden, scan([0, 1, 3])])),
    ).toMatchSnapshot();
  });

  it('best-of: a problem found in one golden while scoring names its file, else golden[i]', () => {
    const temp = (value: unknown) => [
      { channel: 'stage:temp', timestamp: 0, value: 20 },
      { channel: 'stage:temp', timestamp: 1, value },
    ];
    const cfg = { continuous_channels: { 'stage:temp': {} } };
    const thrown = (fn: () => void): unknown => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      throw new Error('expected a throw');
    };
    const inline = thrown(() => ex(temp(21)).toMatchTraceBehavior([temp(21), temp('hot')], cfg));
    expect(inline).toBeInstanceOf(TraceError);
    expect((inline as Error).message).toMatchInlineSnapshot(
      `"golden[1]: events[1].value: continuous channel "stage:temp" needs numeric values, got "hot""`,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-tmtb-'));
    try {
      const bad = path.join(dir, 'hot.json');
      fs.writeFileSync(bad, JSON.stringify({ events: temp('hot') }));
      const fromFile = thrown(() => ex(temp(21)).toMatchTraceBehavior([temp(21), bad], cfg));
      expect((fromFile as Error).message).toBe(
        `${path.relative(process.cwd(), bad)}: events[1].value: continuous channel "stage:temp" needs numeric values, got "hot"`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reference mode and edge traces', () => {
    ex(scan(undefined, { jitter: [0.01] })).toMatchTraceBehavior(golden, { mode: 'reference' });
    const empty = messageOf(() => ex([]).toMatchTraceBehavior(golden));
    expect(empty).toContain(
      'discrete not exact: 9 missing events; timing not measured (no matching PV/value pairs for timing evaluation).',
    );
    expect(empty).toContain('Alignment: 9 rows of 9 differ, the first at row 1');
  });

  it('reads traces and configs from files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-tmtb-'));
    try {
      fs.writeFileSync(path.join(dir, 'gt.json'), JSON.stringify({ events: golden }));
      fs.writeFileSync(
        path.join(dir, 'pred.jsonl'),
        scan([0, 1, 3])
          .map((e) => JSON.stringify(e))
          .join('\n'),
      );
      fs.writeFileSync(
        path.join(dir, 'cfg.yaml'),
        'comparators:\n  by_channel:\n    motor:x: {type: always_true}\n',
      );
      ex(path.join(dir, 'pred.jsonl')).toMatchTraceBehavior(
        path.join(dir, 'gt.json'),
        path.join(dir, 'cfg.yaml'),
      );
      ex(path.join(dir, 'pred.jsonl')).not.toMatchTraceBehavior(path.join(dir, 'gt.json'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the import warnings of file traces in the failure message and the record', ({
    task,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-tmtb-'));
    try {
      const log = (values: number[]) =>
        [
          'XF:M 2026-01-05 00:00:00.000000 0',
          'XF:CALC <undefined> 0 UDF INVALID',
          ...values.map((v, i) => `XF:M 2026-01-05 00:00:0${i + 1}.000000 ${v}`),
        ].join('\n');
      fs.writeFileSync(path.join(dir, 'gt.txt'), log([1, 2]));
      fs.writeFileSync(path.join(dir, 'pred.txt'), log([1, 7]));
      const message = messageOf(() =>
        ex(path.join(dir, 'pred.txt')).toMatchTraceBehavior(path.join(dir, 'gt.txt')),
      ).replaceAll(path.relative(process.cwd(), dir), '<dir>');
      expect(message.slice(message.indexOf('Import warnings'))).toBe(
        [
          'Import warnings (2):',
          '  <dir>/pred.txt:2: the update has no time stamp (<undefined>: the record was never processed): "XF:CALC <undefined> 0 UDF INVALID" (skipped-line)',
          '  <dir>/gt.txt:2: the update has no time stamp (<undefined>: the record was never processed): "XF:CALC <undefined> 0 UDF INVALID" (skipped-line)',
        ].join('\n'),
      );
      const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
      expect(records.at(-1)?.['import_warnings']).toEqual([
        expect.objectContaining({
          code: 'skipped-line',
          file: path.relative(process.cwd(), path.join(dir, 'pred.txt')),
          line: 2,
        }),
        expect.objectContaining({
          code: 'skipped-line',
          file: path.relative(process.cwd(), path.join(dir, 'gt.txt')),
          line: 2,
        }),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('misuse throws typed errors, not failed assertions', () => {
    expect(() => ex(42).toMatchTraceBehavior(golden)).toThrow(TraceError);
    expect(messageOf(() => ex({ not: 'a trace' }).toMatchTraceBehavior(golden))).toMatchSnapshot();
    expect(() => ex(golden).toMatchTraceBehavior(7)).toThrow(TraceError);
    expect(() =>
      ex([{ channel: 'a', timestamp: 'x', value: 1 }]).toMatchTraceBehavior(golden),
    ).toThrow(TraceError);
    expect(() =>
      ex([{ channel: 'a', timestamp: 'x', value: 1 }]).toMatchTraceBehavior(golden),
    ).toThrow(/received: .*events\[0\]\.timestamp/);
    expect(() =>
      ex(golden).toMatchTraceBehavior(golden, { comparators: { default: { type: 'nope' } } }),
    ).toThrow(ConfigError);
    expect(() => ex(golden).toMatchTraceBehavior(golden, { minScore: 'high' })).toThrow(
      /minScore: expected a finite number/,
    );
    expect(() => ex(golden).toMatchTraceBehavior(golden, { requireAccuracy: false })).toThrow(
      /requireAccuracy: false needs a minScore/,
    );
    expect(() => ex(golden).toMatchTraceBehavior(golden, [])).toThrow(ConfigError);
    expect(() => ex(golden).toMatchTraceBehavior('/nonexistent/golden.json')).toThrow(
      /no such file/,
    );
  });

  it('records the config entries no trace has, as batch records do (config_warnings)', ({
    task,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-tmtb-'));
    try {
      const cfg = path.join(dir, 'cfg.yaml');
      fs.writeFileSync(cfg, 'comparators:\n  by_channel:\n    motor:y: {type: exact}\n');
      ex(golden).toMatchTraceBehavior(golden, {
        comparators: { by_channel: { 'motor:y': { type: 'exact' } } },
      });
      ex(golden).toMatchTraceBehavior(golden, cfg);
      // A best-of call: judged against every golden and the received trace.
      ex(golden).toMatchTraceBehavior([golden, scan([0, 1, 3])], {
        ignore_channels: ['det:nope'],
      });
      ex(golden).toMatchTraceBehavior(golden);
      const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
      const entry = {
        code: 'unknown-channel-key',
        entry: 'comparators.by_channel["motor:y"]',
        hint: 'did you mean "motor:x"?',
      };
      expect(records.map((r) => r['config_warnings'])).toEqual([
        [entry],
        [{ ...entry, config: cfg }],
        [
          {
            code: 'unknown-channel-key',
            entry: 'ignore_channels[0] ("det:nope")',
            hint: expect.any(String) as unknown,
          },
        ],
        undefined,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes one record per call on the running test', ({ task }) => {
    ex(golden).toMatchTraceBehavior(golden, { minScore: 0.5 });
    ex(scan([0, 1, 3])).not.toMatchTraceBehavior(golden);
    const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      matcher: 'toMatchTraceBehavior',
      seq: 0,
      pass: true,
      negated: false,
      min_score: 0.5,
      full_score: 1,
      accuracy: true,
    });
    expect(records[0]?.['testName']).toBe(
      'toMatchTraceBehavior publishes one record per call on the running test',
    );
    expect(records[1]).toMatchObject({
      seq: 1,
      pass: true,
      negated: true,
      accuracy: false,
      decision: { discrete: false, timing: true },
    });
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
  });

  it('a failed call records its verdict sentence (the message line after the hint) and its line', ({
    task,
  }) => {
    const failed = messageOf(() => ex(scan([0, 1, 3])).toMatchTraceBehavior(golden));
    const negated = messageOf(() => ex(golden).not.toMatchTraceBehavior(golden));
    ex(golden).toMatchTraceBehavior(golden);
    const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
    expect(records.map((r) => r['failure'])).toEqual([
      failed.split('\n')[2],
      negated.split('\n')[2],
      undefined,
    ]);
    expect(records[0]?.['failure']).toMatch(
      /^Expected the received trace to behave like the golden trace, but score 0\.\d{3}, accuracy false: /,
    );
    expect(records[1]?.['failure']).toMatch(/^Expected the received trace not to behave like/);
    // The lines of the two failed calls above, in this file as written (a passed check has none).
    expect(records.map((r) => (r['location'] as { line: number } | undefined)?.line)).toEqual([
      265,
      266,
      undefined,
    ]);
  });

  it('the run record of a scan whose every value is just beyond its tolerance names the cause', async ({
    task,
  }) => {
    // Imported here, not at the top, so the lines the test above pins stay where they are.
    const { ENERGY_SCAN, ABS_2, shiftedScan } =
      await import('../src/report/values-off.test-helpers.js');
    const message = messageOf(() =>
      ex(shiftedScan(() => 2.1)).toMatchTraceBehavior(ENERGY_SCAN, ABS_2),
    );
    const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
    // The HTML report's failing-checks list and the JSON record show this sentence as is.
    expect(records.map((r) => r['failure'])).toEqual([message.split('\n')[2]]);
    expect(records[0]?.['failure']).toContain(
      ': discrete not exact: every event present and in order, 30 values off (all on mono:energy, Δ 2.1, tolerance abs 2: each just beyond it, the closest by 0.1); ',
    );
  });

  it('a failed batch pair (envtrace evaluate --gt-dir) records the sentence this matcher prints', async () => {
    // Imported here, not at the top, so the lines the test above pins stay where they are.
    const { createPairEvaluator } = await import('../src/cli/batch/task.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-tmtb-'));
    try {
      const write = (name: string, events: unknown) => {
        fs.writeFileSync(path.join(dir, name), JSON.stringify({ events }));
        return path.join(dir, name);
      };
      const gt = write('gt.json', scan());
      for (const [pred, minScore] of [
        [write('off.json', scan([0, 1, 3])), undefined],
        [write('short.json', scan([0, 1])), 0.99],
      ] as const) {
        const outcome = await createPairEvaluator({ minScore })({
          index: 0,
          key: 'k',
          gtPath: gt,
          predPath: pred,
          gtLabel: 'gt/gt.json',
        });
        const message = messageOf(() =>
          ex(pred).toMatchTraceBehavior(gt, minScore === undefined ? undefined : { minScore }),
        );
        expect(outcome.kind === 'ok' && outcome.record.failure).toBe(message.split('\n')[2]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('traceMatching', () => {
  it('matches inside toEqual and toHaveBeenCalledWith; non-traces do not match', () => {
    const fn = vi.fn();
    fn({ id: 1, trace: scan(undefined, { jitter: [0.01] }) });
    expect(fn).toHaveBeenCalledWith({ id: 1, trace: asym.traceMatching(golden) });
    expect({ trace: scan([0, 1, 3]) }).toEqual({ trace: asym.not.traceMatching(golden) });
    expect({ trace: 'text' }).not.toEqual({ trace: asym.traceMatching(golden) });
    expect({ trace: [{ channel: 'a', timestamp: 'bad' }] }).not.toEqual({
      trace: asym.traceMatching(golden),
    });
  });

  it('a value that is not a trace: said so in the printed form', () => {
    const m = asym.traceMatching(golden) as {
      asymmetricMatch(v: unknown): boolean;
      toAsymmetricMatcher(): string;
    };
    expect(m.asymmetricMatch('text')).toBe(false);
    expect(m.toAsymmetricMatcher()).toBe(
      'traceMatching<"golden: 9 events\n  the received value is not a trace">',
    );
  });

  it('prints short in diffs', () => {
    const m = asym.traceMatching(golden, { minScore: 0.9 }) as { toAsymmetricMatcher(): string };
    expect(m.toAsymmetricMatcher()).toBe('traceMatching<"golden: 9 events, with config">');
    const best = asym.traceMatching([golden, 'other.json']) as { toAsymmetricMatcher(): string };
    expect(best.toAsymmetricMatcher()).toBe('traceMatching<"best of 2 goldens">');
  });

  it('a failed toHaveBeenCalledWith shows the score, the verdict and the first differing rows', () => {
    const fn = vi.fn();
    fn('run-1', scan([0, 1, 3]));
    const text = messageOf(() =>
      expect(fn).toHaveBeenCalledWith('run-1', asym.traceMatching(golden)),
    );
    expect(text).toContain('traceMatching<"golden: 9 events');
    expect(text).toMatch(
      /\n- +score 0\.911, accuracy false: discrete not exact: 1 mismatch \(row 7 motor:x: 3 instead of 2\)\n/,
    );
    expect(text).toContain('≠ row 7: motor:x = 2 → motor:x = 3');
  });

  it('after several compared values, describes the best-scoring one', () => {
    const fn = vi.fn();
    fn(scan([0, 5, 6]));
    fn(scan([0, 1, 3]));
    fn('not a trace');
    const text = messageOf(() => expect(fn).toHaveBeenCalledWith(asym.traceMatching(golden)));
    expect(text).toContain(
      'best of 3 compared values: score 0.911, accuracy false: discrete not exact: 1 mismatch',
    );
    expect(text).not.toContain('row 4:');
  });

  it('still throws for a bad golden', () => {
    expect(() => expect({ t: golden }).toEqual({ t: asym.traceMatching(5) })).toThrow(TraceError);
  });
});
