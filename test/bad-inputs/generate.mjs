#!/usr/bin/env node
/**
 * The big inputs of the bad-input corpus, made at test time instead of committed (each is over
 * ~50 kB; the committed corpus stays small). `generated` maps a case id (its path under
 * `test/bad-inputs/`, the sidecar `<id>.case.json` is committed) to a function making its bytes.
 *
 *   node test/bad-inputs/generate.mjs OUT_DIR   # write them all under OUT_DIR (to look at them)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const K = 1000;

/** `[[[…0…]]]`, `depth` arrays deep. */
const deepArray = (depth) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;
/** `{"a":{"a":…0…}}`, `depth` objects deep. */
const deepObject = (depth) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
/** A one-event trace whose `field` is `valueText`. */
const event = (valueText, field = 'value') =>
  `{"events": [{"channel": "motor:x", "timestamp": 0, ${field === 'value' ? '' : '"value": 1, '}"${field}": ${valueText}}]}\n`;

/** @type {Map<string, () => string | Uint8Array>} */
export const generated = new Map([
  // 10⁴–10⁶-deep nesting (issue 11 §2: a 10 kB file used to crash the evaluator)
  ['deep/value-array-10k.json', () => event(deepArray(10 * K))],
  ['deep/value-array-100k.json', () => event(deepArray(100 * K))],
  ['deep/value-array-1m.json', () => event(deepArray(1000 * K))],
  ['deep/value-object-10k.json', () => event(deepObject(10 * K))],
  ['deep/value-object-100k.json', () => event(deepObject(100 * K))],
  ['deep/meta-object-10k.json', () => event(deepObject(10 * K), 'meta')],
  ['deep/top-array-100k.json', () => deepArray(100 * K)],
  ['deep/top-array-unclosed-1m.json', () => '['.repeat(1000 * K)],
  ['deep/value-mixed-50k.json', () => event(`${'[{"k":'.repeat(25 * K)}0${'}]'.repeat(25 * K)}`)],
  [
    'deep/jsonl-line-array-10k.jsonl',
    () =>
      `{"channel": "a", "timestamp": 0, "value": 1}\n{"channel": "a", "timestamp": 1, "value": ${deepArray(10 * K)}}\n`,
  ],
  ['deep/config-json-10k.json', () => `{"channels": ${deepObject(10 * K)}}\n`],
  ['deep/config-yaml-flow-10k.yaml', () => `channels: ${deepArray(10 * K)}\n`],
  [
    'deep/config-yaml-block-2k.yaml',
    () => `${Array.from({ length: 2 * K }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} 1\n`,
  ],
  [
    'deep/otlp-attribute-10k.otlp.json',
    () =>
      `{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "t", "spanId": "s", "name": "execute_tool a", "startTimeUnixNano": "1", "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}}, {"key": "gen_ai.tool.call.arguments", "value": ${'{"arrayValue": {"values": ['.repeat(5 * K)}{"intValue": "1"}${']}}'.repeat(5 * K)}}]}]}]}]}\n`,
  ],
  // Huge numbers and strings
  ['huge/value-string-2mb.json', () => event(JSON.stringify('x'.repeat(2000 * K)))],
  [
    'huge/channel-name-200k.json',
    () =>
      `{"events": [{"channel": ${JSON.stringify('c'.repeat(200 * K))}, "timestamp": 0, "value": 1}]}\n`,
  ],
  ['huge/integer-100k-digits.json', () => event('9'.repeat(100 * K))],
  [
    'huge/timestamp-100k-digits.json',
    () => `{"events": [{"channel": "a", "timestamp": ${'9'.repeat(100 * K)}, "value": 1}]}\n`,
  ],
  [
    'huge/fraction-100k-digits.json',
    () => `{"events": [{"channel": "a", "timestamp": 0.${'1'.repeat(100 * K)}, "value": 1}]}\n`,
  ],
  ['huge/escapes-string-100k.json', () => event(`"${'\\u001b[31m'.repeat(20 * K)}"`)],
  ['huge/config-yaml-string-1mb.yaml', () => `mode: ${'x'.repeat(1000 * K)}\n`],
  ['huge/csv-field-1mb.csv', () => `channel,timestamp,value\nmotor:x,0,${'7'.repeat(1000 * K)}\n`],
  [
    'huge/csv-unclosed-quote-200k.csv',
    () => `channel,timestamp,value\nmotor:x,0,"${'a,'.repeat(100 * K)}\n`,
  ],
  [
    'huge/camonitor-line-500k.txt',
    () => `XF:PV 2026-01-05 00:00:00.998114 ${'1'.repeat(500 * K)}\n`,
  ],
  // 100,000 fraction digits on an ISO time (issue 26 §1: exact BigInt rescaling ran > 90 s)
  [
    'huge/camonitor-fraction-100k-digits.txt',
    () => `XF:PV 2026-01-05 00:00:00.5 1\nXF:PV 2026-01-05 00:00:01.${'1'.repeat(100 * K)} 2\n`,
  ],
  [
    'huge/atif-fraction-100k-digits.atif.json',
    () =>
      `{"schema_version": "ATIF-v1.4", "steps": [${[`0.5`, `1.${'1'.repeat(100 * K)}`]
        .map(
          (f, i) =>
            `{"step_id": ${i + 1}, "timestamp": "2026-01-20T09:15:0${f}Z", "source": "agent", "tool_calls": [{"tool_call_id": "c${i}", "function_name": "f", "arguments": {}}]}`,
        )
        .join(', ')}]}\n`,
  ],
  // YAML aliases (issue 26 §2: each alias was resolved by a walk of the whole document)
  [
    'huge/yaml-aliases-10001-of-10.yaml',
    () => `a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [${Array(10001).fill('*a').join(', ')}]\n`,
  ],
  [
    'huge/yaml-aliases-4000-strings.yaml',
    () => `ignore_channels: [&a "c", ${Array(4000).fill('*a').join(', ')}]\n`,
  ],
  [
    'huge/yaml-aliases-100001-scalars.yaml',
    () => `ignore_channels: [&a "c", ${Array(100001).fill('*a').join(', ')}]\n`,
  ],
  [
    'huge/many-keys-50k.json',
    () => event(`{${Array.from({ length: 50 * K }, (_, i) => `"k${i}": ${i}`).join(', ')}}`),
  ],
]);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node test/bad-inputs/generate.mjs OUT_DIR\n');
    process.exit(2);
  }
  for (const [id, make] of generated) {
    const file = path.join(out, id);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, make());
  }
  process.stdout.write(`${generated.size} files under ${out}\n`);
}
