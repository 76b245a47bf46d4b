#!/usr/bin/env node
// envtrace JSON Lines loading benchmark (issue 8): a 10⁶-event JSON Lines trace read through
// `importFile` / `importFileSync` / `loadTraceSync` (streamed) and through the whole-text path
// they used before, timed against JSON.parse of the same events as one JSON document, and the
// peak RSS of each way in a fresh child process. Runs the BUILT package (../dist).
//
//   node bench/jsonl.mjs [--events=1000000] [--format=envtrace|rosbag2] [--variant=ch20|ch3] [--rounds=3]
//                        [--clock=cpu|wall] [--seed=N] [--before-dist=DIR] [--cli] [--out[=FILE]]
//
//   --events       events in the trace (default 1000000)
//   --format       envtrace (default): one event per line; rosbag2: the same events as decoded
//                  rosbag2 messages ({"topic", "log_time" (ns), "data": {"value"}}), read by its importer
//   --variant      channel set of bench/traces.mjs (default ch20)
//   --rounds       timed rounds of the time child (medians are reported; default 3)
//   --clock        cpu (default: process CPU time, steadier on a shared machine) or wall
//   --before-dist  a dist/ built from an earlier commit: its importFileSync / importFile / CLI are
//                  measured too ("before"), e.g. `git archive <commit> | tar -x -C DIR`, link
//                  node_modules, `npx tsup` there, then --before-dist=DIR/dist
//   --cli          also run `envtrace evaluate --gt trace.jsonl --pred pred.jsonl --config C`
//                  (C: {"aligner": "difflib"}; pred: the trace with bench/traces.mjs's 5 % edits; both dists), for the peak RSS
//                  and wall time of the whole CLI run
//   --out          write the results as JSON to bench/jsonl-results.json (or FILE)
//
// The parent writes trace.jsonl (one event or message per line) and trace.json (the same lines as
// one JSON document: {"events": [...]}, or an array of the messages) to a temp dir (and pred.jsonl
// with --cli, envtrace only), then runs:
//   time: reads both files as text first, then `rounds` interleaved rounds of JSON.parse(json text)
//         | importFileSync(jsonl) | importFile(jsonl) | loadTraceSync(jsonl) | parseTrace of the
//         whole jsonl text (readFileSync + decode + parse: what importFile did before streaming)
//         [| the before dist's importFileSync]; every ratio divides by the JSON.parse median of
//         the same process.
//   rss:  one fresh child per way of reading (the file read inside the child), printing the peak
//         resident set size (process.resourceUsage().maxRSS) while the trace is held.
// Performance is never asserted by tests (see bench/README.md).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clockOf, median } from './timing.mjs';
import { makeCell, VARIANTS } from './traces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distDir = resolve(here, '../dist');

function usage(error) {
  const text =
    'usage: node bench/jsonl.mjs [--events=1000000] [--format=envtrace|rosbag2] [--variant=ch20|ch3] [--rounds=3] [--clock=cpu|wall] [--seed=N] [--before-dist=DIR] [--cli] [--out[=FILE]]\n';
  if (error) {
    process.stderr.write(`bench/jsonl: ${error}\n${text}`);
    process.exit(2);
  }
  process.stdout.write(text);
  process.exit(0);
}

