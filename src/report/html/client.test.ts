/**
 * The HTML report's metric cells of a metric that was not measured, and the trajectory issues of
 * a check, run on the fake DOM (the whole page runs in Chromium in `test/e2e/html-report`).
 */
import { describe, expect, it } from 'vitest';
import { matchTrajectory } from '../../trajectory/index.js';
import { buildTrajectoryRecord } from '../../transport/buildRecord.js';
import { matchVerdict } from '../../transport/trajectory.js';
import {
  evaluateHalfMeasured,
  halfMeasuredRunReport,
  mixedChecks,
  oneCheckRunReport,
  renamedRunReport,
} from '../unmeasured.test-helpers.js';
import { testFigures, toReportRecord } from '../run/model.js';
import { channelsNotMeasuredNote, type ChannelsNotMeasured } from '../run/unmeasured.js';
import { ReportRecordSchema, type ReportRecord } from '../run/schema.js';
import { fakeDocument, functions, type FakeNode } from './client.test-helpers.js';
import { testRecordInfo } from '../../transport/info.test-helpers.js';

type Metric = ReportRecord['metrics'][string];
// The functions are pulled out of the shipped report script as text, so they are built with
// Function (the test's own, trusted source; nothing untrusted is evaluated).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const { metricScoreCell, notMeasuredOf, channelsNote, partlyOf } = new Function(
  'document',
  `${functions('el', 'fmt', 'metricScoreCell', 'channelsNote', 'notMeasuredOf', 'partlyOf')}\nreturn { metricScoreCell, notMeasuredOf, channelsNote, partlyOf };`,
)(fakeDocument()) as {
  metricScoreCell: (m: Metric) => FakeNode;
  notMeasuredOf: (records: readonly ReportRecord[], name: string) => string | null;
  channelsNote: (c: ChannelsNotMeasured) => string;
  partlyOf: (records: readonly ReportRecord[], name: string) => string[];
};

// eslint-disable-next-line @typescript-eslint/no-implied-eval
const profilePlot = new Function(
  'document',
  `var SVGNS = 'svg';\n${functions('sv', 'fmt', 'scale', 'axes', 'profilePlot')}\nreturn profilePlot;`,
)(fakeDocument()) as (c: unknown) => FakeNode;

/** The plot's heading (its first text at y 16). */
function plotTitle(g: FakeNode): string | undefined {
  return g.kids.find((k) => k.tag === 'text' && k.attrs['y'] === '16')?.textContent;
}

const TIMING_REASON = 'no matching PV/value pairs for timing evaluation';

describe('HTML report: a metric that was not measured', () => {
  it('default mode: the check’s metric table says "not measured" and why, not 0.000', () => {
    const rec = renamedRunReport('default').tests[0]!.records[0]!;
    const cell = metricScoreCell(rec.metrics['timing']!);
    expect(cell.textContent).toBe(`not measured (${TIMING_REASON})`);
    expect(cell.className).toBe('unmeasured');
    expect(cell.attrs['data-testid']).toBe('not-measured');
    expect(metricScoreCell(rec.metrics['discrete']!).textContent).toBe('0.000');
    // The tests table: no record of the test measured timing.
    expect(notMeasuredOf([rec], 'timing')).toBe(TIMING_REASON);
    expect(notMeasuredOf([rec], 'discrete')).toBeNull();
    // Its only continuous channel was not measured, so neither was the combined metric (B10).
    const continuous = metricScoreCell(rec.metrics['continuous']!);
    expect([continuous.textContent, continuous.className]).toEqual([
      'not measured (stage:temp: one empty)',
      'unmeasured',
    ]);
    expect(notMeasuredOf([rec], 'continuous')).toBe('stage:temp: one empty');
  });

  it('a test with one measured record is not "not measured"', () => {
    const rec = renamedRunReport('default').tests[0]!.records[0]!;
    const measured = { ...rec, metrics: { timing: { score: 0.8, binary_pass: true } } };
    expect(notMeasuredOf([rec, measured], 'timing')).toBeNull();
  });

  it('reference mode: the stand-in score', () => {
    const rec = renamedRunReport('reference').tests[0]!.records[0]!;
    const cell = metricScoreCell(rec.metrics['timing']!);
    expect([cell.textContent, cell.className]).toEqual(['0.000', 'num']);
    expect(notMeasuredOf([rec], 'timing')).toBeNull();
    expect(metricScoreCell(rec.metrics['continuous']!).textContent).toBe('0.000');
    expect(notMeasuredOf([rec], 'continuous')).toBeNull();
  });

  it('a continuous profile that was not measured says so in its heading', () => {
    const profile = { channel: 'stage:temp', gt: [20, 21], pred: [], score: 0 };
    expect(plotTitle(profilePlot({ ...profile, not_measured: 'one empty' }))).toBe(
      'stage:temp \u00b7 not measured (one empty)',
    );
    // The colour key is at the bottom, out of the heading's way.
    const texts = profilePlot(profile).kids.filter((k) => k.tag === 'text');
    expect(texts.filter((k) => k.attrs['y'] === '254').map((k) => k.textContent)).toEqual([
      'sample [0.00, 1.00]',
      '\u25cf golden',
      '\u25cf predicted',
    ]);
    expect(plotTitle(profilePlot(profile))).toBe('stage:temp \u00b7 score 0.000');
  });
});

