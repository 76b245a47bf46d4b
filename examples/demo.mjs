#!/usr/bin/env node
// `npm run demo`: the main job, as a short story. Builds the package (silent unless it fails), runs
// the example suites through the real Vitest and Jest with the envtrace reporter (console summary,
// envtrace-report.json and envtrace-report.html each), then the CLI over the example traces.
// Each example holds one deliberately wrong "generated" program whose test FAILS — that is the
// expected outcome. Exits 0 when everything is judged as expected; prints the full output of any
// step that is not.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const rel = (p) => path.relative(process.cwd(), p) || '.';
const env = { ...process.env, ENVTRACE_DEMO_QUIET: '1' };
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

console.log('envtrace demo: judging generated programs by what they do, not how they read\n');

process.stdout.write('Building the package (npm run build) … ');
const build = run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent']);
if (build.status !== 0) {
  console.log('FAILED\n');
  process.stdout.write(`${build.stdout}${build.stderr}`);
  process.exit(1);
}
console.log('done.\n');

/** The failing checks of a run report, one line each: score, what was missed, the first differing row. */
function failures(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const lines = [];
  for (const t of report.tests.filter((x) => x.status === 'failed')) {
    lines.push(`    ✗ ${t.name}`);
    const rec = t.records.find((r) => !r.pass);
    if (!rec) continue;
    const traj = rec.trajectory?.find((v) => v.check === 'match');
    if (rec.matcher === 'toFollowTrajectory' && traj) {
      lines.push(
        `      trajectory not followed (mode ${traj.mode}): ${traj.matched} calls matched · ${traj.unmatched_reference} reference calls unmatched · ${traj.unexpected} unexpected`,
      );
      // The first unmatched reference call whose closest call has other arguments: the reason.
      const issue =
        traj.issues.find((x) => x.side === 'reference' && x.closest?.reason === 'arguments') ??
        traj.issues[0];
      if (issue)
        lines.push(
          `      e.g. reference ${issue.call}`,
          `           closest ${issue.closest ? issue.closest.call : '—'}`,
        );
      continue;
    }
    const missed = Object.entries(rec.decision)
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    lines.push(
      `      score ${rec.full_score === null ? 'n/a' : rec.full_score.toFixed(3)} · accuracy ${rec.accuracy}${missed.length ? ` · missed: ${missed.join(', ')}` : ''}`,
    );
    const row = rec.detail?.rows.items.find((r) => r.match !== true);
    if (row) {
      const side = (s) =>
        s ? `${s.channel} = ${s.value.length > 40 ? `${s.value.slice(0, 39)}…` : s.value}` : '—';
      const kind = row.match === false ? 'differs' : row.gt ? 'missing' : 'extra';
      lines.push(
        `      first difference (row ${row.index}, ${kind}): golden ${side(row.gt)} · predicted ${side(row.pred)}`,
      );
    }
  }
  return lines;
}

const suites = [
  ['Vitest', 'synchrotron beamline scan', 'vitest-beamline'],
  ['Jest', 'robot pick-and-place', 'jest-robot'],
  [
    'Vitest',
    'travel-booking agent: tool-call trajectories from recorded calls and an OTLP export',
    'agent-travel',
  ],
];
const steps = suites.length + 1;
const outcomes = [];
let step = 0;
for (const [runner, title, dir] of suites) {
  step++;
  console.log(`[${step}/${steps}] ${runner}: ${title} (examples/${dir})`);
  const r = run(process.execPath, [path.join(here, dir, 'run.mjs')]);
  const reportFile = path.join(here, dir, 'envtrace-report.json');
  const ok = r.status === 0;
  if (!ok || !existsSync(reportFile)) {
    process.stdout.write(`${r.stdout}${r.stderr}`);
    outcomes.push(false);
    continue;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const s = report.summary;
  console.log(
    `  ${s.tests.total} tests: ${s.tests.passed} passed, ${s.tests.failed} failed — the failure is the wrong program, as expected:`,
  );
  for (const line of failures(reportFile)) console.log(line);
  // Checks = matcher calls (a test may make several); the pass rate counts checks, not tests.
  const checks = (n) => `${n} check${n === 1 ? '' : 's'}`;
  console.log(
    `  mean score ${s.score.mean?.toFixed(3) ?? 'n/a'} over ${checks(s.score.n)} with a score · ` +
      `checks passed ${s.pass_rate.passed}/${s.pass_rate.n} (${(100 * (s.pass_rate.rate ?? 0)).toFixed(1)}%)`,
  );
  const tr = s.trajectory;
  if (tr)
    console.log(
      `  trajectories ${tr.passed}/${tr.checks} passed${tr.distance?.ratio != null ? ` · corpus distance ${tr.distance.ratio.toFixed(4)} (total distance / total max)` : ''}`,
    );
  console.log(
    `  reports: ${rel(reportFile)}, ${rel(path.join(here, dir, 'envtrace-report.html'))}\n`,
  );
  outcomes.push(true);
}

step++;
console.log(
  `[${step}/${steps}] CLI: envtrace evaluate over examples/traces (each prediction against its golden)`,
);
const cli = run(process.execPath, [path.join(here, 'traces', 'score.mjs')]);
process.stdout.write(cli.stdout.replace(/^\n+/, ''));
if (cli.stderr) process.stdout.write(cli.stderr);
outcomes.push(cli.status === 0);

const allOk = outcomes.every(Boolean);
console.log(
  allOk
    ? '\nEverything was judged as expected: correct programs pass, the wrong ones fail with the reason.\nOpen the .html reports in a browser for the drill-down (alignment diff, timing and profile plots).'
    : '\nSomething was NOT judged as expected (see the output above).',
);
process.exit(allOk ? 0 : 1);