function parseArgs(argv) {
  const opts = {
    events: 1000000,
    format: 'envtrace',
    variant: 'ch20',
    rounds: 3,
    clock: 'cpu',
    seed: 20240611,
    before: null,
    cli: false,
    out: null,
    child: null,
    dist: distDir,
    dir: null,
    rest: [],
  };
  const positive = (v, name) => {
    if (v === null || !/^\d+$/.test(v) || Number(v) < 1)
      usage(`${name} takes a positive integer, got ${JSON.stringify(v)}`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      opts.rest = argv.slice(i + 1);
      break;
    }
    const [key, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, null];
    if (key === '--events') opts.events = positive(value, '--events');
    else if (key === '--variant' && value in VARIANTS) opts.variant = value;
    else if (key === '--format' && (value === 'envtrace' || value === 'rosbag2'))
      opts.format = value;
    else if (key === '--rounds') opts.rounds = positive(value, '--rounds');
    else if (key === '--clock' && (value === 'cpu' || value === 'wall')) opts.clock = value;
    else if (key === '--seed' && value !== null && /^\d+$/.test(value) && Number(value) < 2 ** 32)
      opts.seed = Number(value);
    else if (key === '--before-dist' && value) opts.before = resolve(process.cwd(), value);
    else if (key === '--cli' && value === null) opts.cli = true;
    else if (key === '--out')
      opts.out =
        value === null ? resolve(here, 'jsonl-results.json') : resolve(process.cwd(), value);
    else if (key === '--child' && value) opts.child = value;
    else if (key === '--dist' && value) opts.dist = value;
    else if (key === '--dir' && value) opts.dir = value;
    else if (key === '--help' || key === '-h') usage(null);
    else usage(`unknown or malformed argument ${JSON.stringify(arg)}`);
  }
  return opts;
}

const args = parseArgs(process.argv.slice(2));

const clockNow = clockOf(args.clock);

/**
 * The readers of a build: `importFile*` from `envtrace-js/engine` (`dist/engine.js`), or from the
 * root entry of a build from before that entry existed (`--before`); `parseText` is the root's
 * text parser (`parseTrace`, before it `parseTraceText`).
 */
async function readersOf(dist) {
  const root = await import(pathToFileURL(join(dist, 'index.js')).href);
  const enginePath = join(dist, 'engine.js');
  const engine = existsSync(enginePath) ? await import(pathToFileURL(enginePath).href) : root;
  return {
    importFile: engine.importFile,
    importFileSync: engine.importFileSync,
    loadTraceSync: root.loadTraceSync,
    parseText: root.parseTraceText ?? root.parseTrace,
  };
}

/** Events (envtrace) or messages (rosbag2) of the JSON document. */
const documentLength = (doc) => (Array.isArray(doc) ? doc.length : doc.events.length);

// ---------------------------------------------------------------------------------------------
// Children

