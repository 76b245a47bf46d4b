import { describe, expect, it } from 'vitest';
import { PyFloat } from '../py/value.js';
import { camonitorImporter } from './camonitor.js';
import { fixture, thrown, tuples } from './fixtures.test-helpers.js';
import { importFileSync, loadTraceSync } from './read.js';
import { formatWarning } from './warnings.js';

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

  // Written by hand as camonitor (EPICS base 7.0, tool_lib.c) prints (EPICS base is not installable
  // here): the name padded to 30 columns, `%Y-%m-%d %H:%M:%S.%06f`, the value, then `STATUS
  // SEVERITY` unless NO_ALARM; `<undefined>` for a zero time stamp (a record never processed);
  // `PV *** disconnected` notices. One PV carries the never-set time of an IOC clock, 2000-01-01.
  it('skips <undefined> updates and notices, and drops a never-set time, with warnings', () => {
    const r = importFileSync(fixture('epics_camonitor_unset.txt'));
    expect(r.format).toBe('camonitor');
    expect(tuples(r.trace.events)).toEqual([
      ['XF:31ID-ES{Mtr:1}Mtr.RBV', 0, 0.5],
      ['XF:31ID-ES{Mtr:1}Mtr.DMOV', 0, 1],
      ['XF:31ID-ES{Mtr:1}Mtr.DMOV', 0.519132, 0],
      ['XF:31ID-ES{Mtr:1}Mtr.RBV', 0.619764, 0.75],
      ['XF:31ID-ES{Mtr:1}Mtr.RBV', 0.719817, 1],
      ['XF:31ID-ES{Mtr:1}Mtr.DMOV', 0.720297, 1],
      ['XF:31ID-ES{Tmp:1}T-I', 1.517887, 35.2],
    ]);
    expect(r.trace.events[6]!.meta).toEqual({ severity: 'MINOR', status: 'HIGH' });
    expect(r.warnings.map((w) => [w.code, w.line])).toEqual([
      ['skipped-line', 3],
      ['skipped-line', 8],
      ['time-outlier', 6],
    ]);
    expect(r.warnings.map(formatWarning)).toMatchInlineSnapshot(`
      [
        "test/fixtures/import/epics_camonitor_unset.txt:3: the update has no time stamp (<undefined>: the record was never processed): "XF:31ID-ES{Calc:1}Val          <undefined> 0 UDF INVALID" (skipped-line)",
        "test/fixtures/import/epics_camonitor_unset.txt:8: connection notice "XF:31ID-ES{Tmp:2}T-I *** disconnected", not an update (skipped-line)",
        "test/fixtures/import/epics_camonitor_unset.txt:6: "XF:31ID-ES{Tmp:2}T-I" at 2000-01-01T00:00:00.000Z lies 26.2 years before the other 7 events (2026-03-02T14:05:11.482Z to 2026-03-02T14:05:13.000Z); with it the trace would span 26.2 years, without it 1.518 s: the event is dropped (a clock or time stamp never set?) (time-outlier)",
      ]
    `);
  });

  it('fails with what it found when no line is a timed update', () => {
    expect(
      thrown(() =>
        camonitorImporter.parse('A <undefined> 0 UDF INVALID\nA *** disconnected\n', {
          file: 'm.txt',
        }),
      ).message,
    ).toMatchInlineSnapshot(
      `"m.txt: no events: the camonitor log holds 1 <undefined> update and 1 connection notice, no timed update"`,
    );
  });

  it('keeps times when nothing is far off (an overnight gap, two events)', () => {
    const ctx = { warn: () => expect.fail('no warning expected') };
    expect(
      camonitorImporter.parse(
        'A 2026-01-05 00:00:00 1\nA 2026-01-05 00:00:01 2\nA 2026-01-06 08:00:00 3\n',
        ctx,
      ),
    ).toHaveLength(3);
    expect(
      camonitorImporter.parse('A 2000-01-01 00:00:00 1\nA 2026-01-05 00:00:01 2\n', ctx),
    ).toHaveLength(2);
  });

  it('fails on a malformed line, naming file and line', () => {
    expect(
      thrown(() => loadTraceSync(fixture('edge/malformed.camonitor.txt'), { format: 'camonitor' }))
        .message,
    ).toMatchInlineSnapshot(
      `"test/fixtures/import/edge/malformed.camonitor.txt:2: expected 'PV YYYY-MM-DD HH:MM:SS[.ffffff] value [severity [status]]', got "XF:M1.VAL 2026-01-05 2""`,
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
