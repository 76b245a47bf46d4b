/**
 * `envtrace-js/otel`: live capture of agent tool calls from OpenTelemetry, no export step. Register
 * the capture as a `SpanProcessor`, run the agent, check `capture.events`. The span-to-call mapping
 * is the one of the `otlp` and `openinference` importers (`src/import/tool-spans.ts`), so a live
 * capture gives the events an import of the same spans' OTLP/JSON export gives.
 */
import { liveToolSpan, type FinishedSpan } from './import/live-spans.js';
import { relativeEvents } from './import/time.js';
import {
  TOOL_SPAN_KEYS,
  toolCallEvents,
  type ToolConvention,
  type ToolSpan,
} from './import/tool-spans.js';
import type { TraceEvent } from './trace/types.js';

export type { FinishedSpan, HrTime } from './import/live-spans.js';
export type { ToolConvention } from './import/tool-spans.js';

/** Options of `createSpanCapture`. */
export interface SpanCaptureOptions {
  /**
   * The telemetry conventions read (a span is read by the first that claims it):
   * `'traceloop'` (OpenLLMetry/Traceloop tool spans, `traceloop.entity.*`), `'genai'`
   * (OpenTelemetry GenAI `execute_tool` spans), `'ai-sdk'` (Vercel AI SDK `ai.toolCall` spans),
   * `'openinference'` (spans of kind `TOOL`).
   * @default ['traceloop', 'genai', 'ai-sdk', 'openinference']
   */
  readonly conventions?: readonly ToolConvention[] | undefined;
  /** Values as `parseTrace` reads them: `"reference"` keeps Python number kinds. @default "default" */
  readonly mode?: 'default' | 'reference' | undefined;
}

/**
 * An OpenTelemetry `SpanProcessor` (structurally: SDK 1.x and 2.x) that keeps the finished tool
 * spans and their model-step spans. Memory: only the spans that carry a tool or step attribute
 * are kept, O(kept spans).
 */
export interface SpanCapture {
  /**
   * The tool calls of the finished spans so far, as trace events (ordered by start, times in
   * seconds from the first call, parallel calls of one model step in one `meta.parallel_group`).
   * Computed on each read. A malformed tool span is a `TraceError` naming the span.
   */
  readonly events: TraceEvent[];
  /** Forget every captured span (between tests). */
  clear(): void;
  onStart(): void;
  onEnd(span: FinishedSpan): void;
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

const ALL: readonly ToolConvention[] = ['traceloop', 'genai', 'ai-sdk', 'openinference'];

/** A live capture of tool calls; register it with the tracer provider (`spanProcessors: [capture]`). */
export function createSpanCapture(options: SpanCaptureOptions = {}): SpanCapture {
  const conventions = options.conventions ?? ALL;
  const ctx = { mode: options.mode };
  let spans: ToolSpan[] = [];
  return {
    get events() {
      return relativeEvents(toolCallEvents(spans, conventions, ctx));
    },
    clear() {
      spans = [];
    },
    onStart() {},
    onEnd(span) {
      // No reading beyond the key check here: onEnd runs inside the agent's span.end(), and a
      // malformed span must fail the test that reads `events`, not the agent.
      if (TOOL_SPAN_KEYS.some((k) => span.attributes[k] !== undefined))
        spans.push(liveToolSpan(span, ctx));
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}
