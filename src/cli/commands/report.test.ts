import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { compareRunReports } from '../../report/run/compare.js';
import { buildRunReport } from '../../report/run/model.js';
import { rec, scenario } from '../../report/run/fixtures.test-helpers.js';
import { baselineData } from '../../report/html/render.js';
import { captureIO, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

/** The current run: the scenario. The baseline: B two passed (so it newly fails), F sample 2 failed, A one scored higher. */
function setup() {
  const t = tempDir();
  dirs.push(t);
  const current = buildRunReport(scenario());
  const base = scenario();
  const tests = base.tests.map((x) =>
    x.name === 'B two'
      ? { ...x, status: 'passed' as const, records: [rec('src/a.test.ts', 'B two')] }
      : x,
  );
  const baseline = buildRunReport({ ...base, tests });
  t.write('run.json', JSON.stringify(current));
  t.write('base.json', JSON.stringify(baseline));
  return { t, current, baseline };
}

function embedded(html: string, id: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${id}">(.*)</script>`).exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

describe('envtrace report --baseline', () => {
  it('embeds the envtrace compare result (same tolerance default) and says so', async () => {
    const { t, current, baseline } = setup();
    const io = captureIO(t.dir);
    const code = await main(
      ['report', 'run.json', '--baseline', 'base.json', '--html', 'out/page.html'],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toBe(
      'envtrace: HTML report of 9 tests against the baseline base.json written to out/page.html\n',
    );
    const html = readFileSync(`${t.dir}/out/page.html`, 'utf8');
    const comparison = compareRunReports(baseline, current);
    expect(comparison.tolerance).toBe(0.005);
    expect(comparison.newFailures).toBe(1);
    const data = embedded(html, 'envtrace-baseline') as {
      label: string;
      comparison: { rows: Array<{ name: string; kind: string; label: string }> };
      counts_text: string;
    };
    expect(data).toEqual(
      JSON.parse(JSON.stringify(baselineData({ label: 'base.json', comparison }))),
    );
    // Listed as envtrace compare lists them: the new failure first.
    expect(data.comparison.rows[0]).toMatchObject({
      name: 'B two',
      kind: 'new_failure',
      label: 'new failure',
    });
    expect(data.counts_text).toContain('1 new failure(s)');
    // Without --baseline: no baseline block.
    await main(['report', 'run.json', '--html', 'plain.html'], captureIO(t.dir));
    expect(embedded(readFileSync(`${t.dir}/plain.html`, 'utf8'), 'envtrace-baseline')).toBe(
      undefined,
    );
  });

  it('--tolerance is the compare tolerance', async () => {
    const { t, current, baseline } = setup();
    const code = await main(
      ['report', 'run.json', '--baseline', 'base.json', '--tolerance', '0.5', '--html', 'p.html'],
      captureIO(t.dir),
    );
    expect(code).toBe(0);
    const data = embedded(readFileSync(`${t.dir}/p.html`, 'utf8'), 'envtrace-baseline') as {
      comparison: { tolerance: number };
    };
    expect(data.comparison.tolerance).toBe(0.5);
    expect(compareRunReports(baseline, current, { tolerance: 0.5 }).tolerance).toBe(0.5);
  });

  it.each([
    [
      'a baseline that is not a run report',
      (t: ReturnType<typeof tempDir>) => t.write('base.json', '{"kind": "something else"}'),
      ['report', 'run.json', '--baseline', 'base.json', '--html', 'p.html'],
      /^envtrace: base\.json: /,
    ],
    [
      'a baseline that is not JSON',
      (t: ReturnType<typeof tempDir>) => t.write('base.json', '{"kind": '),
      ['report', 'run.json', '--baseline', 'base.json', '--html', 'p.html'],
      /^envtrace: base\.json: /,
    ],
    [
      'a missing baseline',
      () => undefined,
      ['report', 'run.json', '--baseline', 'nope.json', '--html', 'p.html'],
      /^envtrace: nope\.json: cannot read run report \(no such file or directory\)\n$/,
    ],
    [
      '--html naming the baseline',
      () => undefined,
      ['report', 'run.json', '--baseline', 'base.json', '--html', './base.json'],
      /^envtrace: --html "\.\/base\.json" is also the input "base\.json": writing it would destroy that input; write elsewhere\n/,
    ],
    [
      '--html naming the report',
      () => undefined,
      ['report', 'run.json', '--html', 'run.json'],
      /^envtrace: --html "run\.json" is also the input "run\.json"/,
    ],
    [
      '--tolerance without --baseline',
      () => undefined,
      ['report', 'run.json', '--tolerance', '0.1', '--html', 'p.html'],
      /^envtrace: --tolerance applies to the baseline view/,
    ],
    [
      'a negative --tolerance',
      () => undefined,
      ['report', 'run.json', '--baseline', 'base.json', '--tolerance', '-1', '--html', 'p.html'],
      /^envtrace: .*--tolerance/,
    ],
  ])('refuses %s: one line, exit 2, nothing written', async (_name, prepare, argv, message) => {
    const { t } = setup();
    prepare(t);
    const before = readFileSync(`${t.dir}/base.json`, 'utf8');
    const io = captureIO(t.dir);
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.err().trimEnd().split('\n')).toHaveLength(1);
    expect(readFileSync(`${t.dir}/base.json`, 'utf8')).toBe(before);
    expect(() => readFileSync(`${t.dir}/p.html`)).toThrow();
  });
});
