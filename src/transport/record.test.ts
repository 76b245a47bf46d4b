import { describe, expect, expectTypeOf, it } from 'vitest';
import { fixture } from '../import/fixtures.test-helpers.js';
import { loadTraceSync } from '../import/read.js';
import { evaluate, matchTrajectory, trajectoryDistance, trajectoryMetric } from '../index.js';
import { toReportRecord, type RecordInput } from '../report/run/model.js';
import { ReportRecordSchema } from '../report/run/schema.js';
import { buildRecord, buildTrajectoryRecord } from './buildRecord.js';
import { describeArgsRule, matchVerdict, metricVerdicts } from './trajectory.js';
import type { EnvTraceRecord } from './record.js';
import { testRecordInfo } from './info.test-helpers.js';

describe('EnvTraceRecord and the run report', () => {
  it('is assignable to the structural RecordInput the report consumes (checked by tsc)', () => {
    // report/ sits below transport/ and may not import it; this keeps the two shapes in step.
    expectTypeOf<EnvTraceRecord>().toExtend<RecordInput>();
  });

  it('a built record becomes a valid report record', () => {
    const events = [{ channel: 'x', timestamp: 0, value: 1 }];
    const rec = buildRecord(
      evaluate(events, events),
      testRecordInfo({
        pass: true,
        golden: { kind: 'file', paths: ['g.json'], count: 1 },
        version: '0.1.0',
      }),
    );
    const out = toReportRecord(rec);
    expect(ReportRecordSchema.parse(out)).toEqual(out);
    expect(out).not.toHaveProperty('testPath');
    expect(out.golden).toEqual({ kind: 'file', paths: ['g.json'], count: 1 });
  });

  it('an evaluation with trajectoryMetric carries one verdict per trajectory metric (version 2)', () => {
    const ev = (channel: string, timestamp: number, value: unknown) => ({
      channel,
      timestamp,
      value,
    });
    const gt = [ev('search', 0, { q: 'a' }), ev('book', 1, { id: 7 })];
    const pred = [ev('search', 0, { q: 'a' }), ev('book', 1, { id: 8 })];
    const result = evaluate(gt, pred, {
      metrics: [
        trajectoryMetric(),
        trajectoryMetric({ name: 'calls_any', scheme: 'any_order', maxDistance: 1 }),
      ],
    });
    const info = testRecordInfo({ version: '0.1.0' });
    const rec = buildRecord(result, info);
    // book with the wrong id: 1 of its 1 argument differs → substitution cost 1 of max 4.
    expect(rec.trajectory).toEqual([
      {
        check: 'metric',
        metric: 'trajectory',
        pass: false,
        distance: { scheme: 'in_order', distance: 1, max: 4, score: 0.75 },
      },
      {
        check: 'metric',
        metric: 'calls_any',
        pass: true,
        distance: { scheme: 'any_order', distance: 1, max: 4, score: 0.75 },
      },
    ]);
    expect(rec.v).toBe(2);
    expect(ReportRecordSchema.parse(toReportRecord(rec))).toEqual(toReportRecord(rec));
    // Without a trajectory metric there is no trajectory field at all.
    expect(buildRecord(evaluate(gt, gt), info)).not.toHaveProperty('trajectory');
    expect(metricVerdicts(evaluate(gt, gt))).toEqual([]);
  });

  it('a toFollowTrajectory record: the verdict, no full score, accuracy = followed', () => {
    const ref = [
      { name: 'search', arguments: { q: 'a' } },
      { name: 'book', arguments: { id: 7 } },
    ];
    const calls = [{ name: 'search', arguments: { q: 'a', page: 2 } }];
    const options = {
      mode: 'superset' as const,
      args: 'superset' as const,
      toolArgs: {
        book: ['id'],
        search: (r: unknown, p: unknown) => (r as { q: string }).q === (p as { q: string }).q,
      },
    };
    const m = matchTrajectory(ref, calls, options);
    const verdict = matchVerdict(
      m,
      options,
      trajectoryDistance(ref, calls, { scheme: 'superset' }),
    );
    expect(verdict).toEqual({
      check: 'match',
      pass: false,
      mode: 'superset',
      args: 'superset',
      tool_args: { book: ['id'], search: 'custom' },
      matched: 1,
      unmatched_reference: 1,
      unexpected: 0,
      // superset: max = the reference mass 2; book missing costs 1; search's extra `page` costs 1 × 1/2.
      distance: { scheme: 'superset', distance: 1.5, max: 2, score: 0.25 },
      // superset mode: only the missing reference call fails it (the extra argument is allowed).
      issues: [
        {
          side: 'reference',
          index: 1,
          call: 'book({"id":7})',
          closest: { index: 0, call: 'search({"q":"a","page":2})', reason: 'tool' },
        },
      ],
    });
    const rec = buildTrajectoryRecord(verdict, {
      testPath: '/p/a.test.ts',
      testName: 't',
      retry: 0,
      repeat: 1,
      seq: 2,
      pass: true,
      negated: true,
      config: options,
      golden: { kind: 'file', paths: ['ref.json'], count: 1 },
      version: '0.1.0',
    });
    expect(rec).toMatchObject({
      v: 2,
      matcher: 'toFollowTrajectory',
      pass: true,
      negated: true,
      accuracy: false,
      full_score: null,
      metrics: {},
      decision: {},
      repeat: 1,
      seq: 2,
      trajectory: [verdict],
    });
    expect(JSON.parse(JSON.stringify(rec))).toEqual(rec);
    expect(ReportRecordSchema.parse(toReportRecord(rec))).toEqual(toReportRecord(rec));
    expect(describeArgsRule(undefined)).toBe('exact');
  });

  it('issues carry what each call returned, cut like the call, absent when unknown', () => {
    // The vendored OTLP GenAI sample as the reference; the run books another flight (with a long
    // result) and asks for the weather elsewhere (a timed-out call: an error).
    const golden = loadTraceSync(fixture('otel_genai_agent.otlp.json')).events;
    const run = golden.map((e) =>
      e.channel === 'book_flight'
        ? { ...e, value: { flight_id: 'DL404', passengers: 1 }, meta: { result: 'x'.repeat(300) } }
        : e.channel === 'get_weather'
          ? { ...e, value: { city: 'Boston' } }
          : e,
    );
    const options = { mode: 'unordered' as const };
    const verdict = matchVerdict(matchTrajectory(golden, run, options), options);
    const long = `"${'x'.repeat(198)}…`;
    // The timed-out call: no result, a span status ERROR; the error stands for the result.
    const span = golden.find((e) => e.channel === 'get_weather')!.meta!;
    const timedOut = JSON.stringify(
      `${String(span['errorType'])}: ${String(span['statusMessage'])}`,
    );
    expect(verdict.issues).toEqual([
      {
        side: 'reference',
        index: 1,
        call: 'get_weather({"city":"New York"})',
        result: timedOut,
        result_status: 'error',
        closest: {
          index: 1,
          call: 'get_weather({"city":"Boston"})',
          result: timedOut,
          result_status: 'error',
          reason: 'arguments',
          arguments: {
            by: 'rule',
            count: 1,
            differences: [
              { path: 'city', kind: 'differs', reference: '"New York"', call: '"Boston"' },
            ],
          },
        },
      },
      {
        side: 'reference',
        index: 2,
        call: 'book_flight({"flight_id":"UA512","passengers":1})',
        result: '{"confirmation":"K7Q2ZP"}',
        closest: {
          index: 2,
          call: 'book_flight({"flight_id":"DL404","passengers":1})',
          result: long,
          reason: 'arguments',
          arguments: {
            by: 'rule',
            count: 1,
            differences: [
              { path: 'flight_id', kind: 'differs', reference: '"UA512"', call: '"DL404"' },
            ],
          },
        },
      },
      {
        side: 'call',
        index: 1,
        call: 'get_weather({"city":"Boston"})',
        result: timedOut,
        result_status: 'error',
        closest: {
          index: 1,
          call: 'get_weather({"city":"New York"})',
          result: timedOut,
          result_status: 'error',
          reason: 'arguments',
          arguments: {
            by: 'rule',
            count: 1,
            differences: [
              { path: 'city', kind: 'differs', reference: '"New York"', call: '"Boston"' },
            ],
          },
        },
      },
      {
        side: 'call',
        index: 2,
        call: 'book_flight({"flight_id":"DL404","passengers":1})',
        result: long,
        closest: {
          index: 2,
          call: 'book_flight({"flight_id":"UA512","passengers":1})',
          result: '{"confirmation":"K7Q2ZP"}',
          reason: 'arguments',
          arguments: {
            by: 'rule',
            count: 1,
            differences: [
              { path: 'flight_id', kind: 'differs', reference: '"UA512"', call: '"DL404"' },
            ],
          },
        },
      },
    ]);
    expect([...long]).toHaveLength(200);
    const rec = toReportRecord(
      buildTrajectoryRecord(verdict, testRecordInfo({ config: options, version: '0.1.0' })),
    );
    expect(ReportRecordSchema.parse(rec)).toEqual(rec);
    // The schema knows the key: a result that is not text is rejected, an unknown key too.
    const withIssue = (issue: object) => ({
      ...rec,
      trajectory: [{ ...verdict, issues: [{ ...verdict.issues[1]!, ...issue }] }],
    });
    expect(ReportRecordSchema.safeParse(withIssue({ result: { confirmation: 1 } })).success).toBe(
      false,
    );
    expect(ReportRecordSchema.safeParse(withIssue({ output: 'x' })).success).toBe(false);
  });
});
