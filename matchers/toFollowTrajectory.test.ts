/**
 * toFollowTrajectory with a fake matcher context (real jest-matcher-utils) and through Vitest's
 * real `expect`. Failure messages are inline-snapshotted with colours stripped or tagged.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, trajectoryMetric } from '../src/index.js';
import { fixture } from '../src/import/fixtures.test-helpers.js';
import { runInstrumentedOpenAI } from '../src/import/genai-logs.test-helpers.js';
import { runAiSdkAgent } from '../src/import/ai-sdk.test-helpers.js';
import { runAnthropicAgent } from '../src/import/anthropic.test-helpers.js';
import { runGeminiChat } from '../src/import/gemini.test-helpers.js';
import { parseTrace } from '../src/import/read.js';
import { matchers } from './index.js';
import { fakeContext, stripAnsi, taggedUtils } from './testing.js';
import { toFollowTrajectory } from './toFollowTrajectory.js';
import { toMatchTraceBehavior } from './toMatchTraceBehavior.js';

const call = (name: string, args: Record<string, unknown> = {}, turn?: number) =>
  turn === undefined ? { name, arguments: args } : { name, arguments: args, turn };
const reference = [
  call('search', { q: 'a' }),
  call('search', { q: 'a', lang: 'en' }),
  call('open', { id: 1 }),
];

function run(
  received: unknown,
  ref: unknown,
  options?: unknown,
  isNot = false,
): { pass: boolean; message: string } {
  const r = toFollowTrajectory.call(fakeContext({ isNot }), received, ref, options);
  return { pass: r.pass, message: stripAnsi(r.message()) };
}

describe('toFollowTrajectory', () => {
  it('passes when repeated calls can be paired optimally (first-fit would not)', () => {
    const calls = [
      call('search', { q: 'a', lang: 'en' }),
      call('search', { q: 'a', lang: 'fr' }),
      call('open', { id: 1 }),
    ];
    expect(run(calls, reference, { mode: 'unordered', args: 'superset' }).pass).toBe(true);
  });

  it('fails with the unmatched reference calls, the unexpected calls and the closest candidate of each', () => {
    const calls = [
      call('search', { q: 'a' }),
      call('search', { q: 'b', lang: 'en' }),
      call('delete', { id: 1 }),
    ];
    const r = run(calls, reference);
    expect(r.pass).toBe(false);
    expect(r.message).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference)

      Expected the calls to follow the reference trajectory (mode strict, args exact), but 2 reference calls not matched and 2 unexpected calls; 1 of 3 reference calls matched.

      Unmatched reference calls:
        reference[1] search({"q":"a","lang":"en"})  closest: calls[1] search({"q":"b","lang":"en"}) (other arguments)
          arguments (reference ≠ call): q: "a" ≠ "b"
        reference[2] open({"id":1})  closest: calls[2] delete({"id":1}) (another tool)

      Unexpected calls:
        calls[1] search({"q":"b","lang":"en"})  closest: reference[1] search({"q":"a","lang":"en"}) (other arguments)
          arguments (reference ≠ call): q: "a" ≠ "b"
        calls[2] delete({"id":1})  closest: reference[2] open({"id":1}) (another tool)"
    `);
  });

  it('says what each listed call returned (agentevals sample, read by the openai importer)', () => {
    // The vendored sample: the run's messages (`outputs`) against agentevals' reference ones.
    const sample = JSON.parse(fs.readFileSync(fixture('agentevals_messages.json'), 'utf8')) as {
      outputs: unknown[];
      reference_outputs: unknown[];
    };
    const calls = parseTrace(JSON.stringify({ messages: sample.outputs })).events;
    const ref = parseTrace(JSON.stringify({ messages: sample.reference_outputs })).events;
    expect(run(calls, ref).message).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference)

      Expected the calls to follow the reference trajectory (mode strict, args exact), but 1 reference call not matched and 2 unexpected calls; 0 of 1 reference call matched.

      Unmatched reference calls:
        reference[0] get_weather({"city":"San Francisco"})  closest: calls[0] get_weather({"city":"San Francisco","units":"F"}) (other arguments)
          arguments (reference ≠ call): units: (missing) ≠ "F"
          returned: "58F, foggy"
          closest returned: "58F, foggy, wind 15mph"

      Unexpected calls:
        calls[0] get_weather({"city":"San Francisco","units":"F"})  closest: reference[0] get_weather({"city":"San Francisco"}) (other arguments)
          arguments (reference ≠ call): units: (missing) ≠ "F"
          returned: "58F, foggy, wind 15mph"
          closest returned: "58F, foggy"
        calls[1] get_forecast({"city":"San Francisco","hours":6})  closest: reference[0] get_weather({"city":"San Francisco"}) (another tool)
          returned: "Cooling to 54F by evening"
          closest returned: "58F, foggy""
    `);
  });

  it('escapes a hostile result for the terminal (ANSI escapes, line breaks, bidi overrides)', () => {
    const calls = parseTrace(fs.readFileSync(fixture('agentevals_messages.json'), 'utf8')).events;
    // What a tool returned comes from the code under test: rendered as JSON (an ESC or a line
    // break in a string is already `\u001b` / `\n`); a value JSON cannot render falls back to
    // String(), raw control characters and all; a bidi override survives JSON either way.
    const cyclic: Record<string, unknown> = {
      toString: () => '\u001b[2J\u001b[32mPASS\nreference[0] ok',
    };
    cyclic['self'] = cyclic;
    const hostile = calls.map((e, i) => ({
      ...e,
      meta: { ...e.meta, result: i === 0 ? cyclic : 'fine\u202e\u001b[31m\nPASS' },
    }));
    const r = toFollowTrajectory.call(
      fakeContext({ utils: taggedUtils }),
      hostile,
      [{ name: 'get_weather', arguments: { city: 'Oslo' } }],
      undefined,
    );
    const text = r.message();
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text.split('\n').filter((l) => l.includes('returned:'))).toEqual([
      '    closest returned: <r>\\x1b[2J\\x1b[32mPASS\\nreference[0] ok</r>',
      '    returned: <r>\\x1b[2J\\x1b[32mPASS\\nreference[0] ok</r>',
      '    returned: <r>"fine\\u202e\\u001b[31m\\nPASS"</r>',
    ]);
  });

  it('names the arguments that differ, cut around the difference, however long the call', () => {
    const big = 'x'.repeat(300);
    const r = run(
      [
        {
          name: 'write',
          arguments: { content: big, path: '/tmp/a.txt' },
          result: 'y'.repeat(1000),
        },
      ],
      [{ name: 'write', arguments: { content: big, path: '/tmp/b.txt' } }],
    );
    expect(r.message.split('\n').filter((l) => l.includes('arguments ('))).toEqual([
      '    arguments (reference ≠ call): path: "/tmp/b.txt" ≠ "/tmp/a.txt"',
      '    arguments (reference ≠ call): path: "/tmp/b.txt" ≠ "/tmp/a.txt"',
    ]);
    // A long value is cut around its first difference, on both sides alike.
    const long = run(
      [call('write', { content: `${big}A${big}`, opts: { mode: 1, tags: ['a', 'b'] } })],
      [call('write', { content: `${big}B${big}`, opts: { mode: 2, tags: ['a', 'c'] }, dry: true })],
      { mode: 'superset' },
    );
    expect(long.message).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference, options)

      Expected the calls to follow the reference trajectory (mode superset, args exact), but 1 reference call not matched; 0 of 1 reference call matched.

      Unmatched reference calls:
        reference[0] write({"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…  closest: calls[0] write({"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (other arguments)
          arguments (reference ≠ call): content: …xxxxxxxxxxxxxxxxxxxBxxxxxxxxxxxxxxxxxx… ≠ …xxxxxxxxxxxxxxxxxxxAxxxxxxxxxxxxxxxxxx…; opts.mode: 2 ≠ 1; opts.tags[1]: "c" ≠ "b"; and 1 more"
    `);
  });

  it('names the differences each argument rule failed on: missing, extra, listed, predicate', () => {
    const lines = (calls: unknown, ref: unknown, options?: unknown) =>
      run(calls, ref, options)
        .message.split('\n')
        .filter((l) => /^ {4}(arguments|rejected)/.test(l));
    const ref = [call('search', { q: 'a', lang: 'en', 'my key': 1 })];
    const pred = [call('search', { q: 'a', lang: 'fr', page: 2 })];
    expect(lines(pred, ref)).toEqual([
      '    arguments (reference ≠ call): lang: "en" ≠ "fr"; ["my key"]: 1 ≠ (missing); page: (missing) ≠ 2',
      '    arguments (reference ≠ call): lang: "en" ≠ "fr"; ["my key"]: 1 ≠ (missing); page: (missing) ≠ 2',
    ]);
    // superset: extra call arguments are allowed, so only what the reference has counts.
    expect(lines(pred, ref, { mode: 'superset', args: 'superset' })).toEqual([
      '    arguments (reference ≠ call): lang: "en" ≠ "fr"; ["my key"]: 1 ≠ (missing)',
    ]);
    // subset: the call's arguments must be in the reference; missing ones are allowed.
    expect(lines(pred, ref, { mode: 'subset', args: 'subset' })).toEqual([
      '    arguments (reference ≠ call): lang: "en" ≠ "fr"; page: (missing) ≠ 2',
    ]);
    // A list of names compares those only; toolArgs wins over args.
    expect(lines(pred, ref, { toolArgs: { search: ['page', 'q'] } })).toEqual([
      '    arguments (reference ≠ call): page: (missing) ≠ 2',
      '    arguments (reference ≠ call): page: (missing) ≠ 2',
    ]);
    // A predicate's reasons are its own: the deep-equality differences are what it was given.
    expect(lines(pred, ref, { args: () => false, mode: 'superset' })).toEqual([
      '    rejected by the args predicate; by deep equality (reference ≠ call): lang: "en" ≠ "fr"; ["my key"]: 1 ≠ (missing); page: (missing) ≠ 2',
    ]);
    expect(lines(ref, ref, { args: () => false, mode: 'superset' })).toEqual([
      '    rejected by the args predicate (the arguments are deeply equal)',
    ]);
    // Arguments that are not objects differ as a whole.
    expect(
      lines([{ name: 't', arguments: 'ab' }], [{ name: 't', arguments: ['ab'] }], {
        mode: 'superset',
      }),
    ).toEqual(['    arguments (reference ≠ call): (arguments): ["ab"] ≠ "ab"']);
  });

  it('escapes the differing values for the terminal', () => {
    const r = toFollowTrajectory.call(
      fakeContext({ utils: taggedUtils }),
      [call('t', { 'k\u001b[2J': 'fine\u202e\u001b[31m' })],
      [call('t', { 'k\u001b[2J': 'ok' })],
      { mode: 'superset' },
    );
    const text = r.message();
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text.split('\n').filter((l) => l.startsWith('    arguments'))).toEqual([
      '    arguments (reference ≠ call): ["k\\u001b[2J"]: "ok" ≠ "fine\\u202e\\u001b[31m"',
    ]);
  });

  it('says a failed call returned an error, for every source that marks one (real runs)', async () => {
    const ai = await runAiSdkAgent();
    const runs = {
      'AI SDK messages (error-text output)': parseTrace(JSON.stringify(ai.messages)).events,
      'AI SDK spans (status ERROR)': parseTrace(ai.otlpJson).events,
      'Anthropic messages (is_error)': parseTrace((await runAnthropicAgent()).messagesJson).events,
      'Gemini contents ({error} response)': parseTrace((await runGeminiChat()).historyJson).events,
    };
    const ref = [call('get_weather', { city: 'Oslo', units: 'C' })];
    const lines = Object.entries(runs).map(([source, events]) => [
      source,
      run(events, ref, { mode: 'superset' })
        .message.split('\n')
        .filter((l) => l.includes('returned')),
    ]);
    expect(lines).toMatchInlineSnapshot(`
      [
        [
          "AI SDK messages (error-text output)",
          [
            "    closest returned an error: "no weather data for Oslo"",
          ],
        ],
        [
          "AI SDK spans (status ERROR)",
          [
            "    closest returned an error: "Error: no weather data for Oslo"",
          ],
        ],
        [
          "Anthropic messages (is_error)",
          [
            "    closest returned an error: "Error: no weather data for Oslo"",
          ],
        ],
        [
          "Gemini contents ({error} response)",
          [
            "    closest returned an error: "no weather data for Oslo"",
          ],
        ],
      ]
    `);
    // An inline AI SDK `tool-error` entry, and a span that failed without saying how.
    const inline = run(
      [{ type: 'tool-error', toolCallId: '1', toolName: 'w', input: { a: 1 }, error: 'boom' }],
      [call('w', { a: 2 })],
    );
    expect(inline.message.split('\n').filter((l) => l.includes('returned'))).toEqual([
      '    closest returned an error: "boom"',
      '    returned an error: "boom"',
    ]);
    const silent = run(
      [{ channel: 'v', timestamp: 1, value: {}, meta: { status: 'ERROR' } }],
      [call('v', { a: 2 })],
    );
    expect(silent.message.split('\n').filter((l) => l.includes('returned'))).toEqual([
      '    closest returned an error',
      '    returned an error',
    ]);
  });

  it('scores broken JSON arguments of a prediction, saying they are not valid JSON', () => {
    const broken = '{"x":1';
    let why = '';
    try {
      JSON.parse(broken);
    } catch (e) {
      why = (e as Error).message;
    }
    const r = run([{ name: 'a', arguments: broken }], [{ name: 'a', arguments: { x: 1 } }]);
    expect(r.pass).toBe(false);
    expect(r.message.split('\n').slice(2)).toEqual([
      'Expected the calls to follow the reference trajectory (mode strict, args exact), but 1 reference call not matched and 1 unexpected call; 0 of 1 reference call matched.',
      '',
      'Unmatched reference calls:',
      '  reference[0] a({"x":1})  closest: calls[0] a("{\\"x\\":1") (other arguments)',
      `    closest arguments are not valid JSON: ${why}`,
      '',
      'Unexpected calls:',
      '  calls[0] a("{\\"x\\":1")  closest: reference[0] a({"x":1}) (other arguments)',
      `    arguments are not valid JSON: ${why}`,
    ]);
    // The reference is the test author's: broken JSON there is misuse.
    expect(() =>
      run([{ name: 'a', arguments: { x: 1 } }], [{ name: 'a', arguments: broken }]),
    ).toThrow('reference[0].arguments: arguments look like a JSON object but do not parse');
  });

  it('parallel calls in another order: the distance charges nothing, as the match', () => {
    const ref = [call('a', { x: 1 }, 1), call('b', { y: 2 }, 1)];
    const pred = [call('b', { y: 2 }, 1), call('a', { x: 1 }, 1)];
    for (const turns of ['any', 'exact'])
      expect(run(pred, ref, { turns, distance: {} }, true).message.split('\n')[2]).toBe(
        `Expected the calls not to follow the reference trajectory (mode strict, args exact${turns === 'exact' ? ', turns exact' : ''}), but they do: 2 of 2 reference calls matched. Distance 0 of 4 (in_order, score 1.0000).`,
      );
  });

  it('strict: an out-of-order call is named as such', () => {
    const calls = [
      call('open', { id: 1 }),
      call('search', { q: 'a' }),
      call('search', { q: 'a', lang: 'en' }),
    ];
    expect(run(calls, reference, { mode: 'strict' }).message).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference, options)

      Expected the calls to follow the reference trajectory (mode strict, args exact), but 1 reference call not matched and 1 unexpected call; 2 of 3 reference calls matched.

      Unmatched reference calls:
        reference[2] open({"id":1})  closest: calls[0] open({"id":1}) (matches, but out of order)

      Unexpected calls:
        calls[0] open({"id":1})  closest: reference[2] open({"id":1}) (matches, but out of order)"
    `);
  });

  it('superset mode lists only the missing calls; subset mode only the unexpected ones', () => {
    const superset = run([call('search', { q: 'a' }), call('noise')], reference, {
      mode: 'superset',
      args: ['q'],
      toolArgs: { open: 'ignore' },
    });
    expect(superset.message).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference, options)

      Expected the calls to follow the reference trajectory (mode superset, args only q; per tool: open), but 2 reference calls not matched; 1 of 3 reference calls matched.

      Unmatched reference calls:
        reference[1] search({"q":"a","lang":"en"})  closest: calls[0] search({"q":"a"}) (matches, but is paired with another call)
        reference[2] open({"id":1})  closest: calls[1] noise({}) (another tool)"
    `);
    const subset = run([call('open', { id: 1 }), call('open', { id: 1 })], reference, {
      mode: 'subset',
    });
    expect(subset.message).toContain('but 1 unexpected call; 1 of 3 reference calls matched.');
    expect(subset.message).toContain(
      'calls[1] open({"id":1})  closest: reference[2] open({"id":1}) (matches, but is paired with another call)',
    );
    expect(subset.message).not.toContain('Unmatched reference calls');
  });

  it('.not: says that the calls do follow the reference', () => {
    const r = run(reference, reference, undefined, true);
    expect(r.pass).toBe(true);
    expect(r.message).toMatchInlineSnapshot(`
      "expect(calls).not.toFollowTrajectory(reference)

      Expected the calls not to follow the reference trajectory (mode strict, args exact), but they do: 3 of 3 reference calls matched."
    `);
  });

  it('colours reference calls as expected and calls as received, and caps long lists', () => {
    const many = Array.from({ length: 13 }, (_, i) => call('ping', { i }));
    const r = toFollowTrajectory.call(fakeContext({ utils: taggedUtils }), many, [], undefined);
    const text = r.message();
    expect(text).toContain('  calls[0] <r>ping({"i":0})</r>  (empty reference)');
    expect(text).toContain('<d>  … 3 more</d>');
    const r2 = toFollowTrajectory.call(
      fakeContext({ utils: taggedUtils }),
      [],
      [call('ping')],
      undefined,
    );
    expect(r2.message()).toContain('  reference[0] <g>ping({})</g>  (no calls)');
  });

  it('accepts traces, event arrays and trace files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-traj-'));
    try {
      const file = path.join(dir, 'reference.json');
      fs.writeFileSync(
        file,
        JSON.stringify({
          events: reference.map((c, i) => ({ channel: c.name, timestamp: i, value: c.arguments })),
        }),
      );
      const events = reference.map((c, i) => ({
        channel: c.name,
        timestamp: 10 + i,
        value: c.arguments,
      }));
      expect(run({ events }, file).pass).toBe(true);
      expect(run(events, path.relative(process.cwd(), file)).pass).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a trace file's import warnings follow the failure: calls whose arguments the producer left out", () => {
    // @opentelemetry/instrumentation-openai without message content capture (its default).
    const run0 = runInstrumentedOpenAI('chat', 'no-content');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-traj-'));
    try {
      const file = path.join(dir, 'agent.logs.json');
      fs.writeFileSync(file, JSON.stringify(run0.logs));
      const wanted = run0.calls.map((c) => call(c.name, c.args));
      const r = run(file, wanted, { mode: 'unordered' });
      expect(r.pass).toBe(false);
      expect(r.message.split('\n').slice(-2)).toEqual([
        'Import warnings (1):',
        `  ${file}: 3 of 3 tool calls without arguments (get_weather, get_time): the instrumentation leaves them out unless OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true; read with the value null (content-omitted)`,
      ]);
      // A passing check reads no file twice and says nothing of warnings.
      expect(run(file, wanted, { mode: 'unordered', args: 'ignore' }).pass).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('misuse throws (not a failed assertion): bad inputs name the argument, bad options are ConfigErrors', () => {
    expect(() => run(42, reference)).toThrow(TypeError);
    const msg = (() => {
      try {
        run(42, reference);
      } catch (e) {
        return stripAnsi((e as Error).message);
      }
      return '';
    })();
    expect(msg).toMatchInlineSnapshot(`
      "expect(calls).toFollowTrajectory(reference)

      calls must be a Trace, an {events} object, an array of events, a list of {name, arguments} tool calls, or a trace file path.

      calls has type:  number
      calls has value: 42"
    `);
    const boom = new TypeError('boom');
    expect(() =>
      run(reference, reference, {
        args: () => {
          throw boom;
        },
      }),
    ).toThrow(boom);
    expect(() => run(reference, { nope: 1 })).toThrow(
      /^expect\(calls\)\.toFollowTrajectory\(reference\)\n\nreference must be/,
    );
    expect(() => run([], reference, { mode: 'loose' })).toThrow(
      'mode: unknown trajectory mode "loose"',
    );
    expect(() => run([], reference, { order: 'any' })).toThrow(ConfigError);
    expect(() => run([], reference, { order: 'any' })).toThrow(
      'options.order: unknown option "order" (expected mode, turns, args, toolArgs, distance)',
    );
    expect(() => run([], reference, 'strict')).toThrow(
      'options: expected the trajectory options to be an object {mode, turns, args, toolArgs, distance}, received string',
    );
  });
  it('turns "exact": a split turn fails, and the message says the turns were compared', () => {
    const ref = [call('search', { q: 'a' }, 1), call('open', { id: 1 }, 1)];
    const split = [call('open', { id: 1 }, 1), call('search', { q: 'a' }, 2)];
    expect(run(split, ref).pass).toBe(true);
    const r = run(split, ref, { turns: 'exact' });
    expect(r.pass).toBe(false);
    expect(r.message).toMatch(
      /\(mode strict, args exact, turns exact\), but 1 reference call not matched and 1 unexpected call;/,
    );
    expect(
      run([call('search', { q: 'a' }, 1), call('open', { id: 1 }, 1)], ref, { turns: 'exact' })
        .pass,
    ).toBe(true);
  });
});

describe('toFollowTrajectory through Vitest expect', () => {
  expect.extend(matchers as unknown as Parameters<typeof expect.extend>[0]);
  interface TrajectoryExpect {
    toFollowTrajectory(reference: unknown, options?: unknown): void;
  }
  const ex = (v: unknown): TrajectoryExpect & { not: TrajectoryExpect } =>
    expect(v) as unknown as TrajectoryExpect & { not: TrajectoryExpect };

  it('passes, fails and negates', () => {
    ex(reference).toFollowTrajectory(reference);
    ex([call('open', { id: 1 })]).not.toFollowTrajectory(reference);
    ex([call('open', { id: 1 }), call('search', { q: 'a' })]).toFollowTrajectory(reference, {
      mode: 'subset',
    });
    expect(() => ex([]).toFollowTrajectory(reference)).toThrow(/3 reference calls not matched/);
  });

  it('records turns "exact" in the verdict (absent by default)', ({ task }) => {
    ex(reference).toFollowTrajectory(reference, { turns: 'exact' });
    ex(reference).toFollowTrajectory(reference);
    const records = (task.meta as { envtrace?: Array<{ trajectory: object[] }> }).envtrace ?? [];
    expect(records.map((r) => r.trajectory[0])).toEqual([
      expect.objectContaining({ pass: true, mode: 'strict', turns: 'exact' }),
      expect.not.objectContaining({ turns: expect.anything() }),
    ]);
  });

  it('publishes one record per call with its trajectory verdict (and the distance when asked)', ({
    task,
  }) => {
    const calls = [
      call('search', { q: 'a' }),
      call('search', { q: 'a', lang: 'en' }),
      call('open', { id: 2 }),
    ];
    ex(calls).not.toFollowTrajectory(reference);
    ex(calls).toFollowTrajectory(reference, {
      mode: 'superset',
      args: ['q'],
      toolArgs: { open: 'ignore' },
      distance: { scheme: 'any_order' },
    });
    expect(() => ex(calls).toFollowTrajectory(reference, { distance: {} })).toThrow(
      /Distance 1 of 6 \(in_order, score 0\.8333\)\.$/m,
    );
    const records = (task.meta as { envtrace?: Array<Record<string, unknown>> }).envtrace ?? [];
    expect(records).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
    expect(records[0]).toMatchObject({
      v: 2,
      matcher: 'toFollowTrajectory',
      seq: 0,
      pass: true,
      negated: true,
      accuracy: false,
      full_score: null,
      golden: { kind: 'inline', count: 1 },
      trajectory: [
        {
          check: 'match',
          pass: false,
          mode: 'strict',
          args: 'exact',
          tool_args: {},
          matched: 2,
          unmatched_reference: 1,
          unexpected: 1,
          distance: null,
          // The calls the failure message lists, with the same closest candidates.
          issues: [
            {
              side: 'reference',
              index: 2,
              call: 'open({"id":1})',
              closest: { index: 2, call: 'open({"id":2})', reason: 'arguments' },
            },
            {
              side: 'call',
              index: 2,
              call: 'open({"id":2})',
              closest: { index: 2, call: 'open({"id":1})', reason: 'arguments' },
            },
          ],
        },
      ],
    });
    // Hand-computed: the searches pair at cost 0; open's only argument differs → 1 × 1/1 = 1,
    // of the full mass 3 + 3 (every step weighs 1). The same under in_order below.
    expect(records[1]).toMatchObject({
      seq: 1,
      pass: true,
      negated: false,
      trajectory: [
        {
          pass: true,
          mode: 'superset',
          args: ['q'],
          tool_args: { open: 'ignore' },
          matched: 3,
          distance: { scheme: 'any_order', distance: 1, max: 6, score: 1 - 1 / 6 },
        },
      ],
    });
    expect(records[2]).toMatchObject({
      seq: 2,
      pass: false,
      trajectory: [{ pass: false, distance: { scheme: 'in_order', distance: 1, max: 6 } }],
    });
    // The failed call keeps its verdict sentence (the message line after the hint); passed ones none.
    expect(records.map((r) => r['failure'] === undefined)).toEqual([true, true, false]);
    expect(records[2]?.['failure']).toMatch(
      /^Expected the calls to follow the reference trajectory \(mode strict, .* matched\. Distance 1 of 6 \(in_order, score 0\.8333\)\.$/,
    );
    // Passing: nothing to list. Long calls are cut at 200 characters.
    expect(
      (records[1] as { trajectory: Array<{ issues: unknown[] }> }).trajectory[0]!.issues,
    ).toEqual([]);
    ex([call('open', { text: 'x'.repeat(300) })]).not.toFollowTrajectory([]);
    const long = (
      task.meta as {
        envtrace: Array<{
          trajectory: Array<{ issues: Array<{ call: string; closest: unknown }> }>;
        }>;
      }
    ).envtrace[3]!.trajectory[0]!.issues[0]!;
    expect([...long.call]).toHaveLength(200);
    expect(long.call.endsWith('…')).toBe(true);
    expect(long.closest).toBeNull();
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
  });
});

describe('trajectoryMetric in a trace matcher config', () => {
  it('is computed, weighted and required like any metric', () => {
    const golden = [
      { channel: 'search', timestamp: 0, value: { q: 'a' } },
      { channel: 'open', timestamp: 1, value: { id: 1 } },
    ];
    const swapped = [
      { channel: 'open', timestamp: 0, value: { id: 1 } },
      { channel: 'search', timestamp: 1, value: { q: 'a' } },
    ];
    const config = {
      metrics: [trajectoryMetric({ scheme: 'any_order' })],
      aggregation: { weights: { trajectory: 1 } },
      decision: { require_discrete_exact: false, timing_metric_name: 'trajectory' },
    };
    expect(toMatchTraceBehavior.call(fakeContext(), swapped, golden, config).pass).toBe(true);
    const inOrder = { ...config, metrics: [trajectoryMetric({ scheme: 'in_order' })] };
    const r = toMatchTraceBehavior.call(fakeContext(), swapped, golden, inOrder);
    expect(r.pass).toBe(false);
    expect(stripAnsi(r.message())).toMatch(/trajectory\s+0\.500/);
  });
});