async function childTime() {
  const now = await readersOf(args.dist);
  const before = args.before ? await readersOf(args.before) : null;
  const jsonl = join(args.dir, 'trace.jsonl');
  const jsonText = readFileSync(join(args.dir, 'trace.json'), 'utf8');
  const ways = {
    jsonParse: () => documentLength(JSON.parse(jsonText)),
    importFileSync: () => now.importFileSync(jsonl).trace.length,
    importFile: async () => (await now.importFile(jsonl)).trace.length,
    ...(args.format === 'envtrace' ? { loadTraceSync: () => now.loadTraceSync(jsonl).length } : {}),
    wholeText: () => now.parseText(readFileSync(jsonl, 'utf8'), { file: jsonl }).length,
  };
  if (before) ways.beforeImportFileSync = () => before.importFileSync(jsonl).trace.length;
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  for (let r = 0; r < args.rounds; r++) {
    for (const [name, run] of Object.entries(ways)) {
      const t0 = clockNow();
      const n = await run();
      times[name].push(clockNow() - t0);
      if (n !== args.events)
        throw new Error(`bench/jsonl: ${name} read ${n} events, expected ${args.events}`);
    }
  }
  const out = {};
  for (const [k, xs] of Object.entries(times))
    out[k] = { medianMs: median(xs), minMs: Math.min(...xs), maxMs: Math.max(...xs) };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function childRss(way) {
  const dist = way.startsWith('before') ? args.before : args.dist;
  const lib = await readersOf(dist);
  const jsonl = join(args.dir, 'trace.jsonl');
  const startRssKiB = process.resourceUsage().maxRSS;
  const t0 = performance.now();
  let held;
  if (way === 'jsonParse') {
    const doc = JSON.parse(readFileSync(join(args.dir, 'trace.json'), 'utf8'));
    held = Array.isArray(doc) ? doc : doc.events;
  } else if (way === 'importFileSync' || way === 'beforeImportFileSync')
    held = lib.importFileSync(jsonl).trace.events;
  else if (way === 'importFile' || way === 'beforeImportFile')
    held = (await lib.importFile(jsonl)).trace.events;
  else if (way === 'loadTraceSync') held = lib.loadTraceSync(jsonl).events;
  else if (way === 'wholeText')
    held = lib.parseText(readFileSync(jsonl, 'utf8'), { file: jsonl }).events;
  else throw new Error(`bench/jsonl: unknown way ${way}`);
  const wallMs = performance.now() - t0;
  if (held.length !== args.events)
    throw new Error(`bench/jsonl: ${way} read ${held.length} events`);
  process.stdout.write(
    `${JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS, startRssKiB, wallMs })}\n`,
  );
}

/** Runs the CLI of `--dist` in this process on the arguments after `--`; prints the peak RSS on fd 2 at exit. */
async function childCli() {
  const t0 = performance.now();
  process.argv = [process.argv[0], join(args.dist, 'cli.js'), ...args.rest];
  process.on('exit', (code) => {
    writeSync(
      2,
      `\n${JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS, wallMs: performance.now() - t0, exit: code })}\n`,
    );
  });
  await import(pathToFileURL(join(args.dist, 'cli.js')).href);
}

if (args.child) {
  if (args.child === 'time') await childTime();
  else if (args.child === 'cli') await childCli();
  else await childRss(args.child);
  if (args.child !== 'cli') process.exit(0);
} else {
  await parent();
}

// ---------------------------------------------------------------------------------------------
// Parent

function runChild(kind, dir, extra = []) {
  const r = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      `--child=${kind}`,
      `--dir=${dir}`,
      `--events=${args.events}`,
      `--format=${args.format}`,
      `--rounds=${args.rounds}`,
      `--clock=${args.clock}`,
      `--dist=${args.dist}`,
      ...(args.before ? [`--before-dist=${args.before}`] : []),
      ...extra,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (kind === 'cli' || kind.startsWith('cli-')) return r;
  if (r.status !== 0)
    throw new Error(`bench/jsonl: ${kind} child failed (status ${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

function cliRun(dist, dir) {
  const r = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--child=cli',
      `--dist=${dist}`,
      '--',
      'evaluate',
      '--gt',
      join(dir, 'trace.jsonl'),
      '--pred',
      join(dir, 'pred.jsonl'),
      '--config',
      join(dir, 'difflib.json'),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const last = r.stderr.trim().split('\n').at(-1);
  const result = JSON.parse(last);
  if (result.exit !== 0)
    throw new Error(`bench/jsonl: envtrace evaluate (${dist}) exited ${result.exit}:\n${r.stderr}`);
  return result;
}

async function parent() {
  if (!existsSync(join(args.dist, 'index.js'))) {
    process.stderr.write(
      `bench/jsonl: ${args.dist}/index.js is missing; run \`npm run build\` first\n`,
    );
    process.exit(2);
  }
  if (args.before && !existsSync(join(args.before, 'index.js')))
    usage(`--before-dist: ${args.before}/index.js is missing`);
  const dir = mkdtempSync(join(tmpdir(), 'envtrace-bench-jsonl-'));
  const stop = () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const started = performance.now();
    const { gtText, predText } = makeCell(args.variant, args.events, args.seed);
    const asLines = (text) =>
      `${JSON.parse(text)
        .events.map((e) => JSON.stringify(e))
        .join('\n')}\n`;
    if (args.format === 'envtrace') {
      writeFileSync(join(dir, 'trace.jsonl'), asLines(gtText));
      writeFileSync(join(dir, 'trace.json'), gtText);
    } else {
      // Nanosecond log times from an epoch start, as ros2 bag writes them.
      const messages = JSON.parse(gtText).events.map((e) => ({
        topic: `/${e.channel.replace(':', '/')}`,
        log_time: String(1767571200000000000n + BigInt(Math.round(e.timestamp * 1e9))),
        data: { value: e.value },
      }));
      writeFileSync(
        join(dir, 'trace.jsonl'),
        `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`,
      );
      writeFileSync(join(dir, 'trace.json'), JSON.stringify(messages));
    }
    if (args.cli && args.format === 'envtrace') {
      writeFileSync(join(dir, 'pred.jsonl'), asLines(predText));
      writeFileSync(join(dir, 'difflib.json'), '{"aligner": "difflib"}\n');
    }
    const mb = readFileSync(join(dir, 'trace.jsonl')).length / 1e6;
    process.stderr.write(
      `bench/jsonl: ${args.events} events (${args.format}, ${args.variant}), ${mb.toFixed(1)} MB of JSON Lines\n`,
    );

    const time = runChild('time', dir);
    const ways = [
      'jsonParse',
      'importFileSync',
      'importFile',
      ...(args.format === 'envtrace' ? ['loadTraceSync'] : []),
      'wholeText',
      ...(args.before ? ['beforeImportFileSync', 'beforeImportFile'] : []),
    ];
    const rss = {};
    for (const way of ways) {
      rss[way] = runChild(way, dir);
      process.stderr.write(`  rss ${way}: ${(rss[way].maxRssKiB / 1024).toFixed(0)} MiB\n`);
    }
    const cli = {};
    if (args.cli && args.format === 'envtrace') {
      cli.now = cliRun(args.dist, dir);
      if (args.before) cli.before = cliRun(args.before, dir);
    }

    const base = time.jsonParse.medianMs;
    const lines = [
      `JSON Lines loading, ${args.events} events (${args.format}, ${args.variant}, ${mb.toFixed(1)} MB), ${args.clock} clock, median of ${args.rounds}; ratio = time / JSON.parse of the same lines as one JSON document (same process)`,
      '',
      '| way | time (ms) | / JSON.parse | peak RSS (MiB, fresh process) |',
      '|---|---|---|---|',
    ];
    const label = {
      jsonParse: 'JSON.parse (document text in memory; RSS: readFileSync + JSON.parse)',
      importFileSync: 'importFileSync (streamed)',
      importFile: 'importFile (streamed)',
      loadTraceSync: 'loadTraceSync (streamed)',
      wholeText: 'readFileSync + parseTrace (whole text)',
      beforeImportFileSync: 'importFileSync, before',
      beforeImportFile: 'importFile, before',
    };
    for (const way of ways) {
      const t = time[way]?.medianMs;
      lines.push(
        `| ${label[way]} | ${t === undefined ? '–' : t.toFixed(0)} | ${t === undefined ? '–' : `${(t / base).toFixed(2)}x`} | ${(rss[way].maxRssKiB / 1024).toFixed(0)} |`,
      );
    }
    if (args.cli && args.format === 'envtrace') {
      lines.push(
        '',
        '| envtrace evaluate --gt trace.jsonl --pred pred.jsonl --config C | wall (s) | peak RSS (MiB) |',
        '|---|---|---|',
      );
      for (const [k, r] of Object.entries(cli))
        lines.push(
          `| ${k} | ${(r.wallMs / 1000).toFixed(2)} | ${(r.maxRssKiB / 1024).toFixed(0)} |`,
        );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    process.stderr.write(
      `bench/jsonl: done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    if (args.out)
      writeFileSync(
        args.out,
        `${JSON.stringify({ events: args.events, format: args.format, variant: args.variant, megabytes: mb, clock: args.clock, rounds: args.rounds, time, rss, cli, node: process.version }, null, 2)}\n`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
