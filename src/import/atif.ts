/** ATIF (Agent Trajectory Interchange Format) trajectories: one event per entry of a step's `tool_calls`. */
import { isPlainObject } from '../py/value.js';
import { Where, isoTimeAt, parseJsonDocument } from './json.js';
import { ExactTime, relativeEvents, type RawEvent } from './time.js';
import type { ImportContext, Importer } from './types.js';
import { importValue, parseEmbeddedJson } from './values.js';

/** Results of a step's observation by `source_call_id`. */
function resultsOf(
  step: Record<string, unknown>,
  where: Where,
  ctx: ImportContext,
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (step['observation'] === undefined || step['observation'] === null) return out;
  const ow = where.at('observation');
  const rw = ow.at('results');
  rw.array(ow.object(step['observation'])['results'] ?? []).forEach((r, i) => {
    const res = rw.at(i).object(r, 'an observation result');
    const id = res['source_call_id'];
    if (typeof id === 'string' && id !== '') out.set(id, importValue(res['content'] ?? null, ctx));
  });
  return out;
}

function parseAtif(text: string, ctx: ImportContext): RawEvent[] {
  const root = new Where(ctx.file);
  const doc = root.object(
    parseJsonDocument(text, ctx.file, ctx.mode),
    'an ATIF trajectory ({"steps": [...]})',
  );
  const sw = root.at('steps');
  const steps = sw.array(doc['steps'], 'an array of steps');
  // Times: the step's ISO 8601 timestamp; if no step with tool calls has one, the step's position.
  const toolSteps = steps
    .map((s, i) => ({ s, i }))
    .filter(
      ({ s }) => isPlainObject(s) && Array.isArray(s['tool_calls']) && s['tool_calls'].length > 0,
    );
  const timed = toolSteps.filter(
    ({ s }) => (s as Record<string, unknown>)['timestamp'] !== undefined,
  );
  const usePosition = timed.length === 0;
  if (!usePosition && timed.length !== toolSteps.length) {
    const untimed = toolSteps.find(
      ({ s }) => (s as Record<string, unknown>)['timestamp'] === undefined,
    )!;
    sw.at(untimed.i, 'timestamp').fail(
      'required: other steps with tool calls have a timestamp, so every one needs one',
    );
  }
  const events: RawEvent[] = [];
  steps.forEach((s, i) => {
    const w = sw.at(i);
    const step = w.object(s, 'a step object');
    if (step['tool_calls'] === undefined || step['tool_calls'] === null) return;
    const cw = w.at('tool_calls');
    const calls = cw.array(step['tool_calls']);
    if (calls.length === 0) return;
    let time: ExactTime;
    if (usePosition) time = new ExactTime(BigInt(i), 0);
    else {
      time = isoTimeAt(w.at('timestamp'), step['timestamp'], '2026-01-20T09:15:00Z');
    }
    const results = resultsOf(step, w, ctx);
    calls.forEach((c, j) => {
      const callW = cw.at(j);
      const call = callW.object(c, 'a tool call object');
      const channel = callW.at('function_name').string(call['function_name']);
      const meta: Record<string, unknown> = {};
      if (step['step_id'] !== undefined) meta['step_id'] = importValue(step['step_id'], ctx);
      let value: unknown = importValue(call['arguments'] ?? null, ctx);
      // ATIF's arguments are an object; a JSON string (as in OpenAI's format) is parsed too.
      if (typeof call['arguments'] === 'string') {
        const r = parseEmbeddedJson(call['arguments'], ctx);
        if (r.ok) value = r.value;
        else meta['argumentsError'] = r.reason;
      }
      const id = call['tool_call_id'];
      if (typeof id === 'string' && id !== '') {
        meta['tool_call_id'] = id;
        if (results.has(id)) meta['result'] = results.get(id);
      }
      events.push({ channel, time, value, meta });
    });
  });
  return events;
}

/** `atif` importer: see `docs/importers.md`. */
export const atifImporter: Importer = {
  name: 'atif',
  description: "ATIF agent trajectories: one event per entry of a step's tool_calls",
  detect(_text, first) {
    if (!isPlainObject(first) || !Array.isArray(first['steps'])) return 0;
    const v = first['schema_version'];
    if (typeof v === 'string' && /^ATIF/i.test(v)) return 1;
    const s0: unknown = (first['steps'] as unknown[])[0];
    return isPlainObject(s0) && 'step_id' in s0 ? 0.7 : 0.3;
  },
  parse(text, ctx) {
    return relativeEvents(parseAtif(text, ctx), ctx.file);
  },
};