describe('HTML report: a metric measured only in part', () => {
  it('default mode: the check’s metric table shows the score and which channels were not measured', () => {
    const rec = halfMeasuredRunReport('default').tests[0]!.records[0]!;
    const cell = metricScoreCell(rec.metrics['continuous']!);
    expect([cell.textContent, cell.className, cell.attrs['data-testid']]).toEqual([
      '0.500 (1 of 2 channels not measured: stage:rh (one empty))',
      'num partly',
      'partly-measured',
    ]);
    // The tests table's figures are the console's (testFigures).
    const t = halfMeasuredRunReport('default').tests[0]!;
    expect(partlyOf(t.records, 'continuous')).toEqual(testFigures(t).partlyMeasured['continuous']);
    expect(partlyOf(t.records, 'discrete')).toEqual([]);
    expect(notMeasuredOf(t.records, 'continuous')).toBeNull();
  });

  it('the page’s words are the run report’s (channelsNotMeasuredNote)', () => {
    const cases: ChannelsNotMeasured[] = [
      { count: 1, total: 2, channels: [{ channel: 'stage:rh', reason: 'one empty' }] },
      {
        count: 2,
        total: 3,
        channels: [
          { channel: 'a', reason: 'one empty' },
          { channel: 'b', reason: 'non-finite' },
        ],
      },
      { count: 30, total: 31, channels: [{ channel: 'a', reason: 'r' }] },
    ];
    for (const c of cases) expect(channelsNote(c)).toBe(channelsNotMeasuredNote(c));
  });

  it('mixed checks of one test: the same notes as testFigures', () => {
    const { t, half, full, none } = mixedChecks();
    for (const records of [[full, half, none, half], [full], [none], [none, full]]) {
      const fig = testFigures({ ...t, records });
      expect(partlyOf(records, 'continuous')).toEqual(fig.partlyMeasured['continuous'] ?? []);
    }
  });

  it('a hostile channel name stays text', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const result = evaluateHalfMeasured('default', evil);
    const rec = oneCheckRunReport(result, 'src/evil.test.ts', 'evil').tests[0]!.records[0]!;
    const cell = metricScoreCell(rec.metrics['continuous']!);
    expect(cell.textContent).toBe(`0.500 (1 of 2 channels not measured: ${evil} (one empty))`);
    expect(cell.kids).toEqual([]);
  });

  it('reference mode: the plain score', () => {
    const rec = halfMeasuredRunReport('reference').tests[0]!.records[0]!;
    const cell = metricScoreCell(rec.metrics['continuous']!);
    expect([cell.textContent, cell.className]).toEqual(['0.500', 'num']);
    expect(partlyOf([rec], 'continuous')).toEqual([]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-implied-eval
const samplesCell = new Function(
  'document',
  `${functions('el', 'samplesCell')}\nreturn samplesCell;`,
)(fakeDocument()) as (r: {
  samples: number;
  passed: number;
  t: { records: Array<{ negated: boolean }> };
}) => FakeNode;

describe('HTML report: the tests table’s samples cell', () => {
  it('passed of samples; a test without any says why instead of 0/0', () => {
    const cell = (samples: number, passed: number, records: Array<{ negated: boolean }>) => {
      const td = samplesCell({ samples, passed, t: { records } });
      return [td.textContent, td.attrs['title']];
    };
    expect(cell(3, 2, [{ negated: false }])).toEqual(['2/3', undefined]);
    expect(cell(0, 0, [{ negated: true }])).toEqual([
      '.not only',
      'only .not checks: they assert a difference and are not samples',
    ]);
    expect(cell(0, 0, [])).toEqual(['\u2014', 'no envtrace check ran in this test']);
    expect(cell(0, 0, [{ negated: false }])).toEqual([
      '\u2014',
      'no sample: every check\u2019s golden was missing',
    ]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-implied-eval
const check = new Function(
  'document',
  `var detailFile = '';\n${functions('el', 'fmt', 'returned', 'argumentsText', 'check', 'argsText', 'trajectoryText')}\nreturn check;`,
)(fakeDocument()) as (rec: ReportRecord, n: number) => FakeNode;

/** Every node under `n`, `n` first. */
function nodes(n: FakeNode): FakeNode[] {
  return [n, ...n.kids.flatMap(nodes)];
}

describe('HTML report: trajectory issues', () => {
  it('say what each call returned, as text (a hostile result stays text)', () => {
    const hostile = '</li><img src=x onerror=alert(1)>';
    const reference = [{ name: 'book', arguments: { id: 1 }, result: 'booked' }];
    const calls = [{ name: 'book', arguments: { id: 2 }, result: hostile }];
    const options = {};
    const rec = toReportRecord(
      buildTrajectoryRecord(
        matchVerdict(matchTrajectory(reference, calls), options),
        testRecordInfo({ config: options }),
      ),
    );
    const box = check(ReportRecordSchema.parse(rec), 0);
    const items = nodes(box).filter((k) => k.tag === 'li');
    expect(items.map((li) => li.textContent)).toEqual([
      `unmatched reference[0] book({"id":1}) \u2192 returned "booked" \u2014 closest: calls[0] book({"id":2}) \u2192 returned ${JSON.stringify(hostile)} (other arguments); arguments (reference \u2260 call): id: 1 \u2260 2`,
      `unexpected calls[0] book({"id":2}) \u2192 returned ${JSON.stringify(hostile)} \u2014 closest: reference[0] book({"id":1}) \u2192 returned "booked" (other arguments); arguments (reference \u2260 call): id: 1 \u2260 2`,
    ]);
    expect(nodes(box).map((k) => k.tag)).not.toContain('img');
    // A call list without results: no arrow.
    const plain = matchVerdict(matchTrajectory([{ name: 'a' }], [{ name: 'b' }]), options);
    const box2 = check(ReportRecordSchema.parse({ ...rec, trajectory: [plain] }), 0);
    expect(nodes(box2).filter((k) => k.tag === 'li')[0]!.textContent).toBe(
      'unmatched reference[0] a({}) \u2014 closest: calls[0] b({}) (another tool)',
    );
    // A failed call says it returned an error, with the error or without one.
    const failed = matchVerdict(
      matchTrajectory(
        [{ name: 'w', arguments: { city: 'Rome' } }],
        [{ type: 'tool-error', toolName: 'w', input: { city: 'Oslo' }, error: 'boom' }],
      ),
      options,
    );
    const box3 = check(ReportRecordSchema.parse({ ...rec, trajectory: [failed] }), 0);
    expect(nodes(box3).filter((k) => k.tag === 'li')[0]!.textContent).toBe(
      'unmatched reference[0] w({"city":"Rome"}) \u2014 closest: calls[0] w({"city":"Oslo"}) \u2192 returned an error "boom" (other arguments); arguments (reference \u2260 call): city: "Rome" \u2260 "Oslo"',
    );
    const silent = matchVerdict(
      matchTrajectory(
        [{ channel: 'v', timestamp: 0, value: 1 }],
        [{ channel: 'v', timestamp: 0, value: 2, meta: { status: 'ERROR' } }],
      ),
      options,
    );
    const box4 = check(ReportRecordSchema.parse({ ...rec, trajectory: [silent] }), 0);
    expect(nodes(box4).filter((k) => k.tag === 'li')[1]!.textContent).toBe(
      'unexpected calls[0] v(2) \u2192 returned an error \u2014 closest: reference[0] v(1) (other arguments); arguments (reference \u2260 call): (arguments): 1 \u2260 2',
    );
    // The differing argument of a hostile call stays text, and a predicate says it rejected them.
    const paths = matchVerdict(
      matchTrajectory(
        [{ name: 'write', arguments: { path: '/tmp/a.txt', mode: 'w' } }],
        [{ name: 'write', arguments: { path: '/tmp/b.txt', mode: hostile } }],
      ),
      { args: ['path'] },
    );
    const box5 = check(ReportRecordSchema.parse({ ...rec, trajectory: [paths] }), 0);
    expect(nodes(box5).filter((k) => k.tag === 'li')[0]!.textContent).toBe(
      `unmatched reference[0] write({"path":"/tmp/a.txt","mode":"w"}) \u2014 closest: calls[0] write({"path":"/tmp/b.txt","mode":${JSON.stringify(hostile)}}) (other arguments); arguments (reference \u2260 call): path: "/tmp/a.txt" \u2260 "/tmp/b.txt"`,
    );
    const predicate = matchVerdict(
      matchTrajectory([{ name: 'a', arguments: { x: 1 } }], [{ name: 'a', arguments: { x: 1 } }], {
        args: () => false,
      }),
      { args: () => false },
    );
    const box6 = check(ReportRecordSchema.parse({ ...rec, trajectory: [predicate] }), 0);
    expect(nodes(box6).filter((k) => k.tag === 'li')[0]!.textContent).toBe(
      'unmatched reference[0] a({"x":1}) \u2014 closest: calls[0] a({"x":1}) (other arguments); rejected by the args predicate (the arguments are deeply equal)',
    );
  });
});

describe('HTML report: config warnings', () => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const configWarningsView = new Function(
    'document',
    `${functions('el', 'configWarningsView')}\nreturn configWarningsView;`,
  )(fakeDocument()) as (list: ReadonlyArray<{ message: string }>) => FakeNode | null;

  it('lists summary.config_warnings in the overview, each message as text', () => {
    expect(configWarningsView([])).toBeNull();
    const message =
      'options: comparators.by_channel["<img src=x onerror=alert(1)>"] names no channel of either trace; did you mean "motor:x"?';
    const box = configWarningsView([{ message }])!;
    expect(box.attrs['data-testid']).toBe('config-warnings');
    const [h2, ul] = box.kids;
    expect(h2?.textContent).toBe('Config warnings');
    const items = ul?.kids ?? [];
    // Set as text (`el`'s text attribute), shown as written.
    expect(items.map((li) => li.textContent)).toEqual([message]);
  });
});
