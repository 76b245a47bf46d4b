/**
 * `--columns` in batch mode: every CSV pair of `--gt-dir`/`--pred-dir` is read with the mapping,
 * in-process and through (stand-in) worker threads; a trace that is not a `.csv` file is refused.
 */
import { stringify } from 'csv-stringify/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { palette } from '../../report/colors.js';
import type { RunReport } from '../../report/run/schema.js';
import { captureIO } from '../harness.test-helpers.js';
import { batchSandbox, ChannelWorker, writeTree } from './fixtures.test-helpers.js';
import { runBatch, type BatchRun } from './run.js';

const box = batchSandbox();
const { cli, report } = box;

// Headers no synonym matches, as a German spreadsheet names them; written by csv-stringify (the
// csv project's writer, pinned devDependency) with `;` as the delimiter.
const header = ['Zeit', 'Kanal', 'Messwert'];
const columns = 'timestamp=Zeit,channel=Kanal,value=Messwert';
const COLUMNS = { timestamp: 'Zeit', channel: 'Kanal', value: 'Messwert' };
type Row = [time: string, channel: string, value: string];

/** A scan: `T1` read at each second, the valve's state at half past (`valve(i)`). */
function scanRows(points: number, valve: (i: number) => string = () => 'open'): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < points; i++) {
    rows.push([new Date(Date.UTC(2026, 2, 2, 14, 5, i)).toISOString(), 'T1', `${20 + i}`]);
    rows.push([new Date(Date.UTC(2026, 2, 2, 14, 5, i, 500)).toISOString(), 'valve', valve(i)]);
  }
  return rows;
}
const csv = (rows: Row[]) => stringify([header, ...rows], { delimiter: ';' });
/** The same events as envtrace JSON: seconds from the first, numbers as numbers. */
const json = (rows: Row[]) =>
  JSON.stringify({
    events: rows.map(([t, ch, v]) => ({
      channel: ch,
      timestamp: (Date.parse(t) - Date.parse(rows[0]![0])) / 1000,
      value: Number.isNaN(Number(v)) ? v : Number(v),
    })),
  });

/** Three pairs (one in a sub-directory, one whose valve differs), as `ext` files written by `write`. */
function tree(root: string, ext: string, write: (rows: Row[]) => string): Record<string, string> {
  return {
    [`${root}/gt/a${ext}`]: write(scanRows(3)),
    [`${root}/pred/a${ext}`]: write(scanRows(3)),
    [`${root}/gt/b${ext}`]: write(scanRows(4)),
    [`${root}/pred/b${ext}`]: write(scanRows(4, (i) => (i === 2 ? 'closed' : 'open'))),
    [`${root}/gt/sub/c${ext}`]: write(scanRows(2)),
    [`${root}/pred/sub/c${ext}`]: write(scanRows(2)),
  };
}

/** What a report states of each pair (its scores and verdict), not where its files were. */
const scores = (r: RunReport) =>
  r.tests.map((t) => ({
    file: t.file,
    status: t.status,
    records: t.records.map((rec) => ({
      full_score: rec.full_score,
      accuracy: rec.accuracy,
      metrics: rec.metrics,
      failure: rec.failure,
    })),
  }));

describe('evaluate --gt-dir --pred-dir --columns', () => {
  beforeEach(() =>
    writeTree(box.tmp.dir, { ...tree('csv', '.csv', csv), ...tree('json', '.json', json) }),
  );

  it('reads every CSV pair with the mapping: the scores of the same events as JSON', async () => {
    const fromJson = await cli([
      ...['evaluate', '--gt-dir', 'json/gt', '--pred-dir', 'json/pred'],
      ...['--jobs', '1', '--quiet', '--out', 'json.json'],
    ]);
    const fromCsv = await cli([
      ...['evaluate', '--gt-dir', 'csv/gt', '--pred-dir', 'csv/pred', '--columns', columns],
      ...['--jobs', '1', '--quiet', '--out', 'csv.json'],
    ]);
    expect(fromCsv.err).not.toMatch(/cannot be told|column/);
    expect(fromCsv.code).toBe(1); // b's valve differs: the columns were read
    expect(fromJson.code).toBe(1);
    const rep = report('csv.json');
    expect(scores(rep)).toEqual(scores(report('json.json')));
    expect(rep.tests.map((t) => [t.file, t.status])).toEqual([
      ['a', 'passed'],
      ['b', 'failed'],
      ['sub/c', 'passed'],
    ]);
    expect(rep.tests[0]!.records[0]!.golden.paths).toEqual(['csv/gt/a.csv']);
  });

  it('without --columns the same CSV pairs cannot be read (the option is what reads them)', async () => {
    const r = await cli([
      ...['evaluate', '--gt-dir', 'csv/gt', '--pred-dir', 'csv/pred', '--jobs', '1', '--quiet'],
      ...['--out', 'r.json'],
    ]);
    expect(r.code).toBe(1);
    expect(report('r.json').files.filter((f) => f.errors.length > 0)).toHaveLength(3);
    expect(r.err).toContain('the format of the input cannot be told');
  });

  it('the mapping reaches worker threads: 2 workers write the scores of --jobs 1', async () => {
    const run = (over: Partial<BatchRun>): BatchRun => ({
      gtDir: 'csv/gt',
      predDir: 'csv/pred',
      reading: { columns: COLUMNS },
      json: false,
      gates: {},
      quiet: true,
      colors: palette(false),
      createdAt: new Date(0),
      ...over,
    });
    const workers: ChannelWorker[] = [];
    expect(
      await runBatch(
        run({
          jobs: 2,
          out: 'par.json',
          createWorker: (s) => {
            const w = new ChannelWorker(s, (job) => (3 - job.index) * 3);
            workers.push(w);
            return w;
          },
        }),
        captureIO(box.tmp.dir),
      ),
    ).toBe(1);
    expect(workers).toHaveLength(2);
    expect(await runBatch(run({ jobs: 1, out: 'ser.json' }), captureIO(box.tmp.dir))).toBe(1);
    expect(scores(report('par.json'))).toEqual(scores(report('ser.json')));
    expect(report('par.json').files.filter((f) => f.errors.length > 0)).toEqual([]);
  });

  it('a trace that is not a .csv file is refused before any pair runs (exit 2, one line)', async () => {
    writeTree(box.tmp.dir, {
      'csv/gt/d.json': json(scanRows(2)),
      'csv/pred/d.CSV': csv(scanRows(2)),
    });
    const one = await cli([
      ...['evaluate', '--gt-dir', 'csv/gt', '--pred-dir', 'csv/pred', '--columns', columns],
      ...['--out', 'r.json'],
    ]);
    expect(one.code).toBe(2);
    expect(one.err).toBe(
      'envtrace: --columns reads every trace as CSV, but csv/gt/d.json is not a .csv file: give --columns to a batch of CSV files only (or convert the others first)\n',
    );
    expect(one.out).toBe('');
    writeTree(box.tmp.dir, { 'csv/pred/e.jsonl': '{}\n', 'csv/pred/run/metadata.yaml': 'x: 1\n' });
    const three = await cli([
      ...['evaluate', '--gt-dir', 'csv/gt', '--pred-dir', 'csv/pred', '--columns', columns],
    ]);
    expect(three.code).toBe(2);
    expect(three.err).toMatch(
      /^envtrace: --columns reads every trace as CSV, but csv\/gt\/d\.json and 2 more are not \.csv files: /,
    );
    expect(three.err.trimEnd().split('\n')).toHaveLength(1);
  });
});
