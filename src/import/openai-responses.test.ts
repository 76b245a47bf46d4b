/**
 * The OpenAI Responses API's own input list, as a tool loop with the `openai` client builds it
 * (pinned devDependency, against a stub server on 127.0.0.1): the question, `response.output`
 * (the model's call items, as the SDK returns them), one output item per client-side call, then
 * the answer. Read by the `openai` importer's Responses reader (`openai-agents-history.ts`).
 */
import OpenAI from 'openai';
import type { ResponseInputItem, ResponseOutputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { response } from '../../test/support/openai-replies.cjs';
import { startJsonStub, withJsonStub, type StubServer } from '../../test/support/stub-server.js';
import { toolCalls } from '../trajectory/calls.js';
import { matchTrajectory } from '../trajectory/match.js';
import { thrown } from './fixtures.test-helpers.js';
import { openaiImporter } from './openai.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';
import { formatWarning } from './warnings.js';

/** The model's calls in its first response (two in parallel), and what each tool returns. */
const CALLS = [
  { call_id: 'call_1', name: 'get_weather', args: { city: 'Paris' }, output: '{"tempC":21}' },
  { call_id: 'call_2', name: 'get_time', args: { tz: 'Europe/Paris' }, output: '12:00' },
] as const;

let stub: StubServer;
let client: OpenAI;
let answered = 0;

beforeAll(async () => {
  stub = await startJsonStub(() => {
    // The first response makes both calls (in parallel), the second answers.
    const n = ++answered;
    return response(
      n === 1
        ? { calls: CALLS.map((c) => ({ id: c.call_id, name: c.name, args: c.args })) }
        : { text: 'Sunny, 21 °C, noon.' },
      n,
    );
  });
  client = new OpenAI({ apiKey: 'sk-stub', baseURL: `${stub.origin}/v1`, maxRetries: 0 });
});

afterAll(() => stub.close());

/** The tool loop of OpenAI's function-calling guide, keeping its input list. */
async function toolLoop(): Promise<ResponseInputItem[]> {
  const input: ResponseInputItem[] = [{ role: 'user', content: 'Weather and time in Paris?' }];
  for (;;) {
    const response = await client.responses.create({ model: 'gpt-stub', input });
    input.push(...(response.output as ResponseInputItem[]));
    const calls = response.output.filter((o) => o.type === 'function_call');
    if (calls.length === 0) return input;
    for (const call of calls) {
      const output = CALLS.find((c) => c.call_id === call.call_id)!.output;
      input.push({ type: 'function_call_output', call_id: call.call_id, output });
    }
  }
}

describe('openai importer: a Responses API input list (function_call / function_call_output)', () => {
  it('one event per call, with its call_id and what the tool returned', async () => {
    const input = await toolLoop();
    const trace = parseTrace(JSON.stringify(input));
    const events = trace.events;
    expect(events.map((e) => [e.channel, e.value, e.meta!['callId'], e.meta!['result']])).toEqual([
      ['get_weather', { city: 'Paris' }, 'call_1', { tempC: 21 }],
      ['get_time', { tz: 'Europe/Paris' }, 'call_2', '12:00'],
    ]);
    // The two calls of one response are one turn.
    expect(events.map((e) => e.meta!['parallel_group'])).toEqual([1, 1]);
    const reference = CALLS.map((c) => ({ name: c.name, arguments: c.args, turn: 1 }));
    expect(
      matchTrajectory(
        reference,
        events.map((e) => ({ ...e })),
      ).pass,
    ).toBe(true);
  });
});

/**
 * Every call item the Responses API defines (`ResponseOutputItem` of the pinned `openai`), as one
 * response gives them: the client's own tools (function, custom, local shell, shell, computer,
 * apply patch), answered by the loop with their output items, and the tools the API ran (MCP, web
 * search, file search, code interpreter, image generation), which carry their outcome. Typed with
 * the package's own types, so a shape the API does not define fails to compile.
 */
const ALL_CALLS: ResponseOutputItem[] = [
  { type: 'reasoning', id: 'rs_1', summary: [] },
  {
    type: 'mcp_list_tools',
    id: 'mcpl_1',
    server_label: 'gh',
    tools: [{ name: 'list_issues', input_schema: {} }],
  },
  {
    type: 'mcp_call',
    id: 'mcp_1',
    server_label: 'gh',
    name: 'list_issues',
    arguments: '{"repo":"envtrace"}',
    output: '[{"n":1}]',
    status: 'completed',
  },
  {
    type: 'web_search_call',
    id: 'ws_1',
    status: 'completed',
    action: {
      type: 'search',
      query: 'Paris weather',
      sources: [{ type: 'url', url: 'https://example.com/paris' }],
    },
  },
  {
    type: 'file_search_call',
    id: 'fs_1',
    status: 'completed',
    queries: ['hotels'],
    results: [{ file_id: 'file_1', text: 'Hotel A' }],
  },
  {
    type: 'code_interpreter_call',
    id: 'ci_1',
    status: 'completed',
    code: 'print(1 + 1)',
    container_id: 'cntr_1',
    outputs: [{ type: 'logs', logs: '2' }],
  },
  { type: 'image_generation_call', id: 'ig_1', status: 'completed', result: 'iVBORw0KGgo=' },
  {
    type: 'function_call',
    id: 'fc_1',
    call_id: 'call_1',
    name: 'get_weather',
    arguments: '{"city":"Paris"}',
    status: 'completed',
  },
  // A tool without parameters: streamed, its arguments are "".
  {
    type: 'function_call',
    id: 'fc_2',
    call_id: 'call_2',
    name: 'get_time',
    arguments: '',
    status: 'completed',
  },
  { type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_3', name: 'run_sql', input: 'SELECT 1' },
  {
    type: 'local_shell_call',
    id: 'lsh_1',
    call_id: 'call_4',
    status: 'completed',
    action: { type: 'exec', command: ['ls'], env: {} },
  },
  {
    type: 'shell_call',
    id: 'sh_1',
    call_id: 'call_5',
    status: 'completed',
    action: { commands: ['pwd'], timeout_ms: null, max_output_length: null },
    environment: null,
  },
  {
    type: 'computer_call',
    id: 'cu_1',
    call_id: 'call_6',
    status: 'completed',
    pending_safety_checks: [],
    action: { type: 'click', button: 'left', x: 1, y: 2 },
  },
  {
    type: 'apply_patch_call',
    id: 'ap_1',
    call_id: 'call_7',
    status: 'completed',
    operation: { type: 'delete_file', path: 'old.txt' },
  },
];

/** What the loop answers each client-side call with (by call id), as the API's input items. */
const CLIENT_OUTPUTS: ResponseInputItem[] = [
  { type: 'function_call_output', call_id: 'call_1', output: '{"tempC":21}' },
  {
    type: 'function_call_output',
    call_id: 'call_2',
    output: [{ type: 'input_text', text: '12:00' }],
  },
  { type: 'custom_tool_call_output', call_id: 'call_3', output: '[{"1":1}]' },
  // A local shell call's output names the call by its `id`.
  { type: 'local_shell_call_output', id: 'call_4', output: '{"stdout":"a.txt"}' },
  {
    type: 'shell_call_output',
    call_id: 'call_5',
    output: [{ stdout: '/work', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
  },
  {
    type: 'computer_call_output',
    call_id: 'call_6',
    output: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AAAA' },
  },
  { type: 'apply_patch_call_output', call_id: 'call_7', status: 'failed', output: 'no such file' },
];

/** The events the input list gives, as [channel, value, meta fields that tell the call]. */
const EXPECTED = [
  [
    'list_issues',
    { repo: 'envtrace' },
    { itemType: 'mcp_call', server_label: 'gh', result: [{ n: 1 }] },
  ],
  [
    'web_search',
    { type: 'search', query: 'Paris weather' },
    { itemType: 'web_search_call', result: [{ type: 'url', url: 'https://example.com/paris' }] },
  ],
  [
    'file_search',
    { queries: ['hotels'] },
    { itemType: 'file_search_call', result: [{ file_id: 'file_1', text: 'Hotel A' }] },
  ],
  [
    'code_interpreter',
    { code: 'print(1 + 1)' },
    {
      itemType: 'code_interpreter_call',
      container_id: 'cntr_1',
      result: [{ type: 'logs', logs: '2' }],
    },
  ],
  ['image_generation', {}, { itemType: 'image_generation_call', result: 'iVBORw0KGgo=' }],
  ['get_weather', { city: 'Paris' }, { callId: 'call_1', result: { tempC: 21 } }],
  ['get_time', {}, { callId: 'call_2', result: '12:00' }],
  ['run_sql', 'SELECT 1', { itemType: 'custom_tool_call', callId: 'call_3', result: [{ 1: 1 }] }],
  [
    'local_shell',
    { type: 'exec', command: ['ls'], env: {} },
    { itemType: 'local_shell_call', callId: 'call_4', result: { stdout: 'a.txt' } },
  ],
  [
    'shell',
    { commands: ['pwd'], timeout_ms: null, max_output_length: null },
    {
      itemType: 'shell_call',
      callId: 'call_5',
      result: [{ stdout: '/work', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
    },
  ],
  [
    'computer',
    { type: 'click', button: 'left', x: 1, y: 2 },
    {
      itemType: 'computer_call',
      callId: 'call_6',
      result: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AAAA' },
    },
  ],
  [
    'apply_patch',
    { type: 'delete_file', path: 'old.txt' },
    {
      itemType: 'apply_patch_call',
      callId: 'call_7',
      result: 'no such file',
      resultStatus: 'error',
    },
  ],
] as const;

/** An item type a later API may add: not a call this reader knows. */
const FUTURE_ITEM = { type: 'teleport_call', id: 'tp_1', call_id: 'call_8', destination: 'Mars' };

/** The input list of a tool loop over every call item, and the warnings its import gives. */
async function allCallsLoop(): Promise<{ input: ResponseInputItem[]; warnings: string[] }> {
  let n = 0;
  const input = await withJsonStub(
    () =>
      ++n === 1
        ? { ...(response({ text: '' }, n) as object), output: [...ALL_CALLS, FUTURE_ITEM] }
        : response({ text: 'Done.' }, n),
    async (s) => {
      const c = new OpenAI({ apiKey: 'sk-stub', baseURL: `${s.origin}/v1`, maxRetries: 0 });
      const input: ResponseInputItem[] = [{ role: 'user', content: 'Do everything.' }];
      const first = await c.responses.create({ model: 'gpt-stub', input });
      input.push(...(first.output as ResponseInputItem[]));
      input.push(...CLIENT_OUTPUTS);
      // A stale answer: a call id this run never got.
      input.push({ type: 'function_call_output', call_id: 'call_9', output: 'late' });
      const second = await c.responses.create({ model: 'gpt-stub', input });
      input.push(...(second.output as ResponseInputItem[]));
      return input;
    },
  );
  const warnings: string[] = [];
  openaiImporter.parse(JSON.stringify(input), {
    file: 'r.json',
    warn: (w) => warnings.push(formatWarning(w)),
  });
  return { input, warnings };
}

describe('openai importer: every call item of a Responses API input list', () => {
  it('one event per call item, client and hosted tools alike, with what answered it', async () => {
    const { input } = await allCallsLoop();
    const events = parseTrace(JSON.stringify(input)).events;
    expect(events.map((e) => e.channel)).toEqual(EXPECTED.map(([c]) => c));
    expect(events.map((e) => e.value)).toEqual(EXPECTED.map(([, v]) => v));
    events.forEach((e, i) => expect(e.meta, e.channel).toMatchObject(EXPECTED[i]![2]));
    // One response: its calls are one turn (reasoning and the MCP tool list before them).
    expect(new Set(events.map((e) => e.meta!['parallel_group']))).toEqual(new Set([3]));
  });

  it('warns of the item of an unknown type and of the output that answers no call', async () => {
    const { warnings } = await allCallsLoop();
    expect(warnings).toEqual([
      'r.json: [15]: an item of type "teleport_call" is not a tool call or output the Responses API defines: not read (unmapped-record)',
      'r.json: [23]: a function_call_output item for call id "call_9" answers no call of the list: not read (unpaired-result)',
    ]);
  });

  it('a named call item reads as the trajectory APIs read it inline (one table of shapes)', async () => {
    const { input } = await allCallsLoop();
    const named = input.filter((it) =>
      ['function_call', 'custom_tool_call', 'mcp_call'].includes(
        (it as { type?: string }).type ?? '',
      ),
    );
    const events = parseTrace(JSON.stringify(input)).events.filter((e) =>
      ['list_issues', 'get_weather', 'get_time', 'run_sql'].includes(e.channel),
    );
    expect(toolCalls(named as never).map((c) => [c.name, c.arguments])).toEqual(
      events.map((e) => [e.channel, e.value]),
    );
  });

  it('the Responses API item list is told by its first item, and a call without a name says where', () => {
    const items: ResponseInputItem[] = [
      { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
    ];
    expect(detectFormat(JSON.stringify(items)).name).toBe('openai');
    expect(
      thrown(() =>
        parseTrace('[{"type": "function_call", "call_id": "c", "arguments": "{}"}]', {
          file: 'r.json',
        }),
      ).message,
    ).toBe('r.json: [0].name: required (a non-empty string)');
  });
});
