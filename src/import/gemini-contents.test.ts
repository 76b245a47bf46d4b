import { beforeAll, describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/match.js';
import type { TraceEvent } from '../trace/types.js';
import { thrown } from './fixtures.test-helpers.js';
import {
  GEMINI_AFC_REPLIES,
  GEMINI_CHAT_REPLIES,
  GEMINI_SERVER_REPLIES,
  OSLO_ERROR,
  runGeminiAfc,
  runGeminiChat,
  runGeminiServerTools,
  type GeminiChatRun,
} from './gemini.test-helpers.js';
import { openaiImporter } from './openai.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';
import { formatWarning } from './warnings.js';

let chat: GeminiChatRun;
let afc: string;
let serverTools: string;
beforeAll(async () => {
  chat = await runGeminiChat();
  afc = await runGeminiAfc();
  serverTools = await runGeminiServerTools();
});

/** The calls of a script, as [name, args, id]. */
function scripted(replies: typeof GEMINI_CHAT_REPLIES): Array<[string, unknown, unknown]> {
  return replies.flatMap((parts) =>
    parts.flatMap((p) =>
      p.functionCall === undefined
        ? []
        : [
            [p.functionCall.name!, p.functionCall.args, p.functionCall.id] as [
              string,
              unknown,
              unknown,
            ],
          ],
    ),
  );
}

/** The events of `text` read by the `openai` importer, and its warnings as lines. */
function read(text: string): { events: TraceEvent[]; warnings: string[] } {
  const warnings: string[] = [];
  const events = openaiImporter.parse(text, {
    file: 'g.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { events, warnings };
}

/** The meta fields that tell a call's answer, per event. */
function answers(events: readonly TraceEvent[]) {
  return events.map((e) => [e.meta!['result'], e.meta!['resultStatus']]);
}

describe('openai importer: Gemini conversations (@google/genai)', () => {
  it('chat.getHistory(): one event per functionCall part, with the response of the same id', () => {
    expect(detectFormat(chat.historyJson).name).toBe('openai');
    const { events, warnings } = read(chat.historyJson);
    expect(warnings).toEqual([]);
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual(
      scripted(GEMINI_CHAT_REPLIES),
    );
    // Contents: 0 the question, 1 and 3 the model turns with calls (2 and 4 the responses).
    expect(events.map((e) => e.timestamp)).toEqual([0, 0, 2]);
    expect(events.map((e) => [e.meta!['message'], e.meta!['parallel_group']])).toEqual([
      [1, 1],
      [1, 1],
      [3, 3],
    ]);
    // `{output}` is what the tool returned, `{error}` (the API's convention) an error.
    expect(answers(events)).toEqual([
      [{ tempC: 21, city: 'Paris' }, undefined],
      ['12:00 Europe/Paris', undefined],
      [OSLO_ERROR, 'error'],
    ]);
  });

  it('reads the request body the SDK sent ({contents, tools, …}) the same way', () => {
    expect(Object.keys(JSON.parse(chat.lastRequest) as object)).toContain('contents');
    expect(detectFormat(chat.lastRequest).name).toBe('openai');
    expect(parseTrace(chat.lastRequest).events).toEqual(parseTrace(chat.historyJson).events);
  });

  it("a GenerateContentResponse: its automaticFunctionCallingHistory, the SDK's own responses paired by name in order", () => {
    expect(detectFormat(afc).name).toBe('openai');
    const { events, warnings } = read(afc);
    expect(warnings).toEqual([]);
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual(
      scripted(GEMINI_AFC_REPLIES),
    );
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([1, 1, 3]);
    // The SDK's `mcpToTool` gives the MCP result as the response, and `{error: result}` when the
    // tool reported an error: Oslo's, the second get_weather call, answered second.
    expect(answers(events)).toEqual([
      [{ content: [{ type: 'text', text: '{"tempC":21,"city":"Paris"}' }] }, undefined],
      [{ content: [{ type: 'text', text: OSLO_ERROR }], isError: true }, 'error'],
      [{ content: [{ type: 'text', text: '"12:00 Europe/Paris"' }] }, undefined],
    ]);
  });

  it('the trajectory matchers take the file as it is: parallel calls in any order, a wrong city fails', () => {
    const reference = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Oslo' }, turn: 2 },
    ];
    const trace = parseTrace(chat.historyJson);
    expect(matchTrajectory(reference, trace).pass).toBe(true);
    const wrong = reference.map((c, i) => (i === 2 ? { ...c, arguments: { city: 'Bergen' } } : c));
    expect(matchTrajectory(wrong, trace).pass).toBe(false);
  });

  it("the Python SDK's model_dump(): snake_case keys, null for unset fields", () => {
    // As `[c.model_dump(mode="json") for c in chat.get_history()]` writes it (google-genai is a
    // Python package, not installable here: the shape is written after its pydantic models).
    const nulls = { text: null, function_call: null, function_response: null, thought: null };
    const text = JSON.stringify({
      automatic_function_calling_history: [
        { role: 'user', parts: [{ ...nulls, text: 'Weather in Paris?' }] },
        {
          role: 'model',
          parts: [
            {
              ...nulls,
              function_call: { id: null, name: 'get_weather', args: { city: 'Paris' } },
            },
            { ...nulls, function_call: { id: null, name: 'get_time', args: null } },
          ],
        },
        {
          role: 'user',
          parts: [
            {
              ...nulls,
              function_response: {
                id: null,
                name: 'get_weather',
                response: { result: { tempC: 21 } },
                will_continue: null,
              },
            },
            {
              ...nulls,
              function_response: { id: null, name: 'get_time', response: { output: '12:00' } },
            },
          ],
        },
      ],
      candidates: [{ content: { role: 'model', parts: [{ ...nulls, text: 'Sunny.' }] } }],
    });
    expect(detectFormat(text).name).toBe('openai');
    const { events, warnings } = read(text);
    expect(warnings).toEqual([]);
    // `args: null` is a call with no arguments; a response of other keys is the result as it is.
    expect(events.map((e) => [e.channel, e.value, e.meta])).toEqual([
      [
        'get_weather',
        { city: 'Paris' },
        { message: 1, parallel_group: 1, result: { result: { tempC: 21 } } },
      ],
      ['get_time', {}, { message: 1, parallel_group: 1, result: '12:00' }],
    ]);
  });

  it('server-side tools (includeServerSideToolInvocations): each toolCall an event named by its type, its toolResponse the result', () => {
    const { events, warnings } = read(serverTools);
    expect(warnings).toEqual([]);
    // What the script's first turn held, in part order: the two server calls, then the function.
    const script = GEMINI_SERVER_REPLIES[0]!;
    const serverCall = (k: number) => script[k]!.toolCall!;
    expect(events.map((e) => [e.channel, e.value, e.meta])).toEqual([
      [
        'google_search_web',
        serverCall(0).args,
        {
          message: 1,
          parallel_group: 1,
          partType: 'toolCall',
          toolType: 'GOOGLE_SEARCH_WEB',
          callId: 'srv_1',
          result: script[1]!.toolResponse!.response,
        },
      ],
      [
        'url_context',
        serverCall(2).args,
        {
          message: 1,
          parallel_group: 1,
          partType: 'toolCall',
          toolType: 'URL_CONTEXT',
          callId: 'srv_2',
          result: { status: 'fetched' },
        },
      ],
      [
        'get_time',
        { tz: 'Europe/Paris' },
        { message: 1, parallel_group: 1, callId: 'fc_1', result: '12:00 Europe/Paris' },
      ],
    ]);
  });

  it('a server-side toolCall without a toolType is TOOL_TYPE_UNSPECIFIED (proto3 leaves the zero value out); an unanswered toolResponse is warned', () => {
    const text = JSON.stringify([
      { role: 'user', parts: [{ text: 'Look it up.' }] },
      {
        role: 'model',
        parts: [
          { toolCall: { id: 's1', args: { q: 'x' } } },
          { toolResponse: { id: 's9', toolType: 'GOOGLE_MAPS', response: { places: [] } } },
          { functionCall: { name: 'f', args: {} } },
        ],
      },
    ]);
    const { events, warnings } = read(text);
    expect(events.map((e) => [e.channel, e.meta!['toolType'], e.meta!['result']])).toEqual([
      ['tool_type_unspecified', 'TOOL_TYPE_UNSPECIFIED', undefined],
      ['f', undefined, undefined],
    ]);
    expect(warnings).toEqual([
      'g.json: [1].parts[1]: a toolResponse with id "s9" answers no unanswered earlier call with that id: not read (unpaired-result)',
    ]);
  });

  it('code execution: an executableCode part is a code_execution call, its codeExecutionResult the result', () => {
    const text = JSON.stringify({
      contents: [
        { role: 'user', parts: [{ text: 'Sum of the first 50 primes?' }] },
        {
          role: 'model',
          parts: [
            { executableCode: { language: 'PYTHON', code: 'print(sum(primes(50)))' } },
            { codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'NameError: primes' } },
            { executableCode: { language: 'PYTHON', code: 'print(5117)', id: 'c2' } },
            { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '5117\n', id: 'c2' } },
            { text: 'It is 5117.' },
          ],
        },
      ],
    });
    const { events, warnings } = read(text);
    expect(warnings).toEqual([]);
    expect(events.map((e) => [e.channel, e.value, e.meta])).toEqual([
      [
        'code_execution',
        { language: 'PYTHON', code: 'print(sum(primes(50)))' },
        {
          message: 1,
          parallel_group: 1,
          partType: 'executableCode',
          result: 'NameError: primes',
          outcome: 'OUTCOME_FAILED',
          resultStatus: 'error',
        },
      ],
      [
        'code_execution',
        { language: 'PYTHON', code: 'print(5117)' },
        {
          message: 1,
          parallel_group: 1,
          partType: 'executableCode',
          callId: 'c2',
          result: '5117\n',
          outcome: 'OUTCOME_OK',
        },
      ],
    ]);
  });

  it('a content without a role is detected by its parts; a streamed turn (consecutive model contents) is one group', () => {
    const text = JSON.stringify([
      { parts: [{ text: 'Two cities?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'A' } } }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'B' } } }] },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { output: 'a' } } },
          { functionResponse: { name: 'get_weather', response: { output: 'b' } } },
        ],
      },
    ]);
    expect(detectFormat(text).name).toBe('openai');
    const { events, warnings } = read(text);
    expect(warnings).toEqual([]);
    expect(
      events.map((e) => [e.value, e.timestamp, e.meta!['parallel_group'], e.meta!['result']]),
    ).toEqual([
      [{ city: 'A' }, 0, 1, 'a'],
      [{ city: 'B' }, 1, 1, 'b'],
    ]);
  });
});

describe('Gemini responses that answer no call, or answer one by a guess: warned', () => {
  const call = (name: string, args: object, id?: string) => ({
    functionCall: { name, args, ...(id === undefined ? {} : { id }) },
  });
  const response = (name: string, output: unknown, id?: string) => ({
    functionResponse: { name, response: { output }, ...(id === undefined ? {} : { id }) },
  });

  it('an id no call has, a name no open call has, a call in a user content', () => {
    const { events, warnings } = read(
      JSON.stringify([
        { role: 'user', parts: [call('ask', {})] },
        { role: 'model', parts: [call('get_weather', { city: 'Paris' }, 'fc_1')] },
        {
          role: 'user',
          parts: [
            response('get_weather', 21, 'fc_9'),
            response('get_weather', 22, 'fc_1'),
            response('get_weather', 23, 'fc_1'),
            response('get_time', '12:00'),
          ],
        },
      ]),
    );
    expect(events.map((e) => [e.channel, e.meta!['result']])).toEqual([['get_weather', 22]]);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "g.json: [0].parts[0]: a functionCall part in a content of role "user", not "model": not read as a call (unmapped-record)",
        "g.json: [2].parts[0]: a functionResponse with id "fc_9" answers no unanswered earlier call with that id: not read (unpaired-result)",
        "g.json: [2].parts[2]: a functionResponse with id "fc_1" answers no unanswered earlier call with that id: not read (unpaired-result)",
        "g.json: [2].parts[3]: a functionResponse for "get_time" answers no unanswered earlier call by that name: not read (unpaired-result)",
      ]
    `);
  });

  it('a response without an id while calls of its name are unanswered in two turns', () => {
    const { events, warnings } = read(
      JSON.stringify([
        { role: 'model', parts: [call('get_weather', { city: 'Paris' })] },
        { role: 'user', parts: [{ text: 'never mind' }] },
        { role: 'model', parts: [call('get_weather', { city: 'Oslo' })] },
        { role: 'user', parts: [response('get_weather', 'cold')] },
      ]),
    );
    expect(events.map((e) => [e.value, e.meta!['result']])).toEqual([
      [{ city: 'Paris' }, 'cold'],
      [{ city: 'Oslo' }, undefined],
    ]);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "g.json: [3].parts[0]: a functionResponse without an id, read as the answer to the first unanswered "get_weather" call ([0].parts[0]), though one of a later turn ([2].parts[0]) is unanswered too (unpaired-result)",
      ]
    `);
  });
});

