/**
 * `claude-code` importer on the transcript the real Claude Code CLI writes (2.0.30, pinned; a
 * scripted model on 127.0.0.1: claude-code.test-helpers.ts): every call the script made, with what
 * the tools really returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/index.js';
import { claudeCodeImporter } from './claude-code.js';
import { runClaudeCode, SUBAGENT_REPLIES, type ClaudeCodeRun } from './claude-code.test-helpers.js';
import { thrown } from './fixtures.test-helpers.js';
import { importFileChunked, importFileSync, parseTrace } from './read.js';
import { detectFormat } from './registry.js';

let run: ClaudeCodeRun;
beforeAll(async () => {
  run = await runClaudeCode();
}, 120_000);
afterAll(() => (run as ClaudeCodeRun | undefined)?.cleanup());

/** The transcript's records, parsed. */
const records = () =>
  run.transcript
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('claude-code importer: a real Claude Code session transcript', () => {
  it('reads each call the model made, in order, with its input', () => {
    expect(run.outTxt).toBe('hello\n'); // the session's command really ran
    expect(detectFormat(run.transcript).name).toBe('claude-code');
    const r = importFileSync(run.transcriptPath);
    expect(r.format).toBe('claude-code');
    expect(r.warnings).toEqual([]);
    const calls = run.replies.flat().filter((b) => b.type === 'tool_use');
    expect(r.trace.events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual(
      calls.map((c) => [c.name, c.input, c.id]),
    );
  });

  it('gives what each tool returned, its status and duration, and groups the calls of one response', () => {
    const [bash, read, glob, missing] = parseTrace(run.transcript).events.map((e) => e.meta!);
    expect(bash!['result']).toBe('hello');
    expect(bash!['toolUseResult']).toMatchObject({ stdout: 'hello', stderr: '' });
    expect(read!['result']).toMatch(/^\s*1→hello/);
    expect(read!['toolUseResult']).toMatchObject({ file: { content: 'hello\n' } });
    expect(String(glob!['result'])).toContain('out.txt');
    expect(missing!['resultStatus']).toBe('error');
    expect(String(missing!['result'])).toMatch(/does not exist/i);
    expect(bash!['resultStatus']).toBeUndefined();
    // The read and the glob came in one response; each other call in its own.
    expect(read!['parallel_group']).toBe(glob!['parallel_group']);
    expect(new Set([bash, read, missing].map((m) => m!['parallel_group'])).size).toBe(3);
    for (const m of [bash, read, glob, missing]) expect(m!['duration']).toBeGreaterThanOrEqual(0);
  });

  it('times each call by its record, relative to the first', () => {
    const stamps = records()
      .filter(
        (r) =>
          r['type'] === 'assistant' &&
          JSON.stringify((r['message'] as { content: unknown }).content).includes('"tool_use"'),
      )
      .map((r) => Date.parse(r['timestamp'] as string));
    const times = parseTrace(run.transcript).events.map((e) => e.timestamp);
    expect(times.map((t) => Math.round(t * 1000))).toEqual(stamps.map((s) => s - stamps[0]!));
  });

  it('reads the same streamed (a transcript over the stream threshold is read line by line)', async () => {
    const whole = importFileSync(run.transcriptPath).trace.events;
    const streamed = await importFileChunked(run.transcriptPath, {}, { head: 64, chunk: 100 });
    expect(streamed.trace.events).toEqual(whole);
  });

  it('follows the scripted trajectory, the calls of one response in either order', () => {
    const events = parseTrace(run.transcript).events;
    const calls = run.replies
      .flat()
      .flatMap((b) => (b.type === 'tool_use' ? [{ name: b.name, arguments: b.input }] : []));
    const swapped = [calls[0]!, calls[2]!, calls[1]!, calls[3]!];
    expect(matchTrajectory(events, swapped).pass).toBe(true);
    expect(matchTrajectory(events, [...calls].reverse()).pass).toBe(false);
  });

  it('reads the Agent SDK messages of the same session (stream-json), timed by position', () => {
    expect(detectFormat(run.stream).name).toBe('claude-code');
    const fromStream = parseTrace(run.stream).events;
    const fromTranscript = parseTrace(run.transcript).events;
    // What both have: the call and its result (times, record ids, lines and the structured
    // result are a transcript's).
    const strip = (m: Record<string, unknown>) => ({
      callId: m['callId'],
      result: m['result'],
      resultStatus: m['resultStatus'],
    });
    expect(fromStream.map((e) => [e.channel, e.value, strip(e.meta!)])).toEqual(
      fromTranscript.map((e) => [e.channel, e.value, strip(e.meta!)]),
    );
    // The position of each call's record among the messages is its time.
    const positions = run.stream
      .trimEnd()
      .split('\n')
      .flatMap((l, k) => (l.includes('"tool_use"') && l.includes('"assistant"') ? [k] : []));
    expect(fromStream.map((e) => e.timestamp)).toEqual(positions.map((p) => p - positions[0]!));
    expect(fromStream.map((e) => e.meta!['message'])).toEqual(positions);
    const groups = fromStream.map((e) => e.meta!['parallel_group']);
    expect(groups[1]).toBe(groups[2]);
    expect(new Set(groups).size).toBe(3);
  });

  it('refuses a transcript without calls, saying what it holds', () => {
    // The session's records without the assistant's tool calls and their results.
    const kept = records().filter((r) => !JSON.stringify(r['message'] ?? '').includes('tool_'));
    const text = kept.map((r) => JSON.stringify(r)).join('\n');
    expect(thrown(() => parseTrace(text, { file: 's.jsonl' })).message).toMatch(
      /^s\.jsonl: no events: a Claude Code transcript of \d+ records \(.*user.*assistant.*\) and no tool calls$/,
    );
  });

  it('warns once for results that answer no call (a transcript cut after its calls)', () => {
    // The session without the record of the Bash call: its result answers nothing.
    const kept = records().filter(
      (r) => !JSON.stringify(r['message'] ?? '').includes('"toolu_01","name"'),
    );
    const warnings: string[] = [];
    const events = claudeCodeImporter.parse(kept.map((r) => JSON.stringify(r)).join('\n'), {
      warn: (w) => warnings.push(`${w.code}: ${w.message}`),
    });
    expect(events.map((e) => e.channel)).toEqual(['Read', 'Glob', 'Read']);
    expect(warnings).toEqual([
      'unpaired-result: a tool result answers no earlier call (the first: "toolu_01"): not read',
    ]);
  });

  it('names a malformed record by its line and path', () => {
    const lines = run.transcript.trimEnd().split('\n');
    const k = lines.findIndex((l) => l.includes('"tool_use"'));
    const broken = [...lines];
    broken[k] = broken[k]!.replace(/"timestamp":"[^"]*"/, '"timestamp":"yesterday"');
    expect(
      thrown(() => claudeCodeImporter.parse(broken.join('\n'), { file: 's.jsonl' })).message,
    ).toBe(`s.jsonl:${k + 1}: timestamp: expected an ISO 8601 date-time, got "yesterday"`);
  });
});

describe('claude-code importer: a session that hands a task to a subagent', () => {
  let sub: ClaudeCodeRun;
  beforeAll(async () => {
    sub = await runClaudeCode('subagent');
  }, 120_000);
  afterAll(() => (sub as ClaudeCodeRun | undefined)?.cleanup());

  it('reads the Task call in the session, with what the subagent answered', () => {
    const events = parseTrace(sub.transcript).events;
    expect(events.map((e) => [e.channel, e.value])).toEqual([
      ['Task', SUBAGENT_REPLIES.main[0][0].input],
    ]);
    expect(String(events[0]!.meta!['result'])).toContain('No text files.');
    expect(events[0]!.meta!['sidechain']).toBeUndefined();
  });

  it("reads the subagent's own transcript, its calls marked as a sidechain", () => {
    expect(sub.agentTranscripts).toHaveLength(1);
    const events = parseTrace(sub.agentTranscripts[0]!).events;
    expect(events.map((e) => [e.channel, e.value, e.meta!['sidechain']])).toEqual([
      ['Glob', { pattern: '*.txt' }, true],
    ]);
    expect(events[0]!.meta!['result']).toBe('No files found');
  });
});
