/**
 * Running an agent against the recorded tools: `createRecorder` tracks the toolbox, so every
 * tool call is an event (channel = the tool's name, value = its argument list) with the
 * simulated time of the call.
 */
import { createRecorder, type TraceEvent } from 'envtrace-js';
import { SimClock, TravelTools } from './tools.js';

/** A tool call as `toFollowTrajectory` reads it. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: unknown;
}

export interface AgentRun {
  /** The raw recorded events (value = the argument list `[args]`). */
  readonly events: readonly TraceEvent[];
  /** The tool calls, `{name, arguments}` (each tool takes one arguments object). */
  readonly calls: readonly ToolCall[];
  /** The events with value = the arguments object: comparable with an imported OTLP trace. */
  readonly toolEvents: readonly TraceEvent[];
}

/** Run `agent` with a fresh toolbox, recording its tool calls. */
export function recordAgent(agent: (tools: TravelTools, clock: SimClock) => void): AgentRun {
  const clock = new SimClock();
  // Only method calls are events, named after the tool (`search_flights`, not `tools.search_flights`).
  // A trajectory judges the calls' arguments: record them alone (the tools' results go to meta).
  const recorder = createRecorder({
    calls: 'args',
    clock: () => clock.now,
    start: 0,
    name: (op) => (op.kind === 'call' ? op.path.join('.') : null),
  });
  agent(recorder.track(new TravelTools()), clock);
  const events = [...recorder.events];
  const toolEvents = events.map((e) => ({ ...e, value: (e.value as unknown[])[0] }));
  return {
    events,
    calls: toolEvents.map((e) => ({ name: e.channel, arguments: e.value })),
    toolEvents,
  };
}
