/**
 * The HTML run report in a real browser (Debian's Chromium driven by playwright-core; `.ci/run`
 * installs it). Two reports:
 * - one from a fixture run: the real Vitest with the envtrace reporter on `reporter-vitest`, then
 *   `envtrace report … --html` from the built CLI;
 * - one built from evaluations of hostile traces (channel names, values and test names carrying
 *   markup, event handlers and `javascript:` URLs) plus 1,200 tests, rendered by the library.
 * Checks: no console errors, no network request of any kind, the overview numbers equal the JSON
 * report's, sorting, filtering, paging and the drill-down work, every plot has the expected number of
 * points, and nothing in the data executes.
 *
 * `ENVTRACE_SCREENSHOTS=1` (after `npm run demo`) also writes the README screenshots to docs/images/
 * from the beamline example's report.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluate/evaluate.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { continuousSeries } from '../../src/report/run/detail.js';
import { buildRunReport, type RunTestInput } from '../../src/report/run/model.js';
import { RunReportSchema, type RunReport } from '../../src/report/run/schema.js';
import {
  buildRecord,
  buildTrajectoryRecord,
  type RecordInfo,
} from '../../src/transport/buildRecord.js';
import { testRecordInfo } from '../../src/transport/info.test-helpers.js';
import { matchVerdict } from '../../src/transport/trajectory.js';
import { matchTrajectory } from '../../src/trajectory/index.js';
import { compareRunReports, countsText } from '../../src/report/run/compare.js';
import type { EvaluationResult } from '../../src/evaluate/types.js';
import { makeProject, removeProject, repoRoot, runVitest } from './helpers.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium && process.env['CI']) {
  throw new Error(
    `${CHROMIUM} is missing: .ci/run installs Debian's chromium for the HTML report test`,
  );
}

const XSS = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=2">',
  'javascript:window.__pwned=3',
  '</script><script>window.__pwned=4</script>',
];

const ev = (channel: string, timestamp: number, value: unknown) => ({ channel, timestamp, value });

/** A run report built from real evaluations: hostile strings everywhere a trace or a test name can put them, and 1,200 tests. */
/** The run every report of these tests describes: a Vitest run in `/proj`. */
const RUN = {
  rootDir: '/proj',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  runner: { name: 'vitest', version: '4.1.12' },
  envtraceVersion: '0.0.0-test',
  shard: null,
  gitCommit: null,
} as const;

/**
 * The HTML report of a run with one test of one `toMatchTraceBehavior` check on `result` (in
 * `/proj/<name>.test.ts`, passed or failed as `pass` says), written to `<dir>/<name>.html`.
 */
function oneCheckHtml(
  dir: string,
  name: string,
  testName: string,
  result: EvaluationResult,
  pass: boolean,
  info: Partial<RecordInfo> = {},
): string {
  const root = '/proj';
  const testPath = `${root}/${name}.test.ts`;
  const status = pass ? 'passed' : 'failed';
  const rec = buildRecord(result, testRecordInfo({ testPath, testName, pass, ...info }));
  const report = buildRunReport({
    ...RUN,
    files: [{ file: testPath, status, errors: [] }],
    tests: [{ file: testPath, name: testName, status, durationMs: 1, attempts: 1, records: [rec] }],
  });
  const file = path.join(dir, `${name}.html`);
  fs.writeFileSync(file, renderHtmlReport(report));
  return file;
}

