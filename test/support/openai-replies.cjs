/**
 * The bodies a stub OpenAI API answers with (test support, not part of the package): one model
 * turn as a Chat Completions `chat.completion` or a Responses API `response`, in the shapes the
 * `openai` client and the Agents SDK parse. CommonJS so that the fixture producers, which run as
 * plain Node scripts (test/fixtures/producers/*.cjs), share it with the TypeScript helpers.
 *
 * A turn is `{calls: [{id, name, args}]}` (the model asks for these tool calls, in one response)
 * or `{text}` (its answer). `n` numbers the response; `created` is its creation time in seconds.
 */
'use strict';

/** A Chat Completions response: the calls as `tool_calls` (arguments as JSON text), or the text. */
function chatCompletion(turn, n, created = 0) {
  const message =
    'calls' in turn
      ? {
          role: 'assistant',
          content: null,
          tool_calls: turn.calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: JSON.stringify(c.args) },
          })),
        }
      : { role: 'assistant', content: turn.text };
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created,
    model: 'gpt-stub',
    choices: [
      { index: 0, finish_reason: 'calls' in turn ? 'tool_calls' : 'stop', message, logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** A Responses API response: one `function_call` item per call, or one `message` with the text. */
function response(turn, n, created = 0) {
  const output =
    'calls' in turn
      ? turn.calls.map((c) => ({
          type: 'function_call',
          id: `fc_${c.id}`,
          call_id: c.id,
          name: c.name,
          arguments: JSON.stringify(c.args),
          status: 'completed',
        }))
      : [
          {
            type: 'message',
            id: `msg_${n}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: turn.text, annotations: [] }],
          },
        ];
  return {
    id: `resp_${n}`,
    object: 'response',
    created_at: created,
    status: 'completed',
    model: 'gpt-stub',
    output,
    usage: {
      input_tokens: 10,
      output_tokens: 5,
      total_tokens: 15,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

module.exports = { chatCompletion, response };
