import { describe, expect, it } from 'vitest';
import { reportKindOf } from './reports.js';

describe('reportKindOf', () => {
  it('tells a report by its first keys, not by text anywhere in the head', () => {
    expect(reportKindOf('{\n  "schema_version": 1,\n  "kind": "envtrace-run-report",\n')).toBe(
      'run report',
    );
    expect(reportKindOf('{"kind":"envtrace-run-report","schema_version":1')).toBe('run report');
    expect(
      reportKindOf('{\n  "envtrace_version": "0.1.0",\n  "mode": "default",\n  "full_score": 1.0,'),
    ).toBe('evaluation report');
    // Traces that only mention the words are traces.
    expect(
      reportKindOf(
        '{"events": [{"channel": "log", "timestamp": 0, "value": {"kind": "envtrace-run-report"}}]}',
      ),
    ).toBeUndefined();
    expect(reportKindOf('{"envtrace_version": "0.1.0", "events": []}')).toBeUndefined();
    expect(
      reportKindOf('{"channel": "kind", "timestamp": 0, "value": "envtrace-run-report"}'),
    ).toBeUndefined();
    expect(reportKindOf('')).toBeUndefined();
  });
});
