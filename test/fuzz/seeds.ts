/** Valid documents the fuzz tests mutate: the importer fixtures, small envtrace traces and configs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const importDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/import');
const read = (rel: string): string => readFileSync(path.join(importDir, rel), 'utf8');

/** Valid envtrace JSON documents (both shapes, with meta, Python-style numbers). */
export const TRACE_JSON: readonly string[] = [
  '{"events": [{"channel": "motor:x", "timestamp": 0, "value": 0}, {"channel": "det:Acquire", "timestamp": 1.5, "value": 1}]}',
  '[{"channel": "a", "timestamp": 0.0, "value": {"k": [1, 2.0, "s"]}, "meta": {"m": true}}, {"channel": "b", "timestamp": 2, "value": null}]',
  '{"schema_version": "1", "events": [{"channel": "a", "timestamp": 1e-3, "value": 18446744073709551617}], "meta": {"run": 1}}',
  read('edge/envtrace.json'),
];

/** Valid envtrace JSON Lines documents. */
export const TRACE_JSONL: readonly string[] = [
  '{"channel": "a", "timestamp": 0, "value": 1}\n{"channel": "b", "timestamp": 1, "value": [1, 2]}\n',
  '{"channel": "a", "timestamp": 0, "value": "x", "meta": {"k": 1}}\r\n{"channel": "a", "timestamp": 0.5, "value": -0.0}\r\n',
];

/** Valid documents of every importer, by importer name. */
export const IMPORTER_SEEDS: Readonly<Record<string, readonly string[]>> = {
  envtrace: [...TRACE_JSON, ...TRACE_JSONL],
  csv: [
    'channel,timestamp,value\nmotor:x,0.1,1\nmotor:y,0.2,"a,b"\n',
    // Spaces around fields, Excel's sep= line, and a pandas to_csv() row index (csv.test.ts).
    'timestamp, channel, value\n0.5, mono:energy , 8980.0\n1.0, shutter:cmd, " open"\n',
    'sep=;\r\ntimestamp;channel;value\r\n0,0;shutter:cmd;open\r\n0,5;mono:energy;8980,5\r\n',
    ',timestamp,channel,value\n0,0.0,shutter:cmd,open\n1,0.5,mono:energy,8980.0\n',
    read('edge/out_of_order.csv'),
    read('edge/bom_crlf.csv'),
    // Exported by LibreOffice Calc 7.4 (test/support/libreoffice.ts) in en_US with its default
    // date-time format, and in de_DE, ;-separated, with a format showing hundredths; saved as written.
    read('edge/libreoffice_en_US.csv'),
    read('edge/libreoffice_de_DE.csv'),
  ],
  // A logger's own keys (records.test.ts): written by Python's json.dumps (NaN, Infinity), and a
  // JSON array with other known key names.
  records: [
    read('edge/python_logger.jsonl'),
    '[{"time": 0.5, "name": "mono:energy", "val": 8980.0}, {"time": 1.0, "name": "shutter", "val": "open"}]',
  ],
  otlp: [
    read('otel_genai_agent.otlp.json'),
    read('edge/huge_ns.otlp.json'),
    // Logs written by `@opentelemetry/instrumentation-openai` 0.21.0
    // (test/fixtures/producers/openai-instrumentation-logs.cjs chat), saved as it printed them.
    read('openai_instrumentation.logs.otlp.json'),
  ],
  openinference: [read('openinference_spans.otlp.json')],
  atif: [read('atif_trajectory.json')],
  openai: [read('agentevals_messages.json'), read('edge/timed.openai.json')],
  // Written by the real SDK (`@openai/agents-openai` 0.11.2's exporter, see
  // src/import/openai-agents-trace.test-helpers.ts) and saved as it was POSTed.
  'openai-agents': [read('openai_agents_trace.json')],
  // Written by the Claude Code CLI 2.0.30 (src/import/claude-code.test-helpers.ts): a session's
  // transcript and its stream-json output, saved as written.
  'claude-code': [read('claude_code_session.jsonl'), read('claude_code_stream.jsonl')],
  bluesky: [read('bluesky_documents.jsonl'), read('edge/event_page.bluesky.jsonl')],
  camonitor: [read('epics_camonitor.txt'), read('edge/out_of_order.camonitor.txt')],
  rosbag2: [
    read('rosbag2_run/messages.decoded.jsonl').split('\n').slice(0, 6).join('\n'),
    read('edge/huge_ns.rosbag2.jsonl'),
  ],
};

/** Every importer seed, for auto-detection. */
export const ALL_TRACE_SEEDS: readonly string[] = Object.values(IMPORTER_SEEDS).flat();

/** Valid JSON configs. */
export const CONFIG_JSON: readonly string[] = [
  '{}',
  '{"mode": "default", "aliases": {"m:x": "motor:x"}, "ignore_channels": ["det:AcquireTime"], "aligner": "nw"}',
  '{"comparators": {"default": {"type": "numeric_tolerance", "tol": 0.001}, "by_channel": {"det:Acquire": {"type": "exact"}, "tool:args": {"type": "deep", "match": "subset", "tol": 1e-6}}}, "abs_tol": 0}',
  '{"timing": {"r2_thresh": 0.9, "slope_lo": 0.8, "slope_hi": 1.2, "dur_tol": 0.25, "mape_tol": 1.0}, "continuous_channels": {"stage:temp": {"mae_scale": 15, "final_scale": 15, "mae_thresh": 5, "final_thresh": 5, "weight": 1}}, "aggregation": {"weights": {"discrete": 0.6, "timing": 0.2, "continuous": 0.2}}, "decision": {"require_discrete_exact": true, "timing_metric_name": "timing", "required_metrics": []}}',
  '{"mode": "reference", "aligner": {"name": "nw", "match": 0, "mismatch": 2, "gap_open": 1, "gap_extend": 1}, "include_structure": false}',
];

/** Valid YAML configs. */
export const CONFIG_YAML: readonly string[] = [
  'mode: default\naliases:\n  "XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr": motor:x\nignore_channels: [det:AcquireTime]\naligner: difflib\n',
  'comparators:\n  default: {type: numeric_tolerance, tol: 1.0e-3}\n  by_channel:\n    det:Acquire: {type: exact}\n    log:step: {type: always_true}\n    tool:args: {type: deep, match: subset, tol: 1.0e-6}\nabs_tol: 0\n',
  'timing: {r2_thresh: 0.9, slope_lo: 0.8, slope_hi: 1.2, dur_tol: 0.25, mape_tol: 1.0}\ncontinuous_channels:\n  stage:temp: {mae_scale: 15, final_scale: 15, mae_thresh: 5, final_thresh: 5, weight: 1}\ninclude_structure: true\naggregation:\n  weights: {discrete: 0.6, timing: 0.2, continuous: 0.2}\n',
  'base: &c {type: exact}\ncomparators:\n  by_channel:\n    a: *c\n    b: *c\n',
];
