import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { camonitorImporter } from './camonitor.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { loadTraceSync } from './read.js';

describe('camonitor importer', () => {
  it('reads the shared sample: PV names as written, numbers, strings, alarm words', () => {
    const t = loadTraceSync(fixture('epics_camonitor.txt'), { format: 'camonitor' });
    expect(t.length).toBe(9);
    expect(tuples(t.events).slice(0, 2)).toEqual([
      ['XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.VAL', 0, -1],
      ['XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr.DMOV', 0.004187, 0],
    ]);
    expect(tuples(t.events)[5]).toEqual([
      'XF:11BMB-ES{Det:PIL2M}:cam1:Acquire',
      0.221973,
      'Acquire',
    ]);
    expect(t.events[5]!.meta).toEqual({});
    expect(t.events[8]).toEqual({
      channel: 'XF:11BMB-ES{Env:01-Chan:A}T:C-I',
      timestamp: 6.501886,
      value: 25.31,
      meta: { severity: 'MINOR', status: 'HIGH' },
    });
  });

  it('orders by time, skips connection notices, reads arrays and keeps inner spacing', () => {
    const t = loadTraceSync(fixture('edge/out_of_order.camonitor.txt'));
    expect(tuples(t.events)).toEqual([
      ['XF:MSG', 0, 'hello  world'],
      ['XF:WF', 1.000001, [1, 2, 3]],
      ['XF:M1.VAL', 1.500001, 1.5],
      ['XF:M1.VAL', 2.000001, 2],
      ['XF:T', 3.000001, 7],
    ]);
    // camonitor itself prints `status severity`; the words are told apart by vocabulary.
    expect(t.events[4]!.meta).toEqual({ severity: 'MAJOR', status: 'HIHI' });
  });

  it('reads a lone severity, and keeps float kinds in reference mode', () => {
    const [e] = camonitorImporter.parse('PV 2026-01-05 00:00:00 2.0 INVALID\n', {
      mode: 'reference',
    });
    expect(e).toEqual({
      channel: 'PV',
      timestamp: 0,
      value: new PyFloat(2),
      meta: { severity: 'INVALID' },
    });
  });

  it('reads an empty text as an empty trace', () => {
    expect(camonitorImporter.parse('\n\n', {})).toEqual([]);
  });

  it('fails on a malformed line, naming file and line', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed.camonitor.txt'), { format: 'camonitor' }))
        .message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed.camonitor.txt:2: expected 'PV YYYY-MM-DD HH:MM:SS[.ffffff] value [severity [status]]', got "XF:M1.VAL 2026-01-05 2""`,
    );
    expect(
      thrown(() => camonitorImporter.parse('PV <undefined> 3\n', { file: 'm.txt' })).message,
    ).toMatchInlineSnapshot(
      `"m.txt:1: the update has no timestamp (<undefined>); record with server timestamps"`,
    );
    expect(
      thrown(() => camonitorImporter.parse('PV 2026-02-30 00:00:00 3\n', { file: 'm.txt' }))
        .message,
    ).toMatchInlineSnapshot(`"m.txt:1: invalid date or time "2026-02-30 00:00:00""`);
    expect(
      thrown(() => camonitorImporter.parse('PV 2026-01-05 00:00:00\n', { file: 'm.txt' })).message,
    ).toMatchInlineSnapshot(`"m.txt:1: no value after the date and time"`);
  });
});