function hostileReport(): RunReport {
  const root = '/proj';
  const opts = {
    continuous_channels: { 'stage:temp': {} },
    comparators: {
      by_channel: {
        [XSS[0]!]: { type: 'exact' as const },
        'tool:call': { type: 'exact' as const },
      },
    },
  };
  const gt = [
    ev(XSS[0]!, 0, XSS[1]),
    ev('motor:x', 1, 0.5),
    ev('tool:call', 2, { name: 'search', args: { filters: { year: 2024, q: XSS[2] } } }),
    ev('det:Acquire', 3, 1),
    ev('stage:temp', 0, 20),
    ev('stage:temp', 1, 22),
    ev('stage:temp', 2, 24),
  ];
  const pred = [
    ev(XSS[0]!, 0.01, XSS[3]),
    ev('motor:x', 1.02, 0.5),
    ev('tool:call', 2.01, { name: 'search', args: { filters: { year: 2023, q: XSS[2] } } }),
    ev('stage:temp', 0, 20),
    ev('stage:temp', 1, 21),
  ];
  const result = evaluate(gt, pred, opts);
  const record = (name: string, pass: boolean, score?: number) =>
    buildRecord(score === undefined ? result : { ...result, full_score: score }, {
      ...testRecordInfo({
        testPath: `${root}/hostile.test.ts`,
        testName: name,
        pass,
        config: opts,
      }),
      series: continuousSeries(gt, pred, opts),
      ...(name.startsWith('hostile')
        ? { failure: `Expected the received trace to behave like ${XSS[1]}` }
        : {}),
    });
  // A trajectory check whose calls returned markup (results come from the code under test).
  const trajectory = buildTrajectoryRecord(
    matchVerdict(
      matchTrajectory(
        [{ name: 'search', arguments: { q: 'a' }, result: XSS[0] }],
        [{ name: 'search', arguments: { q: 'b' }, result: XSS[1] }],
      ),
      {},
    ),
    {
      testPath: `${root}/hostile.test.ts`,
      testName: `hostile ${XSS.join(' ')}`,
      retry: 0,
      repeat: 0,
      seq: 1,
      pass: false,
      negated: false,
      config: {},
      golden: { kind: 'inline', count: 1 },
      version: '0.0.0-test',
    },
  );
  const tests: RunTestInput[] = [
    {
      file: `${root}/hostile.test.ts`,
      name: `hostile ${XSS.join(' ')}`,
      status: 'failed',
      durationMs: 3,
      attempts: 1,
      records: [record(`hostile ${XSS.join(' ')}`, false), trajectory],
    },
  ];
  for (let i = 0; i < 1200; i++) {
    const name = `bulk ${String(i).padStart(4, '0')}`;
    const score = (i % 100) / 100;
    tests.push({
      file: `${root}/bulk.test.ts`,
      name,
      status: score >= 0.5 ? 'passed' : 'failed',
      durationMs: 1,
      attempts: 1,
      records: [record(name, score >= 0.5, score)],
    });
  }
  return buildRunReport({
    ...RUN,
    files: [
      { file: `${root}/hostile.test.ts`, status: 'failed', errors: [`Error: ${XSS[1]}`] },
      { file: `${root}/bulk.test.ts`, status: 'failed', errors: [] },
    ],
    tests,
    config: { k: [1], gates: { minMeanScore: 0.9 } },
  });
}

interface Session {
  readonly page: Page;
  readonly requests: string[];
  readonly problems: string[];
}

