import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { blueskyImporter } from './bluesky.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { importFileChunked, importFileSync, importFileSyncChunked, loadTraceSync } from './read.js';
import { formatWarning } from './warnings.js';

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
    ).toMatchInlineSnapshot(
      `"b.jsonl:2: expected a [name, document] pair or a {name, doc} object, got an object"`,
    );
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

  // The fixtures are written by hand after event-model's JSON schemas (1.19+: `stream_resource`
  // with data_key, mimetype, uri, parameters; `stream_datum` with half-open `indices` and
  // `seq_nums`), as an ophyd-async detector's fly scan emits them: event-model (Python) is not
  // installable here.
  it('reports external stream data it cannot read, and fails naming the documents found', () => {
    const file = fixture('bluesky_stream_resource.jsonl');
    const warnings: string[] = [];
    expect(
      thrown(() =>
        blueskyImporter.parse(readFileSync(file, 'utf8'), {
          file,
          warn: (w) => warnings.push(formatWarning(w)),
        }),
      ).message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/bluesky_stream_resource.jsonl: no events: 19 Bluesky documents (start, descriptor ×2, stream_resource, stream_datum ×14, stop), no event documents; the data of "det" (application/x-hdf5) is external (stream_resource / stream_datum), which envtrace cannot read"`,
    );
    expect(warnings).toMatchInlineSnapshot(`
      [
        "test/fixtures/import/bluesky_stream_resource.jsonl:4: [1]: "det": 14 stream_datum documents (frames 0–13, seq_num 1–14) point into external data (application/x-hdf5) at "file://localhost/tmp/fly/det.h5", which envtrace cannot read: not imported (unmapped-record)",
      ]
    `);
  });

  it('imports the events of a run whose detector data is external, with a warning', () => {
    const lines = readFileSync(fixture('bluesky_stream_resource.jsonl'), 'utf8').split('\n');
    // The motor positions as event documents of the same descriptor (seq_num 1 and 2).
    const event = (seq: number, x: number) =>
      JSON.stringify([
        'event',
        {
          uid: `e${seq}`,
          descriptor: '1a2b3c4d-0000-4000-8000-00000000d001',
          seq_num: seq,
          time: 1767571201 + seq,
          data: { x },
          timestamps: { x: 1767571201 + seq },
        },
      ]);
    const text = [...lines.slice(0, 5), event(1, 0.5), event(2, 1), ...lines.slice(5)].join('\n');
    const warnings: string[] = [];
    const events = blueskyImporter.parse(text, {
      warn: (w) => warnings.push(`${w.code} ${w.line}`),
    });
    expect(tuples(events)).toEqual([
      ['x', 0, 0.5],
      ['x', 1, 1],
    ]);
    expect(warnings).toEqual(['unmapped-record 4']);
  });

  it("reads databroker's test documents: a JSON array of {name, doc}, detected by content", () => {
    const r = importFileSync(fixture('bluesky_name_doc.json'));
    expect(r.format).toBe('bluesky');
    expect(r.warnings).toEqual([]);
    expect(r.trace.events).toEqual(loadTraceSync(fixture('bluesky_documents.jsonl')).events);
    // The same with --format bluesky, and as one line, and as [name, doc] pairs.
    const docs = JSON.parse(readFileSync(fixture('bluesky_name_doc.json'), 'utf8')) as Array<{
      name: string;
      doc: unknown;
    }>;
    for (const text of [
      JSON.stringify(docs, null, 2),
      JSON.stringify(docs),
      JSON.stringify(docs.map((d) => [d.name, d.doc])),
      docs.map((d) => JSON.stringify(d)).join('\n'),
    ])
      expect(blueskyImporter.parse(text, {})).toEqual(r.trace.events);
  });

  it('locates errors inside a JSON array of documents', () => {
    expect(
      thrown(() =>
        blueskyImporter.parse(
          '[\n  {"name": "descriptor", "doc": {"uid": "d"}},\n  {"name": "event", "doc": {"descriptor": "x"}}\n]\n',
          { file: 'docs.json' },
        ),
      ).message,
    ).toMatchInlineSnapshot(
      `"docs.json: [1].doc.descriptor: no descriptor document with uid "x" comes before this event"`,
    );
    expect(
      thrown(() =>
        blueskyImporter.parse('[\n  {"name": "start", "doc": {}\n]\n', { file: 'docs.json' }),
      ).message,
    ).toMatchInlineSnapshot(`"docs.json:3:1: Unexpected character ']' (expected ',' or '}')"`);
  });

  it('reads a JSON array of documents streamed line by line (--format bluesky, large file)', async () => {
    const file = fixture('bluesky_name_doc.json');
    const whole = importFileSync(file).trace.events;
    const chunks = { head: 64, chunk: 7 };
    expect(importFileSyncChunked(file, { format: 'bluesky' }, chunks).trace.events).toEqual(whole);
    expect((await importFileChunked(file, { format: 'bluesky' }, chunks)).trace.events).toEqual(
      whole,
    );
    // The no-events error is the same streamed (auto-detected) as read whole.
    const sr = fixture('bluesky_stream_resource.jsonl');
    expect(thrown(() => importFileSyncChunked(sr, {}, chunks)).message).toBe(
      thrown(() => importFileSync(sr)).message,
    );
  });

  // Pre-1.19 external data, as an area detector's event reads unfilled: the key's data_keys
  // entry says `external: 'FILESTORE:'` and the event holds the datum id.
  it('skips unfilled external values (datum ids) with one warning per key', () => {
    const desc = JSON.stringify([
      'descriptor',
      {
        uid: 'd',
        name: 'primary',
        data_keys: {
          x: { source: 'PV:X', dtype: 'number', shape: [] },
          img: { source: 'PV:IMG', dtype: 'array', shape: [8, 8], external: 'FILESTORE:' },
        },
      },
    ]);
    const ev = (seq: number, withX: boolean) =>
      JSON.stringify([
        'event',
        {
          uid: `e${seq}`,
          descriptor: 'd',
          seq_num: seq,
          data: { ...(withX ? { x: seq } : {}), img: `res/${seq}` },
          timestamps: { ...(withX ? { x: 10 + seq } : {}), img: 10 + seq },
        },
      ]);
    const warnings: string[] = [];
    const events = blueskyImporter.parse([desc, ev(1, true), ev(2, true)].join('\n'), {
      file: 'b.jsonl',
      warn: (w) => warnings.push(formatWarning(w)),
    });
    expect(tuples(events)).toEqual([
      ['x', 0, 1],
      ['x', 1, 2],
    ]);
    expect(warnings).toMatchInlineSnapshot(`
      [
        "b.jsonl:2: [1].data.img: "img": 2 values are datum ids pointing into external data (FILESTORE:), not readings: not imported (export the run filled: run.documents(fill='yes')) (unmapped-record)",
      ]
    `);
    expect(
      thrown(() => blueskyImporter.parse([desc, ev(1, false)].join('\n'), { file: 'b.jsonl' }))
        .message,
    ).toMatchInlineSnapshot(
      `"b.jsonl: no events: 2 Bluesky documents (descriptor, event), their event data all datum ids of external data ("img"; export the run filled)"`,
    );
  });
});
