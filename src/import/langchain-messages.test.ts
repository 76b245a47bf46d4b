import {
  AIMessageChunk,
  mapChatMessagesToStoredMessages,
  type BaseMessage,
} from '@langchain/core/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchTrajectory } from '../trajectory/match.js';
import { thrown } from './fixtures.test-helpers.js';
import {
  OSLO_ERROR,
  SCRIPTED_STEPS,
  TOOL_RESULTS,
  runLangChainMessages,
} from './langchain.test-helpers.js';
import { parseTrace } from './read.js';
import { detectFormat } from './registry.js';

let messages: BaseMessage[];
beforeAll(async () => {
  messages = await runLangChainMessages();
});

/** The two forms a LangChain app saves messages in. */
const forms = {
  'serialised (JSON.stringify of the messages)': () => JSON.stringify(messages),
  'stored (mapChatMessagesToStoredMessages)': () =>
    JSON.stringify(mapChatMessagesToStoredMessages(messages)),
};

describe('openai importer: LangChain messages (the scripted agent loop)', () => {
  for (const [form, text] of Object.entries(forms)) {
    it(`${form}: one event per tool call, with the ToolMessage's result`, () => {
      expect(detectFormat(text()).name).toBe('openai');
      const events = parseTrace(text()).events;
      const calls = SCRIPTED_STEPS.flat();
      expect(events.map((e) => [e.channel, e.value, e.meta!['callId']])).toEqual(
        calls.map((c) => [c.name, c.args, c.id]),
      );
      // Messages: 0 the question, 1 and 4 the AI messages with calls, 2, 3 and 5 the results.
      expect(events.map((e) => [e.timestamp, e.meta!['parallel_group']])).toEqual([
        [0, 1],
        [0, 1],
        [3, 4],
      ]);
      expect(events.map((e) => e.meta!['result'])).toEqual([
        TOOL_RESULTS['call-1'], // LangChain's JSON text of the tool's object, parsed back
        TOOL_RESULTS['call-2'],
        `Error: ${OSLO_ERROR}`,
      ]);
      expect(events.map((e) => e.meta!['resultStatus'])).toEqual([undefined, undefined, 'error']);
      const reference = calls.map((c, i) => ({
        name: c.name,
        arguments: c.args,
        turn: i < 2 ? 1 : 2,
      }));
      expect(matchTrajectory(reference, parseTrace(text())).pass).toBe(true);
    });
  }

  it('a call whose arguments did not parse (invalid_tool_calls) is an event, not dropped', () => {
    // A streamed call whose arguments are not JSON, as LangChain merges and parses its chunks.
    const cut = new AIMessageChunk({
      content: '',
      tool_call_chunks: [
        { name: 'get_weather', args: 'city=Paris', id: 'c9', index: 0, type: 'tool_call_chunk' },
      ],
    });
    expect(cut.tool_calls).toEqual([]);
    const events = parseTrace(JSON.stringify([...messages.slice(0, 1), cut])).events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ channel: 'get_weather', value: 'city=Paris' });
    expect(events[0]!.meta).toMatchObject({
      callId: 'c9',
      argumentsError: expect.any(String) as string,
    });
  });

  it('an entry that is not a LangChain message: one line naming it', () => {
    const text = JSON.stringify([
      JSON.parse(JSON.stringify(messages[0])),
      { role: 'user', content: 'x' },
    ]);
    expect(thrown(() => parseTrace(text, { file: 'state.json' }))).toMatchInlineSnapshot(`
      {
        "message": "state.json: [1]: expected a LangChain message ({lc, type: "constructor", id, kwargs} or {type, data}), as the first one is",
        "name": "TraceError",
      }
    `);
  });
});
