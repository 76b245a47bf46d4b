import { beforeAll, describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/match.js';
import {
  ANTHROPIC_REPLIES,
  OSLO_ERROR,
  runAnthropicAgent,
  type AnthropicRun,
} from './anthropic.test-helpers.js';
import { thrown } from './fixtures.test-helpers.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';

let run: AnthropicRun;
beforeAll(async () => {
  run = await runAnthropicAgent();
});

/** The calls of the script, as the events the importer should give. */
const scripted = ANTHROPIC_REPLIES.flatMap((reply, turn) =>
  reply.flatMap((b) =>
    b.type === 'tool_use' ? [{ turn, id: b.id, name: b.name, input: b.input }] : [],
  ),
);

describe('openai importer: Anthropic conversations (the SDK tool runner)', () => {
  it('one event per tool_use block, with its result; the calls of one reply are one turn', () => {
    expect(detectFormat(run.messagesJson).name).toBe('openai');
    const trace = parseTrace(run.messagesJson);
    expect(trace.events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual(
      scripted.map((c) => [c.name, c.input, c.id]),
    );
    // Messages: 0 the question, 1 and 3 the replies with calls (2 and 4 the results): times 0, 0, 2.
    expect(trace.events.map((e) => e.timestamp)).toEqual([0, 0, 2]);
    expect(trace.events.map((e) => e.meta!['parallel_group'])).toEqual([1, 1, 3]);
    expect(trace.events.map((e) => e.meta!['result'])).toEqual([
      { tempC: 21, city: 'Paris' }, // the tool's JSON text, parsed
      '12:00 Europe/Paris',
      `Error: ${OSLO_ERROR}`, // the runner's text for a tool that threw
    ]);
    expect(trace.events.map((e) => e.meta!['resultStatus'])).toEqual([
      undefined,
      undefined,
      'error',
    ]);
  });

  it('reads the request body the SDK sent ({model, max_tokens, messages, tools}) the same way', () => {
    expect(parseTrace(run.lastRequest).events).toEqual(parseTrace(run.messagesJson).events);
  });

  it('the trajectory matchers take the file as it is: parallel calls in any order, a wrong city fails', () => {
    const reference = [
      { name: 'get_time', arguments: { tz: 'Europe/Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Paris' }, turn: 1 },
      { name: 'get_weather', arguments: { city: 'Oslo' }, turn: 2 },
    ];
    const trace = parseTrace(run.messagesJson);
    expect(matchTrajectory(reference, trace).pass).toBe(true);
    const wrong = reference.map((c, i) => (i === 2 ? { ...c, arguments: { city: 'Bergen' } } : c));
    expect(matchTrajectory(wrong, trace).pass).toBe(false);
  });

  it('result blocks of text blocks, MCP and server tools', () => {
    const events = parseTrace(
      JSON.stringify([
        {
          role: 'assistant',
          content: [
            {
              type: 'mcp_tool_use',
              id: 'm1',
              name: 'lookup',
              server_name: 'crm',
              input: { id: 7 },
            },
            { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'x' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'mcp_tool_result',
              tool_use_id: 'm1',
              content: [
                { type: 'text', text: 'Found 1 customer.' },
                { type: 'text', text: 'Name: Ada' },
              ],
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'web_search_tool_result',
              tool_use_id: 's1',
              content: [{ type: 'web_search_result', url: 'https://example.org' }],
            },
          ],
        },
      ]),
    ).events;
    expect(events.map((e) => [e.channel, e.meta])).toEqual([
      [
        'lookup',
        {
          message: 0,
          parallel_group: 0,
          blockType: 'mcp_tool_use',
          server_name: 'crm',
          callId: 'm1',
          result: 'Found 1 customer.\nName: Ada',
        },
      ],
      [
        'web_search',
        {
          message: 0,
          parallel_group: 0,
          blockType: 'server_tool_use',
          callId: 's1',
          result: [{ type: 'web_search_result', url: 'https://example.org' }],
        },
      ],
    ]);
  });

  it('a tool_use block without a name: one line naming the block', () => {
    const text = JSON.stringify([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'x', input: {} }] },
    ]);
    expect(thrown(() => parseTrace(text, { file: 'run.json' }))).toMatchInlineSnapshot(`
      {
        "message": "run.json: [0].content[0].name: required (a non-empty string)",
        "name": "TraceError",
      }
    `);
  });
});
