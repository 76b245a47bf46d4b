import { describe, expect, it } from 'vitest';
import {
  OSLO_ERROR,
  SCRIPTED_STEPS,
  TOOL_RESULTS,
  runLangChainAgent,
  withErrorToolMessage,
} from './langchain.test-helpers.js';
import { createSpanCapture } from '../otel.js';
import { detectFormat } from './registry.js';
import { parseTrace, type ImportedTrace } from './read.js';
import { importFileSync } from './read.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('otlp importer: LangChain.js traced by OpenLLMetry (@traceloop/instrumentation-langchain 0.27.0, real run)', () => {
  it('reads the tools names, arguments and results from traceloop.entity.*', async () => {
    const { otlpJson } = await runLangChainAgent('traceloop');
    expect(detectFormat(otlpJson).name).toBe('otlp');
    const events = parseTrace(otlpJson).events;
    const calls = SCRIPTED_STEPS.flat();
    expect(events.map((e) => e.value)).toEqual(calls.map((c) => c.args));
    // The spans name LangChain's class (execute_tool DynamicStructuredTool); the name comes from
    // the ToolMessage the tool returned. A tool that threw returned none: its class name stays.
    expect(events.map((e) => e.channel)).toEqual([
      'get_weather',
      'get_time',
      'DynamicStructuredTool',
    ]);
    for (const [i, c] of calls.entries()) {
      const meta = events[i]!.meta!;
      expect(meta['name']).toBe('execute_tool DynamicStructuredTool');
      if (c.id in TOOL_RESULTS) {
        expect(meta).toMatchObject({ toolCallId: c.id, result: TOOL_RESULTS[c.id], status: 'OK' });
        expect(meta).not.toHaveProperty('resultStatus');
      } else {
        expect(meta).not.toHaveProperty('result');
        expect(meta).toMatchObject({
          status: 'ERROR',
          statusMessage: OSLO_ERROR,
          errorType: 'Error',
        });
      }
    }
  });

  it('a ToolMessage with status "error" gives resultStatus "error", next to its result', async () => {
    const { otlpJson } = await runLangChainAgent('traceloop');
    const marked = withErrorToolMessage(otlpJson, 'traceloop.entity.output', 'call-1');
    const events = parseTrace(marked).events;
    expect(events[0]!.meta).toMatchObject({
      toolCallId: 'call-1',
      result: TOOL_RESULTS['call-1'],
      resultStatus: 'error',
    });
    expect(events[1]!.meta).not.toHaveProperty('resultStatus');
  });

  it('warns about the call it cannot name (one line, the span path)', async () => {
    const { otlpJson } = await runLangChainAgent('traceloop');
    const dir = mkdtempSync(path.join(tmpdir(), 'envtrace-traceloop-'));
    const file = path.join(dir, 'run.otlp.json');
    writeFileSync(file, otlpJson);
    const imported: ImportedTrace = importFileSync(file);
    expect(imported.warnings).toHaveLength(1);
    expect(imported.warnings[0]).toMatchObject({ code: 'unnamed-tool', file });
    expect(imported.warnings[0]!.path).toMatch(
      /^resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[\d+\]$/,
    );
    expect(imported.warnings[0]!.message).toContain('"DynamicStructuredTool"');
  });

  it('the live capture (envtrace-js/otel) gives what the import gives', async () => {
    const capture = createSpanCapture();
    const { otlpJson } = await runLangChainAgent('traceloop', [capture]);
    expect(capture.events.map((e) => e.channel)).toEqual([
      'get_weather',
      'get_time',
      'DynamicStructuredTool',
    ]);
    expect(capture.events).toEqual(parseTrace(otlpJson).events);
  });
});
