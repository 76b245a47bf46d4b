/**
 * `envtrace-js/openai-agents`: live capture of `@openai/agents` tool calls, no export step.
 * `@openai/agents` traces through its own `TracingProcessor` interface (not OpenTelemetry):
 * register the capture with `addTraceProcessor(capture)`, run the agent, check `capture.events`.
 *
 * The capture keeps what the SDK's `BatchTraceProcessor` hands its exporter, in the same order:
 * each trace's `toJSON()` when it starts, each span's `toJSON()` when it ends (the objects the
 * `OpenAITracingExporter` sends as `{"data": [...]}`). The events come from the mapping of the
 * `openai-agents` importer (`agentsTraceEvents`), so a capture gives the events an import of the
 * same run's export gives. Typed structurally: no import of the SDK, which stays the user's.
 */
import { Where } from './import/json.js';
import { agentsTraceEvents } from './import/openai-agents-trace.js';
import { relativeEvents } from './import/time.js';
import type { ImportWarning } from './import/warnings.js';
import type { TraceEvent } from './trace/types.js';

export type { ImportWarning } from './import/warnings.js';

/** What the capture reads of the SDK's `Trace` and `Span` objects (both have `toJSON()`). */
export interface AgentsTraceItem {
  /** The item as the SDK exports it; `null` for the SDK's no-op traces and spans (skipped). */
  toJSON(): object | null;
}

/** Options of `createAgentsCapture`. */
export interface AgentsCaptureOptions {
  /** Values as `parseTrace` reads them: `"reference"` keeps Python number kinds. @default "default" */
  readonly mode?: 'default' | 'reference' | undefined;
}

/**
 * An `@openai/agents` `TracingProcessor` (structurally, as of `@openai/agents-core` 0.11) that
 * keeps the finished spans. Memory: one exported object per trace and span, O(items).
 */
export interface AgentsCapture {
  /**
   * The tool calls of the spans finished so far, as trace events: one per `function` span,
   * ordered by start, times in seconds from the first call, the calls of one model response in
   * one `meta.parallel_group` (see the `openai-agents` importer). Computed on each read,
   * O(n log n) for n items. A malformed span is a `TraceError` naming it (`data[3].span_data.name: …`).
   */
  readonly events: TraceEvent[];
  /** The spans not read as tool calls (hand-offs, guardrails, custom spans, …), one warning each; computed on each read. */
  readonly warnings: ImportWarning[];
  /**
   * The captured items as the SDK's exporter sends them (the `data` of its `{"data": [...]}`
   * body, before the exporter's truncation of long inputs and outputs): written as
   * `JSON.stringify({data})`, a file the `openai-agents` importer reads.
   */
  readonly data: readonly object[];
  /** Forget every captured trace and span (between tests). */
  clear(): void;
  onTraceStart(trace: AgentsTraceItem): Promise<void>;
  onTraceEnd(trace: AgentsTraceItem): Promise<void>;
  onSpanStart(span: AgentsTraceItem): Promise<void>;
  onSpanEnd(span: AgentsTraceItem): Promise<void>;
  forceFlush(): Promise<void>;
  shutdown(timeout?: number): Promise<void>;
}

/** Errors name the items as the export's `data` array. */
const FILE = '@openai/agents capture';

/**
 * A live capture of `@openai/agents` tool calls; register it with `addTraceProcessor(capture)`
 * (or `setTraceProcessors([capture])`) from `@openai/agents`.
 */
export function createAgentsCapture(options: AgentsCaptureOptions = {}): AgentsCapture {
  let items: object[] = [];
  const keep = (item: AgentsTraceItem): Promise<void> => {
    // Only the SDK's own toJSON() runs here (inside the agent's span.end()); the reading happens
    // when `events` is, so a malformed span fails the test that reads it, not the agent.
    const json = item.toJSON();
    if (json !== null) items.push(json);
    return Promise.resolve();
  };
  const read = (): { events: TraceEvent[]; warnings: ImportWarning[] } => {
    const warnings: ImportWarning[] = [];
    const ctx = { file: FILE, mode: options.mode, warn: (w: ImportWarning) => warnings.push(w) };
    const { events } = agentsTraceEvents(items, new Where(FILE, ['data']), ctx);
    return { events: relativeEvents(events, FILE), warnings };
  };
  return {
    get events() {
      return read().events;
    },
    get warnings() {
      return read().warnings;
    },
    get data() {
      return [...items];
    },
    clear() {
      items = [];
    },
    onTraceStart: keep,
    onTraceEnd: () => Promise.resolve(),
    onSpanStart: () => Promise.resolve(),
    onSpanEnd: keep,
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}
