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