describe.skipIf(!haveChromium)('HTML run report in Chromium', () => {
  let browser: Browser | undefined;
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true }); // absent in a fresh clone
  const tmp = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'html-'));
  let fixtureDir = '';

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (fixtureDir) removeProject(fixtureDir);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function open(file: string): Promise<Session> {
    if (!browser) throw new Error('the browser did not start');
    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    const url = pathToFileURL(file).href;
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning')
        problems.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(url);
    await page.waitForSelector('[data-testid="tests"] tbody tr');
    expect(requests).toEqual([url]);
    return { page, requests, problems };
  }

  const text = (page: Page, id: string) =>
    page.locator(`[data-testid="${id}"]`).first().textContent();
  const pct = (x: number | null) => (x === null ? '\u2014' : `${(100 * x).toFixed(1)}%`);

  it('a fixture run: overview numbers equal the JSON report, sorting and drill-down work, plots have every point', async () => {
    fixtureDir = makeProject('reporter-vitest');
    await runVitest(fixtureDir, ['--pool=threads'], {}, 240_000);
    const report = RunReportSchema.parse(
      JSON.parse(fs.readFileSync(path.join(fixtureDir, 'envtrace-report.json'), 'utf8')),
    );
    const html = path.join(tmp, 'nested', 'dir', 'fixture.html');
    const cli = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'dist', 'cli.js'),
        'report',
        path.join(fixtureDir, 'envtrace-report.json'),
        '--html',
        html,
      ],
      { encoding: 'utf8' },
    );
    expect(`${cli.status} ${cli.stderr}`).toBe('0 ');

    const { page, requests, problems } = await open(html);
    const s = report.summary;
    expect(await text(page, 'pass-rate')).toBe(pct(s.pass_rate.rate));
    expect(await text(page, 'mean-score')).toBe(s.score.mean!.toFixed(3));
    expect(await text(page, 'tests-total')).toBe(String(s.tests.total));
    expect(await text(page, 'checks-total')).toBe(String(s.records.total));
    expect(await text(page, 'verdict-tests')).toBe(
      `Tests FAILED: ${s.tests.failed} of ${s.tests.total} failed`,
    );
    const scoreCells = () =>
      page.locator('[data-testid="tests"] tbody tr td:nth-child(4)').allTextContents();
    const bars = await page
      .locator('[data-testid="histogram"] rect')
      .evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-count'))));
    // Every sample with a full score: toFollowTrajectory calls have none (they count in the pass rate).
    const trajectoryCalls = report.tests
      .flatMap((t) => t.records)
      .filter((r) => !r.negated && r.matcher === 'toFollowTrajectory').length;
    expect(trajectoryCalls).toBe(1);
    expect(bars.reduce((a, b) => a + b, 0)).toBe(s.records.samples - trajectoryCalls);
    expect(await text(page, 'trajectory')).toBe(pct(s.trajectory!.rate));
    expect(await page.locator('[data-testid="trajectory-cell"]').allTextContents()).toContain(
      '1/1',
    );

    // The story on the overview: every failing check with the sentence its matcher printed and
    // the line of the check in its test file, worst first.
    const failingChecks = report.tests.flatMap((t) =>
      t.records.filter((r) => !r.pass).map((r) => ({ t, r })),
    );
    expect(failingChecks.length).toBe(3);
    const items = page.locator('[data-testid="failure"]');
    expect(await items.count()).toBe(failingChecks.length);
    const shown = await items.evaluateAll((lis) =>
      lis.map((li) => ({
        where: li.querySelector('[data-testid="failure-where"]')!.textContent,
        sentence: li.querySelector('[data-testid="failure-sentence"]')!.textContent,
        visible: li.getBoundingClientRect().height > 0,
      })),
    );
    const source = fs.readFileSync(path.join(fixtureDir, 'samples.test.ts'), 'utf8').split('\n');
    for (const { t, r } of failingChecks) {
      expect(r.failure).toMatch(
        /^Expected the received trace to behave like the golden trace, but score 0\.\d{3}, accuracy false: /,
      );
      expect(r.location).toBeDefined();
      expect(source[r.location!.line - 1]).toContain('toMatchTraceBehavior');
      expect(shown).toContainEqual({
        where: `${t.file}:${r.location!.line}`,
        sentence: r.failure,
        visible: true,
      });
    }
    // Worst first by default: failed tests before passed and skipped ones, lowest score first.
    const order = await page
      .locator('[data-testid="tests"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-index'))));
    const rank = { failed: 0, passed: 1, skipped: 2 } as const;
    const statuses = order.map((i) => rank[report.tests[i]!.status]);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    const failedScores = (await scoreCells())
      .slice(0, s.tests.failed)
      .filter((x) => x !== '\u2014');
    expect(failedScores.map(Number)).toEqual([...failedScores.map(Number)].sort((a, b) => a - b));

    // Sorting by score: ascending, then descending.
    await page.locator('th[data-key="score"]').click();
    const asc = (await scoreCells()).filter((x) => x !== '\u2014').map(Number);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await page.locator('th[data-key="score"]').getAttribute('aria-sort')).toBe('ascending');
    await page.locator('th[data-key="score"]').click();
    const desc = (await scoreCells()).filter((x) => x !== '\u2014').map(Number);
    expect(desc).toEqual([...asc].reverse());
    // Back to worst first.
    const rowOrder = () =>
      page
        .locator('[data-testid="tests"] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-index'))));
    expect(await rowOrder()).not.toEqual(order);
    await page.locator('[data-testid="sort-worst"]').click();
    expect(await rowOrder()).toEqual(order);
    expect(await page.locator('th[data-key="score"]').getAttribute('aria-sort')).toBe('none');

    // Drill-down into a failing sample: alignment opened at the first divergence, one timing point per matched pair.
    const failing = report.tests.find((t) => t.status === 'failed' && t.records.length > 0)!;
    await page.locator('[data-testid="filter"]').fill(failing.name);
    await page.locator('[data-testid="open-test"]', { hasText: failing.name }).first().click();
    const detail = page.locator('[data-testid="detail"]');
    expect(await detail.isVisible()).toBe(true);
    expect(await text(page, 'detail-title')).toBe(failing.name);
    const rec = failing.records[0]!;
    const d = rec.detail!;
    for (const series of ['gt', 'pred'])
      expect(await detail.locator(`[data-testid="timing-plot"] circle.${series}`).count()).toBe(
        d.timing.points.length,
      );
    expect(await detail.locator('[data-testid="alignment"] tr[data-kind]').count()).toBe(
      d.rows.items.length,
    );
    expect(await detail.locator('tr.first-divergence').count()).toBe(d.rows.differing > 0 ? 1 : 0);
    expect(await detail.locator('[data-testid="metrics"] tr').count()).toBe(
      1 + Object.keys(rec.metrics).length + 1,
    );

    // The trajectory check's drill-down: its verdict in words, no alignment (it has none).
    await page.locator('[data-testid="filter"]').fill('agent books the flight');
    await page
      .locator('[data-testid="open-test"]', { hasText: 'agent books the flight' })
      .first()
      .click();
    expect(await text(page, 'trajectory-verdict')).toBe(
      'trajectory followed \u00b7 mode superset \u00b7 args superset \u00b7 2 matched, 0 unmatched reference, 1 unexpected \u00b7 distance 1.33 of 5.00 (in_order, score 0.733)',
    );
    expect(await detail.locator('[data-testid="alignment"]').count()).toBe(0);
    expect(problems).toEqual([]);
    expect(requests).toHaveLength(1);
  }, 300_000);

  it('hostile traces execute nothing, render as text, and 1,200 tests page', async () => {
    const report = hostileReport();
    const file = path.join(tmp, 'hostile.html');
    fs.writeFileSync(file, renderHtmlReport(report));
    const { page, requests, problems } = await open(file);
    expect(
      await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('main script, main iframe, main a[href]').count()).toBe(0);

    // Paging: 50 per page.
    expect(await page.locator('[data-testid="tests"] tbody tr').count()).toBe(50);
    expect(await text(page, 'page-info')).toBe(`page 1 of 25 \u00b7 1201 tests`);
    await page.locator('[data-testid="next"]').click();
    expect(await text(page, 'page-info')).toBe(`page 2 of 25 \u00b7 1201 tests`);
    await page.locator('[data-testid="status-filter"]').selectOption('passed');
    expect(await text(page, 'page-info')).toBe(`page 1 of 12 \u00b7 600 tests`);
    await page.locator('[data-testid="status-filter"]').selectOption('all');

    // The hostile test: its name, channels and values are shown as text.
    await page.locator('[data-testid="filter"]').fill('hostile');
    const open1 = page.locator('[data-testid="open-test"]');
    expect(await open1.count()).toBe(1);
    expect(await open1.textContent()).toBe(`hostile ${XSS.join(' ')}`);
    await open1.click();
    const detail = page.locator('[data-testid="detail"]');
    const alignmentText = (await detail.locator('[data-testid="alignment"]').textContent()) ?? '';
    expect(alignmentText).toContain(XSS[0]);
    // Its failure sentence, as text (on the overview only the worst 100 are listed).
    expect(await detail.locator('[data-testid="check-failure"]').textContent()).toBe(
      `Expected the received trace to behave like ${XSS[1]}`,
    );
    expect(await page.locator('[data-testid="failure"]').count()).toBe(100);
    expect(alignmentText).toContain(JSON.stringify(XSS[1]));
    // The differing part of the tool call is marked on both sides.
    const marks = await detail.locator('[data-testid="alignment"] mark').allTextContents();
    expect(marks).toEqual(expect.arrayContaining(['4', '3']));
    const d = report.tests.find((t) => t.name.startsWith('hostile'))!.records[0]!.detail!;
    expect(await detail.locator('[data-testid="timing-plot"] circle.gt').count()).toBe(
      d.timing.points.length,
    );
    // The trajectory check's issues: what each call returned, as text.
    expect(await detail.locator('[data-testid="trajectory-issues"] li').allTextContents()).toEqual([
      `unmatched reference[0] search({"q":"a"}) \u2192 returned ${JSON.stringify(XSS[0])} \u2014 closest: calls[0] search({"q":"b"}) \u2192 returned ${JSON.stringify(XSS[1])} (other arguments); arguments (reference \u2260 call): q: "a" \u2260 "b"`,
      `unexpected calls[0] search({"q":"b"}) \u2192 returned ${JSON.stringify(XSS[1])} \u2014 closest: reference[0] search({"q":"a"}) \u2192 returned ${JSON.stringify(XSS[0])} (other arguments); arguments (reference \u2260 call): q: "a" \u2260 "b"`,
    ]);
    const cont = detail.locator('[data-testid="continuous-plot"]');
    expect(await cont.count()).toBe(1);
    expect(await cont.locator('circle.gt').count()).toBe(3);
    expect(await cont.locator('circle.pred').count()).toBe(2);
    expect(
      await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
    expect(requests).toHaveLength(1);
  }, 120_000);

  const ROOT = RUN.rootDir;
  /** A run report of one test file from records (each test: one record; failed when it did not pass). */
  function storyReport(
    records: Array<{ name: string; result: EvaluationResult; info?: Partial<RecordInfo> }>,
  ): RunReport {
    const file = `${ROOT}/story.test.ts`;
    return buildRunReport({
      ...RUN,
      files: [{ file, status: 'failed', errors: [] }],
      tests: records.map(({ name, result, info }, i) => {
        const rec = buildRecord(
          result,
          testRecordInfo({
            testPath: file,
            testName: name,
            pass: true,
            location: { line: 10 + i, column: 3 },
            ...info,
          }),
        );
        return {
          file,
          name,
          status: rec.pass ? ('passed' as const) : ('failed' as const),
          durationMs: 1,
          attempts: 1,
          records: [rec],
        };
      }),
    });
  }

  it('scores in [0.95, 1] get bins of their own: several bars, none holding most', async () => {
    const same = evaluate([ev('a', 0, 1)], [ev('a', 0, 1)]);
    const report = storyReport(
      Array.from({ length: 40 }, (_, i) => ({
        name: `near ${i}`,
        result: { ...same, full_score: 0.95 + (0.05 * i) / 39 },
      })),
    );
    const file = path.join(tmp, 'bins.html');
    fs.writeFileSync(file, renderHtmlReport(report));
    const { page, problems } = await open(file);
    const bars = await page.locator('[data-testid="histogram"] rect').evaluateAll((rs) =>
      rs.map((r) => ({
        n: Number(r.getAttribute('data-count')),
        h: r.getBoundingClientRect().height,
      })),
    );
    expect(bars.reduce((a, b) => a + b.n, 0)).toBe(40);
    expect(bars.filter((b) => b.n > 0).length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...bars.map((b) => b.n))).toBeLessThanOrEqual(8);
    expect(bars.filter((b) => b.h > 1).length).toBeGreaterThanOrEqual(8);
    expect(await page.locator('[data-testid="histogram"]').getAttribute('data-step')).toBe('0.005');
    expect(await text(page, 'histogram-caption')).toBe(
      'full score, bins of 0.005 from 0.950 to 1.000 (zoomed to the scores)',
    );
    expect(problems).toEqual([]);
  });

  it('every histogram label stays inside the plot, also at three decimals (0.999)', async () => {
    const same = evaluate([ev('a', 0, 1)], [ev('a', 0, 1)]);
    const file = path.join(tmp, 'labels.html');
    fs.writeFileSync(
      file,
      renderHtmlReport(storyReport([{ name: 'one', result: { ...same, full_score: 0.999 } }])),
    );
    const { page, problems } = await open(file);
    const svg = page.locator('[data-testid="histogram"]');
    const box = await svg.boundingBox();
    const labels = await svg.locator('text').evaluateAll((ts) =>
      ts.map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, left: r.left, right: r.right };
      }),
    );
    expect(labels.map((l) => l.text)).toContain('0.999');
    for (const l of labels) {
      expect(l.left, l.text ?? '').toBeGreaterThanOrEqual(box!.x);
      expect(l.right, l.text ?? '').toBeLessThanOrEqual(box!.x + box!.width);
    }
    expect(problems).toEqual([]);
  });

  it('a prediction 300× slower stays readable; Δt per aligned pair; a failed .not check shows its score', async () => {
    const gt = Array.from({ length: 10 }, (_, i) => ev('step', 0.1 * i, i));
    const slow = Array.from({ length: 10 }, (_, i) => ev('step', 30 * i, i));
    const slowResult = evaluate(gt, slow);
    const same = evaluate(gt, gt);
    const report = storyReport([
      { name: 'slow prediction', result: slowResult },
      {
        name: 'should differ',
        result: { ...same, full_score: 0.99 },
        info: {
          pass: false,
          negated: true,
          failure:
            'Expected the received trace not to behave like the golden trace, but it does (score 0.990, accuracy true).',
        },
      },
    ]);
    const file = path.join(tmp, 'story.html');
    fs.writeFileSync(file, renderHtmlReport(report));
    const { page, problems } = await open(file);

    // The failed .not check: on the overview with its score and line, and its score in the table.
    const item = page.locator('[data-testid="failure"]');
    expect(await item.count()).toBe(1);
    expect(await item.locator('[data-testid="failure-where"]').textContent()).toBe(
      'story.test.ts:11',
    );
    expect(await item.textContent()).toContain(
      'check 1 \u00b7 toMatchTraceBehavior (.not) \u00b7 score 0.990',
    );
    const firstRow = page.locator('[data-testid="tests"] tbody tr').first();
    expect(await firstRow.locator('td').nth(2).textContent()).toBe('should differ');
    expect(await firstRow.locator('td').nth(3).textContent()).toBe('0.990');

    await page.locator('[data-testid="open-test"]', { hasText: 'slow prediction' }).click();
    const plot = page.locator('[data-testid="detail"] [data-testid="timing-plot"]');
    const box = (await plot.boundingBox())!;
    for (const series of ['gt', 'pred']) {
      const pts = await plot.locator(`circle.${series}`).evaluateAll((cs) =>
        cs.map((c) => {
          const r = c.getBoundingClientRect();
          return {
            cx: Number(c.getAttribute('cx')),
            cy: Number(c.getAttribute('cy')),
            x: r.x,
            y: r.y,
          };
        }),
      );
      expect(pts).toHaveLength(10);
      for (const p of pts) {
        expect(Number.isFinite(p.cx) && Number.isFinite(p.cy)).toBe(true);
        expect(
          p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
        ).toBe(true);
      }
      // Ten distinct pixels, spread over most of the plot's height.
      expect(new Set(pts.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)).size, series).toBe(
        10,
      );
      const ys = pts.map((p) => p.y);
      expect(Math.max(...ys) - Math.min(...ys), series).toBeGreaterThan(box.height / 2);
    }
    expect(await text(page, 'timing-ratio')).toBe(
      'separate axes: the predicted span is 300\u00d7 the golden span',
    );
    // Proportional timing puts both curves on one line: golden rings around predicted dots, so
    // neither hides the other.
    const size = (cls: string) =>
      plot
        .locator(`circle.${cls}`)
        .first()
        .evaluate((c) => c.getBoundingClientRect().width);
    expect(await size('gt')).toBeGreaterThan(2 * (await size('pred')));
    expect(await plot.locator('circle.gt').first().getAttribute('class')).toBe('gt ring');

    // Δt = predicted − golden time of each aligned pair, in the check's unit.
    expect(await text(page, 'dt-head')).toBe('\u0394t (s)');
    const dts = await page.locator('[data-testid="detail"] [data-testid="dt"]').allTextContents();
    expect(dts).toEqual(
      Array.from({ length: 10 }, (_, i) =>
        i === 0 ? '0' : `+${Number((29.9 * i).toPrecision(4))}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('envtrace report --baseline: per-test deltas, a new failure and a fixed one', async () => {
    const same = evaluate([ev('a', 0, 1)], [ev('a', 0, 1)]);
    const at = (name: string, score: number, pass: boolean) => ({
      name,
      result: { ...same, full_score: score },
      info: { pass },
    });
    const baseline = storyReport([
      at('breaks now', 0.98, true),
      at('fixed now', 0.4, false),
      at('drifts', 0.9, true),
      at('steady', 0.97, true),
      at(XSS[0]!, 0.9, true),
    ]);
    const current = storyReport([
      at('breaks now', 0.5, false),
      at('fixed now', 0.97, true),
      at('drifts', 0.8, true),
      at('steady', 0.971, true),
      at(XSS[0]!, 0.9, true),
    ]);
    const base = path.join(tmp, 'base.json');
    const run = path.join(tmp, 'run.json');
    fs.writeFileSync(base, JSON.stringify(baseline));
    fs.writeFileSync(run, JSON.stringify(current));
    const html = path.join(tmp, 'baseline.html');
    const cli = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'dist', 'cli.js'), 'report', run, '--baseline', base, '--html', html],
      { encoding: 'utf8' },
    );
    expect(`${cli.status} ${cli.stderr}`).toBe('0 ');
    const { page, problems } = await open(html);
    const view = page.locator('[data-testid="baseline"]');
    expect(await view.isVisible()).toBe(true);
    const comparison = compareRunReports(baseline, current);
    expect(await text(page, 'baseline-counts')).toBe(countsText(comparison));
    expect(await text(page, 'baseline-verdict')).toBe('REGRESSED');
    const rows = await view
      .locator('[data-testid="baseline-table"] tr[data-kind]')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-kind'),
          ...Array.from(tr.children as ArrayLike<{ textContent: string | null }>).map(
            (td) => td.textContent,
          ),
        ]),
      );
    expect(rows).toEqual([
      [
        'new_failure',
        'new failure',
        'story.test.ts',
        'breaks now',
        '0.9800',
        '0.5000',
        '-0.4800',
        'passed \u2192 failed',
      ],
      [
        'regression',
        'regression',
        'story.test.ts',
        'drifts',
        '0.9000',
        '0.8000',
        '-0.1000',
        'passed \u2192 passed',
      ],
      [
        'fixed',
        'fixed',
        'story.test.ts',
        'fixed now',
        '0.4000',
        '0.9700',
        '+0.5700',
        'failed \u2192 passed',
      ],
      [
        'unchanged',
        'unchanged',
        'story.test.ts',
        XSS[0],
        '0.9000',
        '0.9000',
        '+0.0000',
        'passed \u2192 passed',
      ],
      [
        'unchanged',
        'unchanged',
        'story.test.ts',
        'steady',
        '0.9700',
        '0.9710',
        '+0.0010',
        'passed \u2192 passed',
      ],
    ]);
    // A hostile test name in the baseline view is text.
    expect(
      await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    expect(problems).toEqual([]);
  });

  // The README's screenshots: the beamline example's report (`npm run demo` writes it), overview and
  // the drill-down of its deliberately wrong program. Only with ENVTRACE_SCREENSHOTS=1.
  it.runIf(process.env['ENVTRACE_SCREENSHOTS'] === '1')(
    'README screenshots of the beamline example report',
    async () => {
      const file = path.join(repoRoot, 'examples', 'vitest-beamline', 'envtrace-report.html');
      expect(fs.existsSync(file), 'run `npm run demo` first').toBe(true);
      const { page, problems } = await open(file);
      const shots = path.join(repoRoot, 'docs', 'images');
      await page.screenshot({ path: path.join(shots, 'html-report-overview.png'), fullPage: true });
      await page.locator('[data-testid="status-filter"]').selectOption('failed');
      await page.locator('[data-testid="open-test"]').first().click();
      await page
        .locator('[data-testid="detail"]')
        .screenshot({ path: path.join(shots, 'html-report-drilldown.png') });
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it('marks values matched only within tolerance (≈ Δ, tol) in the drill-down table', async () => {
    const scan = (off: number) =>
      Array.from({ length: 20 }, (_, i) =>
        ev('mono:energy', i, 8990 + 10 * i + (i === 0 ? off : 0)),
      );
    const file = oneCheckHtml(tmp, 'energy', 'energy scan', evaluate(scan(0), scan(5)), true);
    const { page, problems } = await open(file);
    await page.locator('[data-testid="open-test"]', { hasText: 'energy scan' }).first().click();
    const detail = page.locator('[data-testid="detail"]');
    expect(await detail.locator('h3', { hasText: 'Alignment:' }).textContent()).toBe(
      'Alignment: 0 of 20 rows differ, 1 matched only within tolerance (\u2248)',
    );
    const approx = detail.locator('[data-testid="alignment"] tr[data-kind="approx"]');
    expect(await approx.count()).toBe(1);
    expect(await approx.locator('td').last().textContent()).toBe('\u2248 (\u0394 5, tol 8.995)');
    expect(problems).toEqual([]);
  });

  it('a metric that was not measured says so in the tests table and the check, not 0.000', async () => {
    // Every PV renamed: no pair matches, so timing has nothing to time.
    const gt = [ev('motor:x', 0, 0), ev('det:Acquire', 1, 1), ev('det:Acquire', 2, 0)];
    const pred = [ev('MOTOR_X', 0, 5), ev('DET_ACQ', 1, 6), ev('DET_ACQ', 2, 7)];
    const file = oneCheckHtml(tmp, 'renamed', 'renamed PVs', evaluate(gt, pred), false);
    const { page, problems } = await open(file);
    const reason = 'no matching PV/value pairs for timing evaluation';
    const cell = page.locator('[data-testid="tests"] [data-testid="not-measured"]');
    expect(await cell.count()).toBe(1);
    expect([await cell.textContent(), await cell.getAttribute('title')]).toEqual([
      'not measured',
      reason,
    ]);
    await page.locator('[data-testid="open-test"]', { hasText: 'renamed PVs' }).first().click();
    const row = page.locator('[data-testid="detail"] [data-testid="metrics"] tr', {
      hasText: 'timing',
    });
    expect(await row.locator('td').nth(1).textContent()).toBe(`not measured (${reason})`);
    expect(problems).toEqual([]);
  });

  it('a metric measured only in part marks its mean and names the channels, in the table and the check', async () => {
    // Two continuous channels; the prediction never produced stage:rh (one empty), and one
    // channel name is markup.
    const rh = XSS[1]!;
    const temp = [ev('stage:temp', 0, 20), ev('stage:temp', 2, 21)];
    const gt = [ev('det:Acquire', 0, 1), ...temp, ev(rh, 0, 40), ev(rh, 2, 41)];
    const pred = [ev('det:Acquire', 0, 1), ...temp];
    const options = { continuous_channels: { 'stage:temp': {}, [rh]: {} } };
    const result = evaluate(gt, pred, options);
    const series = continuousSeries(gt, pred, options);
    const file = oneCheckHtml(tmp, 'half', 'half measured', result, false, { series });
    const { page, problems } = await open(file);
    const note = `1 of 2 channels not measured: ${rh} (one empty)`;
    const cell = page.locator('[data-testid="tests"] [data-testid="partly-measured"]');
    expect(await cell.count()).toBe(1);
    expect([await cell.textContent(), await cell.getAttribute('title')]).toEqual([
      '0.500*',
      `partly measured, stand-ins in the mean: ${note}`,
    ]);
    expect(await page.locator('[data-testid="partly-note"]').count()).toBe(1);
    await page.locator('[data-testid="open-test"]', { hasText: 'half measured' }).first().click();
    const row = page.locator('[data-testid="detail"] [data-testid="metrics"] tr', {
      hasText: 'continuous',
    });
    expect(await row.locator('td').nth(1).textContent()).toBe(`0.500 (${note})`);
    // The per-channel detail: each profile's heading says whether it was measured.
    // Profiles in config order; the heading is the plot's text at y 16.
    const heading = (ch: string) =>
      page
        .locator('[data-testid="continuous-plot"]')
        .nth(ch === rh ? 1 : 0)
        .locator('text[y="16"]');
    expect(await heading('stage:temp').textContent()).toBe('stage:temp \u00b7 score 1.000');
    expect(await heading(rh).textContent()).toBe(`${rh} \u00b7 not measured (one empty)`);
    expect(
      await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('stays usable at 1,200 tests: the page size is stated in docs/run-report.md', () => {
    const html = renderHtmlReport(hostileReport());
    // Roughly 1.3 kB per test with full drill-down detail; a regression here is worth a look.
    expect(Buffer.byteLength(html)).toBeLessThan(1200 * 4096);
  });
});
