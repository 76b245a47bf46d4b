import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { loadEnvtraceFileSync } from '../trace/parse.js';
import { envtraceImporter } from './envtrace.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync } from './read.js';

describe('envtrace importer', () => {
  it('reads events as they are: order and timestamps kept, meta kept', () => {
    const t = loadTraceSync(fixture('edge/envtrace.json'));
    expect(t.events).toEqual([
      { channel: 'motor:x', timestamp: 5, value: 1, meta: { k: 1 } },
      { channel: 'motor:y', timestamp: 1, value: 2 },
    ]);
  });

  it('is loadEnvtraceFile: same events in both modes, same errors', () => {
    for (const mode of ['default', 'reference'] as const) {
      expect(loadTraceSync(fixture('edge/envtrace.json'), { mode }).events).toEqual(
        loadEnvtraceFileSync(fixture('edge/envtrace.json'), { mode }).events,
      );
    }
    expect(
      loadTraceSync(fixture('edge/envtrace.json'), { mode: 'reference' }).events[0]!.value,
    ).toEqual(new PyFloat(1));
    const ours = thrown(() => loadTraceSync(fixture('edge/malformed.envtrace.jsonl')));
    expect(ours).toEqual(
      thrown(() => loadEnvtraceFileSync(fixture('edge/malformed.envtrace.jsonl'))),
    );
    expect(ours.message).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed.envtrace.jsonl:2: timestamp: expected a finite number"`,
    );
    expect(thrown(() => loadTraceSync('nope/missing.json'))).toEqual(
      thrown(() => loadEnvtraceFileSync('nope/missing.json')),
    );
  });

  it('reads JSON Lines and bare arrays', () => {
    expect(
      tuples(
        envtraceImporter.parse(
          '{"channel": "a", "timestamp": 2, "value": 1}\n{"channel": "b", "timestamp": 1, "value": 2}\n',
          {},
        ),
      ),
    ).toEqual([
      ['a', 2, 1],
      ['b', 1, 2],
    ]);
    expect(envtraceImporter.parse('[]', {})).toEqual([]);
  });
});
