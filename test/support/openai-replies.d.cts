/** Types of `openai-replies.cjs` (see there). */

/** One tool call the scripted model makes. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** One model turn: tool calls (in one response), or the answer. */
export type ScriptedTurn = { readonly calls: readonly ScriptedCall[] } | { readonly text: string };

export function chatCompletion(turn: ScriptedTurn, n: number, created?: number): unknown;
export function response(turn: ScriptedTurn, n: number, created?: number): unknown;
