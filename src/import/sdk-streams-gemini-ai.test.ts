/**
 * Saved Gemini and Vercel AI SDK streams read by the `openai` importer: `@google/genai` streams
 * scripted replies from a stub Gemini API on 127.0.0.1 (`generateContentStream`, with and without
 * automatic function calling), the `ai` package's `streamText` runs a scripted model
 * (`MockLanguageModelV3`) with tools that execute; what they yield is saved as users save it.
 * Each stream must read as the same run read without streaming (the response, or
 * `response.messages`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate/evaluate.js';
import type { TraceEvent } from '../trace/types.js';
import { runAiSdkAgent } from './ai-sdk.test-helpers.js';
import { fixturesDir, thrown } from './fixtures.test-helpers.js';
import {
  GEMINI_AFC_REPLIES,
  GEMINI_CHAT_REPLIES,
  generateGemini,
  OSLO_ERROR,
  runGeminiAfc,
  runGeminiChat,
  runGeminiTwoCandidates,
  streamGemini,
} from './gemini.test-helpers.js';
import { detectionScores } from './registry.js';
import { streamRecordsOf } from './sdk-streams.js';
import { readStream as read, saves, streamAiSdk } from './sdk-streams.test-helpers.js';

/** Detected as `openai`, with no other importer as confident. */
function expectDetected(how: string, text: string): void {
  const scores = detectionScores(text);
  expect([
    how,
    scores[0]!.importer.name,
    scores[0]!.confidence,
    scores[1]!.confidence < 0.9,
  ]).toEqual([how, 'openai', 0.9, true]);
}

describe('openai importer: a saved Gemini stream (generateContentStream)', () => {
  it('one streamed turn reads as the same response not streamed, saved any way', async () => {
    const reply = GEMINI_CHAT_REPLIES[0]!;
    const golden = read(await generateGemini(reply)).events;
    expect(golden.map((e) => [e.channel, e.meta!['callId']])).toEqual([
      ['get_weather', 'fc_1'],
      ['get_time', 'fc_2'],
    ]);
    const s = await streamGemini([reply]);
    // The text came in two chunks, each call in its own: four chunks, read as one content.
    expect(s.chunks).toHaveLength(4);
    for (const [how, text] of saves(s)) {
      expectDetected(how, text);
      const { events, warnings } = read(text);
      expect([how, events, warnings]).toEqual([how, golden, []]);
      expect(evaluate(golden, events).full_score).toBe(1);
    }
  });

  it('several streamed calls: each a model turn of its own, its calls one parallel group', async () => {
    const s = await streamGemini(GEMINI_CHAT_REPLIES);
    const chat = read((await runGeminiChat()).historyJson).events;
    for (const [how, text] of saves(s)) {
      const { events, warnings } = read(text);
      expect([
        how,
        events.map((e) => [e.channel, e.value, e.meta!['callId'], e.meta!['parallel_group']]),
      ]).toEqual([
        how,
        [
          ['get_weather', { city: 'Paris' }, 'fc_1', 0],
          ['get_time', { tz: 'Europe/Paris' }, 'fc_2', 0],
          ['get_weather', { city: 'Oslo' }, 'fc_3', 2],
        ],
      ]);
      expect(warnings).toEqual([]);
      // The chat's history (which also holds the user's contents) scores the same calls 1.
      expect(evaluate(chat, events).full_score).toBe(1);
    }
  });

  it('automatic function calling: the function responses the SDK yields are the results', async () => {
    const golden = read(await runGeminiAfc()).events;
    const s = await streamGemini(GEMINI_AFC_REPLIES, { afc: true });
    // The model's two turns, each followed by the chunk of function responses the SDK yields,
    // then the answer: 2 + 1 + 1 + 1 + 2 chunks.
    expect(s.chunks).toHaveLength(7);
    const shown = (events: TraceEvent[]) =>
      events.map((e) => [
        e.channel,
        e.timestamp,
        e.value,
        e.meta!['result'],
        e.meta!['resultStatus'] ?? null,
      ]);
    expect(shown(golden)[1]![3]).toMatchObject({ content: [{ text: OSLO_ERROR }] });
    for (const [how, text] of saves(s).slice(0, 2)) {
      const { events, warnings } = read(text);
      expect([how, shown(events), warnings]).toEqual([how, shown(golden), []]);
      expect(evaluate(golden, events).full_score).toBe(1);
    }
    // The wire holds the model's turns only: the SDK ran the tools and sent their responses.
    const wire = read(s.sse);
    expect(shown(wire.events)).toEqual(
      shown(golden).map(([c, t, v]) => [c, t, v, undefined, null]),
    );
    expect(wire.events.map((e) => e.meta!['parallel_group'])).toEqual([0, 0, 2]);
    expect(evaluate(golden, wire.events).full_score).toBe(1);
  });

  it('a stream cut before its finishReason: the calls that came, and a warning', async () => {
    // The connection drops after the text and the first call: the second call never came.
    const s = await streamGemini([GEMINI_CHAT_REPLIES[0]!], { cut: 3 });
    const reads = saves(s).map(([, text]) => read(text));
    for (const r of reads)
      expect(r.events.map((e) => [e.channel, e.value])).toEqual([
        ['get_weather', { city: 'Paris' }],
      ]);
    expect(reads.map((r) => r.warnings)).toMatchInlineSnapshot(`
      [
        [
          "s: [2]: turn 1 ("resp-1") of the stream is cut short: no chunk with a finishReason ends it; its calls are read as far as they came (truncated-stream)",
        ],
        [
          "s:3: turn 1 ("resp-1") of the stream is cut short: no chunk with a finishReason ends it; its calls are read as far as they came (truncated-stream)",
        ],
        [
          "s:5: turn 1 ("resp-1") of the stream is cut short: no chunk with a finishReason ends it; its calls are read as far as they came (truncated-stream)",
        ],
      ]
    `);
  });

  it('a stream with no function call: the no-events error, counting what was read', async () => {
    const s = await streamGemini([GEMINI_CHAT_REPLIES[2]!]);
    expect(saves(s).map(([, text]) => thrown(() => read(text)).message)).toEqual(
      Array(3).fill(
        's: no events: a Gemini stream of 2 chunks in 1 turn, with no tool call: nothing to score',
      ),
    );
  });

  it('two candidates: the first is read, the calls of the other warned, streamed or not', async () => {
    const { response, stream } = await runGeminiTwoCandidates(
      GEMINI_CHAT_REPLIES[0]!,
      GEMINI_CHAT_REPLIES[1]!,
    );
    const golden = read(response);
    const streamed = read(stream);
    expect(golden.events.map((e) => e.channel)).toEqual(['get_weather', 'get_time']);
    expect(streamed.events).toEqual(golden.events);
    expect([golden.warnings, streamed.warnings]).toMatchInlineSnapshot(`
      [
        [
          "s: candidates[1]: not read: the function calls of candidate 1, as the first candidate is read (the others are alternative replies, candidateCount > 1); convert each on its own (unmapped-record)",
        ],
        [
          "s: [0].candidates[1]: not read: the function calls of candidate 1, as the first candidate is read (the others are alternative replies, candidateCount > 1); convert each on its own (unmapped-record)",
        ],
      ]
    `);
  });

  it('errors name the chunk', async () => {
    const s = await streamGemini([GEMINI_CHAT_REPLIES[0]!]);
    const chunks = structuredClone(s.chunks) as Array<{
      candidates: Array<{ content: { parts: Array<{ functionCall?: { name?: string } }> } }>;
    }>;
    delete chunks[3]!.candidates[0]!.content.parts[0]!.functionCall!.name;
    expect(thrown(() => read(JSON.stringify(chunks))).message).toBe(
      's: [3].candidates[0].content.parts[0].functionCall.name: required (a non-empty string)',
    );
    expect(thrown(() => read(chunks.map((c) => JSON.stringify(c)).join('\n'))).message).toBe(
      's:4: candidates[0].content.parts[0].functionCall.name: required (a non-empty string)',
    );
  });
});

