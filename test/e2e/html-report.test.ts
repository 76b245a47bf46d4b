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
import { buildRecord } from '../../src/transport/buildRecord.js';
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
      matcher: 'toMatchTraceBehavior',
      testPath: `${root}/hostile.test.ts`,
      testName: name,
      retry: 0,
      repeat: 0,
      seq: 0,
      pass,
      negated: false,
      minScore: null,
      config: opts,
      golden: { kind: 'inline', count: 1 },
      version: '0.0.0-test',
      series: continuousSeries(gt, pred, opts),
    });
  const tests: RunTestInput[] = [
    {
      file: `${root}/hostile.test.ts`,
      name: `hostile ${XSS.join(' ')}`,
      status: 'failed',
      durationMs: 3,
      attempts: 1,
      records: [record(`hostile ${XSS.join(' ')}`, false)],
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
    rootDir: root,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    runner: { name: 'vitest', version: '4.1.12' },
    envtraceVersion: '0.0.0-test',
    shard: null,
    gitCommit: null,
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

    // Sorting by score: ascending, then descending.
    const scoreCells = () =>
      page.locator('[data-testid="tests"] tbody tr td:nth-child(4)').allTextContents();
    await page.locator('th[data-key="score"]').click();
    const asc = (await scoreCells()).filter((x) => x !== '\u2014').map(Number);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await page.locator('th[data-key="score"]').getAttribute('aria-sort')).toBe('ascending');
    await page.locator('th[data-key="score"]').click();
    const desc = (await scoreCells()).filter((x) => x !== '\u2014').map(Number);
    expect(desc).toEqual([...asc].reverse());

    // Drill-down into a failing sample: alignment opened at the first divergence, one timing point per matched pair.
    const failing = report.tests.find((t) => t.status === 'failed' && t.records.length > 0)!;
    await page.locator('[data-testid="filter"]').fill(failing.name);
    await page.locator('[data-testid="open-test"]', { hasText: failing.name }).first().click();
    const detail = page.locator('[data-testid="detail"]');
    expect(await detail.isVisible()).toBe(true);
    expect(await text(page, 'detail-title')).toBe(failing.name);
    const rec = failing.records[0]!;
    const d = rec.detail!;
    expect(await detail.locator('[data-testid="timing-plot"] circle').count()).toBe(
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
    expect(alignmentText).toContain(JSON.stringify(XSS[1]));
    // The differing part of the tool call is marked on both sides.
    const marks = await detail.locator('[data-testid="alignment"] mark').allTextContents();
    expect(marks).toEqual(expect.arrayContaining(['4', '3']));
    const d = report.tests.find((t) => t.name.startsWith('hostile'))!.records[0]!.detail!;
    expect(await detail.locator('[data-testid="timing-plot"] circle').count()).toBe(
      d.timing.points.length,
    );
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
    const root = '/proj';
    const scan = (off: number) =>
      Array.from({ length: 20 }, (_, i) =>
        ev('mono:energy', i, 8990 + 10 * i + (i === 0 ? off : 0)),
      );
    const result = evaluate(scan(0), scan(5));
    const rec = buildRecord(result, {
      matcher: 'toMatchTraceBehavior',
      testPath: `${root}/energy.test.ts`,
      testName: 'energy scan',
      retry: 0,
      repeat: 0,
      seq: 0,
      pass: true,
      negated: false,
      minScore: null,
      config: {},
      golden: { kind: 'inline', count: 1 },
      version: '0.0.0-test',
    });
    const report = buildRunReport({
      rootDir: root,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      runner: { name: 'vitest', version: '4.1.12' },
      envtraceVersion: '0.0.0-test',
      shard: null,
      gitCommit: null,
      files: [{ file: `${root}/energy.test.ts`, status: 'passed', errors: [] }],
      tests: [
        {
          file: `${root}/energy.test.ts`,
          name: 'energy scan',
          status: 'passed',
          durationMs: 1,
          attempts: 1,
          records: [rec],
        },
      ],
    });
    const file = path.join(tmp, 'tolerance.html');
    fs.writeFileSync(file, renderHtmlReport(report));
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

  it('stays usable at 1,200 tests: the page size is stated in docs/run-report.md', () => {
    const html = renderHtmlReport(hostileReport());
    // Roughly 1.3 kB per test with full drill-down detail; a regression here is worth a look.
    expect(Buffer.byteLength(html)).toBeLessThan(1200 * 4096);
  });
});