describe('malformed Gemini contents: one line naming the place', () => {
  const bad = (contents: unknown): string =>
    thrown(() => parseTrace(JSON.stringify(contents), { file: 'g.json' })).message;
  const user = { role: 'user', parts: [{ functionResponse: { name: 'a', response: {} } }] };

  it.each([
    [
      'a functionCall without a name',
      [{ role: 'model', parts: [{ functionCall: { args: {} } }] }],
      'g.json: [0].parts[0].functionCall.name: required (a non-empty string)',
    ],
    [
      'args that are not an object',
      [{ role: 'model', parts: [{ functionCall: { name: 'a', args: '{"q": 1}' } }] }],
      `g.json: [0].parts[0].functionCall.args: expected an object (the call's arguments), got "{\\"q\\": 1}"`,
    ],
    [
      'a functionCall that is not an object',
      [{ role: 'model', parts: [{ functionCall: 'a' }] }],
      'g.json: [0].parts[0].functionCall: expected a functionCall object, got "a"',
    ],
    [
      'parts that are not an array',
      [user, { role: 'model', parts: { text: 'x' } }],
      'g.json: [1].parts: expected an array of parts, got an object',
    ],
    [
      'a part that is not an object',
      [user, { role: 'model', parts: ['hi'] }],
      'g.json: [1].parts[0]: expected a part object, got "hi"',
    ],
    [
      'a functionResponse with neither a name nor an id',
      [{ role: 'user', parts: [{ functionResponse: { response: {} } }] }],
      'g.json: [0].parts[0].functionResponse.name: required (a non-empty string)',
    ],
    [
      'a response history that is not an array',
      {
        automaticFunctionCallingHistory: {},
        candidates: [{ content: { role: 'model', parts: [] } }],
      },
      'g.json: automaticFunctionCallingHistory: expected an array of contents, got an object',
    ],
  ])('%s', (_what, contents, message) => {
    expect(bad(contents)).toBe(message);
  });
});