describe('openai importer: a saved Vercel AI SDK stream (streamText)', () => {
  /** What a reading says of each call, and of its result. */
  const shown = (events: TraceEvent[]) =>
    events.map((e) => [
      e.channel,
      e.timestamp,
      e.value,
      e.meta!['toolCallId'],
      e.meta!['parallel_group'],
      e.meta!['result'] ?? null,
      e.meta!['error'] ?? null,
    ]);

  it('fullStream parts and the UI message stream read as response.messages do', async () => {
    const s = await streamAiSdk();
    const golden = read(JSON.stringify(s.messages)).events;
    expect(shown(golden)).toEqual([
      ['get_weather', 0, { city: 'Paris' }, 'call-1', 0, { tempC: 21, city: 'Paris' }, null],
      ['get_time', 0, { tz: 'Europe/Paris' }, 'call-2', 0, '12:00 Europe/Paris', null],
      ['get_weather', 2, { city: 'Oslo' }, 'call-3', 2, null, OSLO_ERROR],
    ]);
    const reads: Record<string, { events: TraceEvent[]; warnings: string[] }> = {};
    for (const [how, text] of [
      ['fullStream, JSON array', s.json],
      ['fullStream, JSON Lines', s.jsonl],
      ['UI message stream', s.ui],
    ] as const) {
      expectDetected(how, text);
      reads[how] = read(text);
      expect(evaluate(golden, reads[how].events).full_score).toBe(1);
    }
    // What the stream holds of the error differs: `fullStream` yields the Error, which
    // `JSON.stringify` writes `{}`; the UI message stream sends the text its `onError` gives
    // (by default a fixed one, which hides the error).
    const errorless = (e: unknown[]) => e.slice(0, 6);
    for (const r of Object.values(reads))
      expect(shown(r.events).map(errorless)).toEqual(shown(golden).map(errorless));
    expect(Object.values(reads).map((r) => r.events[2]!.meta!['error'])).toEqual([
      {},
      {},
      'An error occurred.',
    ]);
    expect(Object.values(reads).map((r) => r.warnings)).toMatchInlineSnapshot(`
      [
        [
          "s: [24]: the error of call "call-3" was saved as {} (JSON.stringify writes an Error without its message; save error.message): read as {} (content-omitted)",
        ],
        [
          "s:25: the error of call "call-3" was saved as {} (JSON.stringify writes an Error without its message; save error.message): read as {} (content-omitted)",
        ],
        [],
      ]
    `);
  });

  it('a stream cut in a call’s input: the call kept with argumentsError, and a warning', async () => {
    // The model's connection fails after the call's start and two input fragments.
    const s = await streamAiSdk({ cutAfter: 3 });
    const reads = [s.json, s.jsonl].map(read);
    expect(reads[1]!.events).toEqual(reads[0]!.events);
    expect(
      reads[0]!.events.map((e) => [e.channel, e.value, e.meta!['argumentsError'] ?? null]),
    ).toEqual([['get_weather', '{"city":"Par', 'not valid JSON (Unterminated string at 1:9)']]);
    expect(reads.map((r) => r.warnings)).toMatchInlineSnapshot(`
      [
        [
          "s: [4]: turn 1 of the stream is cut short: the input of call "call-1" ("get_weather") has no tool-call part; no finish part ends it; its calls are read as far as they came (truncated-stream)",
        ],
        [
          "s:5: turn 1 of the stream is cut short: the input of call "call-1" ("get_weather") has no tool-call part; no finish part ends it; its calls are read as far as they came (truncated-stream)",
        ],
      ]
    `);
  });

  it('a stream with no tool call: the no-events error, counting what was read', async () => {
    const s = await streamAiSdk({ textOnly: true });
    expect([s.json, s.jsonl, s.ui].map((t) => thrown(() => read(t)).message))
      .toMatchInlineSnapshot(`
      [
        "s: no events: a Vercel AI SDK stream of 9 parts (start, start-step, text-start, text-delta ×3, text-end, finish-step, finish) in 1 turn, with no tool call: nothing to score",
        "s: no events: a Vercel AI SDK stream of 9 parts (start, start-step, text-start, text-delta ×3, text-end, finish-step, finish) in 1 turn, with no tool call: nothing to score",
        "s: no events: a Vercel AI SDK stream of 9 parts (start, start-step, text-start, text-delta ×3, text-end, finish-step, finish) in 1 turn, with no tool call: nothing to score",
      ]
    `);
  });

  it('errors name the part', async () => {
    const s = await streamAiSdk();
    const parts = structuredClone(s.records) as Array<Record<string, unknown>>;
    const k = parts.findIndex((p) => p['type'] === 'tool-call');
    delete parts[k]!['toolName'];
    expect(thrown(() => read(JSON.stringify(parts))).message).toBe(
      `s: [${k}].toolName: required (a non-empty string)`,
    );
    expect(thrown(() => read(JSON.stringify(parts.slice(1)))).message).toBe(
      "s: [0]: a start-step part before any start: the stream's start is missing",
    );
  });
});

