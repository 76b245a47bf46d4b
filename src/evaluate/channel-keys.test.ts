import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBestOf } from './evaluate.js';
import { unknownChannelKeys } from './channel-keys.js';
import { parseEnvtrace } from '../trace/parse.js';
import type { EvaluateOptions } from './types.js';

const ev = (channel: string, timestamp: number, value: unknown = 1) => ({
  channel,
  timestamp,
  value,
});
const GT = { events: [ev('mono:energy', 0, 8980), ev('det:counts', 1, 1000)] };
const PRED = { events: [ev('mono:energy', 0, 8985), ev('det:counts', 1, 1000)] };
const traces = (...ts: Array<typeof GT>) => ts.map((t) => parseEnvtrace(t, { file: 'gt' }));

describe('unknownChannelKeys', () => {
  it('names every channel-keyed entry that matches no channel, with a did-you-mean', () => {
    const opts: EvaluateOptions = {
      comparators: {
        by_channel: { 'mono:enrgy': { type: 'exact' }, 'det:counts': { type: 'exact' } },
      },
      ignore_channels: ['ring:curent', 'det:counts'],
      continuous_channels: { 'mono:energie': {} },
      aliases: { 'MONO:ENRG': 'mono:energy' },
      aligner: { name: 'nw', by_channel: { 'det:count': { gap_open: 2 } } },
    };
    expect(unknownChannelKeys(opts, traces(GT, PRED))).toEqual([
      'aliases["MONO:ENRG"] names no channel of either trace; did you mean "mono:energy"?',
      'ignore_channels[0] ("ring:curent") names no channel of either trace; the channels: "mono:energy", "det:counts"',
      'comparators.by_channel["mono:enrgy"] names no channel of either trace; did you mean "mono:energy"?',
      'continuous_channels["mono:energie"] names no channel of either trace; did you mean "mono:energy"?',
      'aligner.by_channel["det:count"] names no channel of either trace; did you mean "det:counts"?',
    ]);
  });

  it('matches aliases keys with the channels as written, the other entries after aliasing', () => {
    const pred = { events: [ev('MONO', 0, 8985), ev('det:counts', 1, 1000)] };
    const opts: EvaluateOptions = {
      aliases: { MONO: 'mono:energy' },
      comparators: { by_channel: { 'mono:energy': { type: 'exact' } } },
      ignore_channels: ['MONO'],
    };
    expect(unknownChannelKeys(opts, traces(GT, pred))).toEqual([
      'ignore_channels[0] ("MONO") names no channel of either trace; did you mean "mono:energy"? (aliases renames "MONO" to it first)',
    ]);
  });

  it('says a name repeated in one section once, at its first place', () => {
    // A YAML list of aliases (`[*c, *c, …]`) repeats one name thousands of times.
    const opts: EvaluateOptions = {
      ignore_channels: ['c', 'det:counts', ...Array<string>(4000).fill('c')],
      comparators: { by_channel: { c: { type: 'exact' } } },
    };
    expect(unknownChannelKeys(opts, traces(GT, PRED))).toEqual([
      'ignore_channels[0] ("c") names no channel of either trace; the channels: "mono:energy", "det:counts"',
      'comparators.by_channel.c names no channel of either trace; the channels: "mono:energy", "det:counts"',
    ]);
  });

  it('lists at most ten channels, and says when the traces have none', () => {
    const many = { events: Array.from({ length: 12 }, (_, i) => ev(`pv${i}`, i)) };
    expect(unknownChannelKeys({ ignore_channels: ['zzz:nothing'] }, traces(many, many))).toEqual([
      'ignore_channels[0] ("zzz:nothing") names no channel of either trace; the channels: "pv0", "pv1", "pv2", "pv3", "pv4", "pv5", "pv6", "pv7", "pv8", "pv9", … (12 in all)',
    ]);
    expect(
      unknownChannelKeys({ ignore_channels: ['a'] }, traces({ events: [] }, { events: [] })),
    ).toEqual([
      'ignore_channels[0] ("a") names no channel of either trace; the traces have no events',
    ]);
  });
});

describe('EvaluationResult.warnings', () => {
  const typo: EvaluateOptions = {
    comparators: {
      by_channel: { 'mono:enrgy': { type: 'numeric_tolerance', tol: 0, abs_tol: 0.5 } },
    },
  };

  it('default mode: present when an entry names no channel, absent otherwise', () => {
    expect(evaluate(GT, PRED, typo).warnings).toEqual([
      'comparators.by_channel["mono:enrgy"] names no channel of either trace; did you mean "mono:energy"?',
    ]);
    expect(evaluate(GT, PRED)).not.toHaveProperty('warnings');
  });

  it('reference mode: never (the reference ignores the entry silently)', () => {
    expect(evaluate(GT, PRED, { ...typo, mode: 'reference' })).not.toHaveProperty('warnings');
  });

  it('best-of judges the entries against every golden and the prediction', () => {
    const other = { events: [ev('ring:current', 0, 400)] };
    const opts: EvaluateOptions = { ignore_channels: ['ring:current', 'ring:curent'] };
    expect(evaluateBestOf([GT, other], PRED, opts).warnings).toEqual([
      'ignore_channels[1] ("ring:curent") names no channel of the traces; did you mean "ring:current"?',
    ]);
  });
});
