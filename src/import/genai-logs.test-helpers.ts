/**
 * Test helper (not part of the package): runs `test/fixtures/producers/openai-instrumentation-logs.cjs`,
 * the OpenAI SDK under `@opentelemetry/instrumentation-openai` (pinned devDependencies) against a
 * stub server on 127.0.0.1, in a process of its own (the instrumentation patches `openai` through
 * CommonJS require hooks, which Vitest's module loader does not go through).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One call the script made, with what the tool returned (an error as `Error: …` text). */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly result: string;
}

/** What the run left: the OTLP/JSON logs and spans documents, and the calls made. */
export interface InstrumentedRun {
  readonly logs: { readonly resourceLogs: unknown[] };
  readonly spans: { readonly resourceSpans: unknown[] };
  readonly calls: readonly ScriptedCall[];
}

const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/producers/openai-instrumentation-logs.cjs',
);

/**
 * Run the instrumented tool loop once, on Chat Completions (`gen_ai.choice` events) or on the
 * Responses API (`gen_ai.client.inference.operation.details` events); `no-content` leaves
 * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT` unset, the instrumentation's default.
 */
export function runInstrumentedOpenAI(
  api: 'chat' | 'responses',
  content: 'captured' | 'no-content' = 'captured',
): InstrumentedRun {
  return JSON.parse(
    execFileSync(process.execPath, [SCRIPT, api, content], { encoding: 'utf8', timeout: 60_000 }),
  ) as InstrumentedRun;
}