describe('saved Gemini and AI SDK streams: no other input is taken for one', () => {
  /** Every fixture file, `edge/` included. */
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
  }

  it('no fixture file is read as a stream', () => {
    for (const p of files(fixturesDir)) {
      const text = readFileSync(p, 'utf8');
      let got: unknown;
      try {
        got = streamRecordsOf(text, p, 'default', () => JSON.parse(text));
      } catch (e) {
        // A malformed edge case that is no JSON document: not a stream either.
        if (!(e instanceof SyntaxError)) throw e;
      }
      expect([path.relative(fixturesDir, p), got]).toEqual([
        path.relative(fixturesDir, p),
        undefined,
      ]);
    }
  });

  it('what the SDKs write without streaming is read as before, not as a stream', async () => {
    const texts = {
      'Gemini response (automatic function calling)': await runGeminiAfc(),
      'Gemini chat history': (await runGeminiChat()).historyJson,
      'AI SDK response.messages': JSON.stringify((await runAiSdkAgent()).messages),
      'AI SDK spans (OTLP)': (await runAiSdkAgent()).otlpJson,
    };
    for (const [what, text] of Object.entries(texts))
      expect([what, streamRecordsOf(text, 's', 'default', () => JSON.parse(text))]).toEqual([
        what,
        undefined,
      ]);
    // The response's history gives the results and the user's prompt its place (message 0).
    expect(
      read(texts['Gemini response (automatic function calling)']).events[0]!.meta,
    ).toMatchObject({ message: 1 });
  });
});
