import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { blueskyImporter } from './bluesky.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync } from './read.js';

describe('bluesky importer', () => {
  it('reads the shared sample: one event per data key, timed by its own timestamp', () => {
    const t = loadTraceSync(fixture('bluesky_documents.jsonl'));
    expect(t.length).toBe(9);
    expect(t.events[0]).toEqual({
      channel: 'smx_user_setpoint',
      timestamp: 0,
      value: -1,
      meta: {
        descriptor: '0a9d1c77-3e52-4f7b-8d2e-5b6f9e1c2d3a',
        stream: 'primary',
        seq_num: 1,
        source: 'PV:XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.VAL',
        uid: 'e1f0a001-0000-4000-8000-000000000001',
      },
    });
    // Exact decimal differences: 1767571201.203 - 1767571200.998 is 0.205, not 0.20499992….
    expect(tuples(t.events).slice(1, 5)).toEqual([
      ['smx', 0.205, -1],
      ['pil2M_stats1_total', 0.511, 15234],
      ['smx_user_setpoint', 1.522, 0],
      ['smx', 1.733, 0],
    ]);
    expect(tuples(t.events)[8]).toEqual(['pil2M_stats1_total', 3.588, 14102]);
  });

  it('keeps float kinds in reference mode', () => {
    const t = loadTraceSync(fixture('bluesky_documents.jsonl'), { mode: 'reference' });
    expect(t.events[0]!.value).toEqual(new PyFloat(-1));
    expect(t.events[2]!.value).toBe(15234);
  });

  it('expands event pages row by row, in time order', () => {
    const t = loadTraceSync(fixture('edge/event_page.bluesky.jsonl'));
    expect(tuples(t.events)).toEqual([
      ['x', 0, 2],
      ['y', 0.25, 'b'],
      ['x', 1, 1],
      ['y', 1.25, 'a'],
    ]);
    expect(t.events[0]!.meta).toEqual({
      descriptor: 'd1',
      stream: 'baseline',
      seq_num: 2,
      source: 'PV:X',
      uid: 'u2',
    });
  });

  it('fails on malformed documents, naming file, line and path', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/unknown_descriptor.bluesky.jsonl'))).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/unknown_descriptor.bluesky.jsonl:2: [1].descriptor: no descriptor document with uid "nope" comes before this event"`,
    );
    const desc = '["descriptor", {"uid": "d", "data_keys": {}}]\n';
    expect(
      thrown(() =>
        blueskyImporter.parse(
          `${desc}["event", {"descriptor": "d", "data": {"x": 1}, "timestamps": {}}]\n`,
          { file: 'b.jsonl' },
        ),
      ).message,
    ).toMatchInlineSnapshot(`"b.jsonl:2: [1].timestamps.x: required (epoch seconds)"`);
    expect(
      thrown(() => blueskyImporter.parse(`${desc}["evnt", {}]\n`, { file: 'b.jsonl' })).message,
    ).toMatchInlineSnapshot(
      `"b.jsonl:2: [0]: unknown document name "evnt" (expected one of start, descriptor, event, event_page, stop, resource, datum, datum_page, stream_resource, stream_datum)"`,
    );
    expect(
      thrown(() => blueskyImporter.parse(`${desc}{"name": "event"}\n`, { file: 'b.jsonl' }))
        .message,
    ).toMatchInlineSnapshot(`"b.jsonl:2: expected a [name, document] pair, got an object"`);
    expect(
      thrown(() =>
        blueskyImporter.parse(
          `${desc}["event_page", {"descriptor": "d", "seq_num": [1], "data": {"x": [1, 2]}, "timestamps": {"x": [1]}}]\n`,
          { file: 'b.jsonl' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"b.jsonl:2: [1].timestamps.x: expected 2 timestamps (one per event of the page)"`,
    );
  });
});
