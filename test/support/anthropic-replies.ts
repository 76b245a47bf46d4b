/**
 * The body a stub Anthropic Messages API answers with (test support, not part of the package): one
 * assistant `Message` as `client.messages.create()` parses it. Its `stop_reason` follows its
 * content: `tool_use` when a block asks for a tool, else `end_turn`.
 */
export function anthropicReply(
  content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>,
  n = 1,
  usage = { input_tokens: 1, output_tokens: 1 },
): Record<string, unknown> {
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-stub',
    content,
    stop_reason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage,
  };
}

/** A content block a scripted Anthropic model gives (text, or a call of a tool). */
export type AnthropicBlock =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool_use';
      readonly id: string;
      readonly name: string;
      readonly input: Record<string, unknown>;
    };

/** How a stub streams a turn: what its `message_start` and `message_delta` say, and how. */
export interface AnthropicStreamOptions {
  readonly id: string;
  readonly model: string;
  readonly inputTokens: number;
  /** `message_delta`'s `usage.output_tokens`. */
  readonly outputTokens: number;
  /** A `ping` after `message_start`, as the API sends one. */
  readonly ping: boolean;
  /** The `partial_json` fragments of a call's arguments (default: the whole JSON at once). */
  readonly split?: (json: string) => readonly string[];
}

/**
 * The server-sent events of one assistant turn as the Messages API streams it (`message_start`,
 * each block's start, deltas and stop, `message_delta` with the stop reason, `message_stop`):
 * `[event name, data]` pairs, for `ServerSentEvents`.
 */
export function anthropicStreamEvents(
  content: readonly AnthropicBlock[],
  o: AnthropicStreamOptions,
): Array<readonly [string, unknown]> {
  const events: Array<readonly [string, unknown]> = [];
  const ev = (type: string, data: Record<string, unknown>) =>
    events.push([type, { type, ...data }]);
  ev('message_start', {
    message: {
      id: o.id,
      type: 'message',
      role: 'assistant',
      model: o.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: o.inputTokens, output_tokens: 1 },
    },
  });
  if (o.ping) ev('ping', {});
  content.forEach((b, index) => {
    if (b.type === 'text') {
      ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
      ev('content_block_delta', { index, delta: { type: 'text_delta', text: b.text } });
    } else {
      ev('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} },
      });
      const json = JSON.stringify(b.input);
      for (const partial_json of o.split?.(json) ?? [json])
        ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    ev('content_block_stop', { index });
  });
  const stop = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  ev('message_delta', {
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: o.outputTokens },
  });
  ev('message_stop', {});
  return events;
}
