import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluate } from '../../evaluate/evaluate.js';
import { loadTraceSync, parseTrace } from '../../import/read.js';
import { parseEnvtrace } from '../../trace/parse.js';
import { captureIO, repoRoot, tempDir } from '../harness.test-helpers.js';
import { main } from '../main.js';
import { formatTraceJson } from './convert.js';

const fixtures = path.join(repoRoot, 'test/fixtures/import');
const samples = [
  'agentevals_messages.json',
  'atif_trajectory.json',
  'bluesky_documents.jsonl',
  'epics_camonitor.txt',
  'openinference_spans.otlp.json',
  'otel_genai_agent.otlp.json',
  'rosbag2_run',
  'edge/out_of_order.csv',
  'edge/huge_ns.otlp.json',
  'edge/huge_ns.rosbag2.jsonl',
  'edge/event_page.bluesky.jsonl',
];

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => {
  tmp.cleanup();
});

async function run(argv: string[]) {
  const io = captureIO(tmp.dir);
  const code = await main(argv, io);
  // Temp paths vary from run to run: show them as <tmp>.
  return { code, out: io.out(), err: io.err().replaceAll(tmp.dir, '<tmp>') };
}

describe('envtrace convert', () => {
  it.each(samples)(
    'converts %s; the result evaluates against itself as accurate with score 1',
    async (name) => {
      const converted = await run(['convert', path.join(fixtures, name)]);
      expect(converted.err).toBe('');
      expect(converted.code).toBe(0);
      // The printed JSON is the imported trace, event for event.
      const reread = parseEnvtrace(converted.out, { file: 'converted.json' });
      expect(reread.events).toEqual(
        loadTraceSync(path.join(fixtures, name)).events.map((e) => ({ ...e, meta: e.meta ?? {} })),
      );
      const result = evaluate(reread, reread);
      expect(result.accuracy).toBe(true);
      expect(result.full_score).toBe(1);
      tmp.write('converted.json', converted.out);
      const evaluated = await run([
        'evaluate',
        '--gt',
        'converted.json',
        '--pred',
        'converted.json',
      ]);
      expect(evaluated.err).toBe('');
      expect(evaluated.code).toBe(0);
    },
  );

  it('writes --out atomically and prints nothing', async () => {
    const r = await run([
      'convert',
      path.join(fixtures, 'epics_camonitor.txt'),
      '--format',
      'camonitor',
      '--out',
      'out.json',
    ]);
    expect(r).toEqual({ code: 0, out: '', err: '' });
    const text = readFileSync(path.join(tmp.dir, 'out.json'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '{"events": [',
      '{"channel":"XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.VAL","timestamp":0,"value":-1,"meta":{}},',
    ]);
    expect(parseEnvtrace(text).length).toBe(9);
  });

  it('takes -o for --out, as most converters do', async () => {
    const input = path.join(fixtures, 'epics_camonitor.txt');
    expect(await run(['convert', input, '-o', 'short.json'])).toEqual({
      code: 0,
      out: '',
      err: '',
    });
    expect(await run(['convert', input, '--out', 'long.json'])).toEqual({
      code: 0,
      out: '',
      err: '',
    });
    expect(readFileSync(path.join(tmp.dir, 'short.json'), 'utf8')).toBe(
      readFileSync(path.join(tmp.dir, 'long.json'), 'utf8'),
    );
    const both = await run(['convert', input, '-o', 'a.json', '--out', 'b.json']);
    expect(both.code).toBe(2);
    expect(both.err).toBe('envtrace: --out given 2 times; give it once (envtrace convert)\n');
  });

  it('prints an empty envtrace trace as {"events": []}; other empty inputs exit 2', async () => {
    tmp.write('empty.json', '{"events": []}\n');
    expect(await run(['convert', 'empty.json'])).toEqual({
      code: 0,
      out: '{"events": []}\n',
      err: '',
    });
    tmp.write('empty.csv', 'channel,timestamp,value\n');
    const r = await run(['convert', 'empty.csv']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^envtrace: <tmp>\/empty\.csv.*no events.*\n$/);
    // A blank file: an error unnamed, no events with a warning as --format csv (as the help says).
    tmp.write('blank.csv', '');
    expect((await run(['convert', 'blank.csv'])).code).toBe(2);
    expect(await run(['convert', '--format', 'csv', 'blank.csv'])).toEqual({
      code: 0,
      out: '{"events": []}\n',
      err: 'envtrace: warning: <tmp>/blank.csv: the input is empty: read as a trace of no events, as the format csv was named (check that its producer ran) (empty-input)\n',
    });
    const help = (await run(['convert', '--help'])).out.replace(/\s+/g, ' ');
    expect(help).toContain(
      'Exits 2 on bad input, naming the file and the line or JSON path, and on an input that is not blank but holds no event (a CSV header without rows). {"events": []} says "no events" and is printed as it is (exit 0). A blank input (empty, or white space only) is an error unless its format is named (--format, --columns): then it is a trace of no events, with an empty-input warning.',
    );
  });

  it('--columns names the CSV columns (and implies csv); a bad map is a usage error', async () => {
    tmp.write('z.csv', 'Zeit;Kanal;Wert\n0,5;T1;21,5\n0;T1;21\n');
    expect(
      await run(['convert', 'z.csv', '--columns', 'timestamp=zeit,channel=Kanal,value=Wert']),
    ).toEqual({
      code: 0,
      out: '{"events": [\n{"channel":"T1","timestamp":0,"value":21,"meta":{}},\n{"channel":"T1","timestamp":0.5,"value":21.5,"meta":{}}\n]}\n',
      err: '',
    });
    const bad = await run(['convert', 'z.csv', '--columns', 'time=Zeit']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--columns must be role=name pairs');
  });

  it('prints import warnings on stderr, one line each, the rest counted after ten', async () => {
    const log = [
      'A 2026-01-05 00:00:00.000000 1',
      ...Array.from({ length: 12 }, (_, i) => `B${i} <undefined> 0 UDF INVALID`),
      'A 2026-01-05 00:00:01.000000 2',
    ];
    tmp.write('m.txt', `${log.join('\n')}\n`);
    const r = await run(['convert', 'm.txt']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('{"channel":"A","timestamp":1,"value":2,"meta":{}}');
    const lines = r.err.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(
      'envtrace: warning: <tmp>/m.txt:2: the update has no time stamp (<undefined>: the record was never processed): "B0 <undefined> 0 UDF INVALID" (skipped-line)',
    );
    expect(lines[10]).toBe('envtrace: warning: … and 2 more warnings');
  });

  it('exits 2 with one line for bad input or usage', async () => {
    tmp.write('bad.csv', 'channel,timestamp,value\na,1\n');
    expect(await run(['convert', 'bad.csv'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: <tmp>/bad.csv:2: expected 3 fields (as the header), got 2
      ",
        "out": "",
      }
    `);
    expect(await run(['convert', 'missing.txt'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: <tmp>/missing.txt: cannot read trace: no such file
      ",
        "out": "",
      }
    `);
    expect(await run(['convert'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: no input (run 'envtrace help convert' for usage)
      ",
        "out": "",
      }
    `);
    expect(await run(['convert', 'a', 'b'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: give exactly one input (run 'envtrace help convert' for usage)
      ",
        "out": "",
      }
    `);
    expect(await run(['convert', 'bad.csv', '--format', 'xml'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: --format must be auto or one of envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records, got "xml"
      ",
        "out": "",
      }
    `);
    tmp.write('hello.txt', 'hello\n');
    expect(await run(['convert', 'hello.txt'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "err": "envtrace: <tmp>/hello.txt: the format of the input cannot be told; give the format (--format, or the format option: envtrace, csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records)
      ",
        "out": "",
      }
    `);
  });

  it('lists the formats in its help, from the registry', async () => {
    const r = await run(['help', 'convert']);
    expect(r.code).toBe(0);
    for (const name of [
      'csv',
      'otlp',
      'openinference',
      'atif',
      'openai',
      'bluesky',
      'camonitor',
      'rosbag2',
      'envtrace',
    ])
      expect(r.out).toContain(`  ${name} `);
    expect((await run(['convert', '--help'])).out).toBe(r.out);
    expect((await run(['convert', '-h'])).out).toBe(r.out);
    expect((await run(['help'])).out).toMatch(
      /\n {2}convert\s+Convert a trace \(csv, otlp, openinference, atif, openai, openai-agents, claude-code, bluesky, camonitor, rosbag2, records\) to envtrace JSON\n/,
    );
  });

  it('formats one event per line', () => {
    expect(formatTraceJson(parseTrace('channel,timestamp,value\na,1,x\nb,2,2\n'))).toBe(
      '{"events": [\n{"channel":"a","timestamp":0,"value":"x","meta":{}},\n{"channel":"b","timestamp":1,"value":2,"meta":{}}\n]}\n',
    );
  });
});

describe('every importer is accepted where a trace path is (--gt, --pred)', () => {
  it.each(samples)(
    'envtrace evaluate --gt %s --pred (same file) reads it directly: accurate, score 1',
    async (name) => {
      const file = path.join(fixtures, name);
      const r = await run(['evaluate', '--gt', file, '--pred', file, '--json']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out) as { full_score: number; accuracy: boolean };
      expect(report).toMatchObject({ full_score: 1, accuracy: true });
    },
  );

  it('a prediction in one format scored against a golden in another', async () => {
    // The OpenInference sample's calls, converted to envtrace JSON, against the original file.
    tmp.write(
      'converted.json',
      `${formatTraceJson(loadTraceSync(path.join(fixtures, 'openinference_spans.otlp.json')))}\n`,
    );
    const r = await run([
      'evaluate',
      '--gt',
      path.join(fixtures, 'openinference_spans.otlp.json'),
      '--pred',
      'converted.json',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ full_score: 1, accuracy: true });
  });
});

describe('envtrace convert --time-unit', () => {
  // A spreadsheet's export of date cells formatted as numbers: serial days computed from Dates.
  const serial = (ms: number) => Number((ms / 86_400_000 + 25569).toPrecision(15));
  const start = Date.UTC(2026, 11, 1, 10, 30, 0);
  const sheet = [
    'time,channel,value',
    ...[0, 60, 150].map((s, i) => `${serial(start + s * 1000)},motor,${i}`),
  ].join('\r\n');

  it('refuses serial dates without it (exit 2, one line), reads them as dates with days', async () => {
    tmp.write('sheet.csv', sheet);
    const refused = await run(['convert', path.join(tmp.dir, 'sheet.csv')]);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      /^envtrace: <tmp>\/sheet\.csv:2: time: the times look like spreadsheet serial dates .*--time-unit days.*\n$/,
    );
    const days = await run(['convert', path.join(tmp.dir, 'sheet.csv'), '--time-unit', 'days']);
    expect(days.code).toBe(0);
    expect(parseEnvtrace(JSON.parse(days.out)).events.map((e) => e.timestamp)).toEqual([
      0, 60, 150,
    ]);
    const seconds = await run([
      'convert',
      path.join(tmp.dir, 'sheet.csv'),
      '--time-unit',
      'seconds',
    ]);
    expect(seconds.code).toBe(0);
    const bad = await run(['convert', path.join(tmp.dir, 'sheet.csv'), '--time-unit', 'hours']);
    expect([bad.code, bad.err]).toEqual([
      2,
      'envtrace: --time-unit must be seconds or days, got "hours"\n',
    ]);
  });

  it('align, evaluate and batch mode take it too', async () => {
    mkdirSync(path.join(tmp.dir, 'gt'));
    mkdirSync(path.join(tmp.dir, 'pred'));
    tmp.write('gt/a.csv', sheet);
    tmp.write('pred/a.csv', sheet);
    const gt = path.join(tmp.dir, 'gt/a.csv');
    const pred = path.join(tmp.dir, 'pred/a.csv');
    for (const argv of [
      ['align', '--gt', gt, '--pred', pred],
      ['evaluate', '--gt', gt, '--pred', pred],
      [
        'evaluate',
        '--gt-dir',
        path.join(tmp.dir, 'gt'),
        '--pred-dir',
        path.join(tmp.dir, 'pred'),
        '--jobs',
        '1',
        '--quiet',
      ],
    ]) {
      expect((await run(argv)).code, argv[0]).toBe(argv.includes('--gt-dir') ? 1 : 2);
      expect((await run([...argv, '--time-unit', 'days'])).code, argv.join(' ')).toBe(0);
    }
  });
});

describe('envtrace convert: values envtrace JSON cannot hold', () => {
  it('refuses a NaN or Infinity (a Python logger’s missing reading) instead of writing null', async () => {
    // Written by Python's json.dumps (see src/import/records.test.ts).
    const r = await run(['convert', path.join(fixtures, 'edge/python_logger.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n').at(-2)).toMatch(
      /^envtrace: .*python_logger\.jsonl: events\[1\]\.value: NaN \(channel "det:I0"\) cannot be written as envtrace JSON, which has no NaN or Infinity \(JSON\.stringify would write null, another value\): score the file as it is/,
    );
    tmp.write('meta.jsonl', '{"t": 0, "pv": "a", "val": 1, "peak": [1, -Infinity]}\n');
    expect((await run(['convert', 'meta.jsonl'])).err).toContain(
      'meta.jsonl: events[0].meta.peak[1]: -Infinity (channel "a") cannot be written',
    );
  });
});
