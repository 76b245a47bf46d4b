import { describe, expect, it } from 'vitest';
import { atifImporter } from './atif.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync } from './read.js';

describe('atif importer', () => {
  it('reads the shared sample: tool calls in step order, then call order, timed by their step', () => {
    const t = loadTraceSync(fixture('atif_trajectory.json'));
    expect(tuples(t.events)).toEqual([
      ['bash', 0, { command: 'pytest -q tests/test_parse.py::test_empty' }],
      ['read_file', 0, { path: 'src/parse.py' }],
      [
        'edit_file',
        5,
        {
          path: 'src/parse.py',
          old: "    parts = s.split(',')\n",
          new: "    if not s:\n        return None, None\n    parts = s.split(',')\n",
        },
      ],
      ['bash', 8, { command: 'pytest -q' }],
    ]);
    expect(t.events[0]!.meta).toEqual({
      step_id: 3,
      tool_call_id: 'toolu_01',
      result: 'E   IndexError: list index out of range\n1 failed in 0.12s',
    });
    expect(t.events[3]!.meta).toEqual({
      step_id: 5,
      tool_call_id: 'toolu_04',
      result: '12 passed in 0.41s',
    });
  });

  it('uses step positions when no step has a timestamp, and parses string arguments', () => {
    const events = atifImporter.parse(
      '{"steps": [{"step_id": 1}, {"step_id": 2, "tool_calls": [{"function_name": "f", "arguments": "{\\"k\\": 1}"}]}, {"step_id": 3, "tool_calls": [{"function_name": "g"}]}]}',
      {},
    );
    expect(tuples(events)).toEqual([
      ['f', 0, { k: 1 }],
      ['g', 1, null],
    ]);
  });

  it('fails on malformed trajectories, naming the JSON path', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/mixed_times.atif.json'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/mixed_times.atif.json: steps[1].timestamp: required: other steps with tool calls have a timestamp, so every one needs one"`,
    );
    expect(
      thrown(() =>
        atifImporter.parse(
          '{"steps": [{"timestamp": "Jan 20", "tool_calls": [{"function_name": "f"}]}]}',
          { file: 'a.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"a.json: steps[0].timestamp: expected an ISO 8601 date-time (2026-01-20T09:15:00Z), got "Jan 20""`,
    );
    expect(
      thrown(() =>
        atifImporter.parse(
          '{"steps": [{"timestamp": "2026-01-20T09:15:00Z", "tool_calls": [{"arguments": {}}]}]}',
          { file: 'a.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"a.json: steps[0].tool_calls[0].function_name: required (a non-empty string)"`,
    );
    expect(
      thrown(() => atifImporter.parse('{"steps": {}}', { file: 'a.json' })).message,
    ).toMatchInlineSnapshot(`"a.json: steps: expected an array of steps, got an object"`);
  });
});
