import { describe, expect, it } from 'vitest';
import { formatTextReport } from '../text.js';
import { evaluateHalfMeasured } from '../unmeasured.test-helpers.js';
import { DETAIL_REASON_CHARS } from './detail.js';
import {
  MAX_UNMEASURED_CHANNELS,
  channelsNotMeasuredNote,
  channelsNotMeasuredText,
  keptUnmeasuredChannels,
} from './unmeasured.js';

describe('the words of a partly measured metric', () => {
  it('count of channels, then which and why', () => {
    expect(channelsNotMeasuredText(1, 2)).toBe('1 of 2 channels not measured');
    expect(
      channelsNotMeasuredNote({
        count: 2,
        total: 3,
        channels: [
          { channel: 'stage:rh', reason: 'one empty' },
          { channel: 'stage:p', reason: 'non-finite' },
        ],
      }),
    ).toBe('2 of 3 channels not measured: stage:rh (one empty), stage:p (non-finite)');
    // A record names at most MAX_UNMEASURED_CHANNELS; the note says there are more.
    expect(
      channelsNotMeasuredNote({ count: 3, total: 9, channels: [{ channel: 'a', reason: 'r' }] }),
    ).toBe('3 of 9 channels not measured: a (r), …');
  });

  it('are the text report’s (one phrase for every report)', () => {
    const line = formatTextReport(evaluateHalfMeasured('default'))
      .split('\n')
      .find((l) => l.startsWith('- continuous:'));
    expect(line).toBe(`- continuous: score=0.500, pass=false (${channelsNotMeasuredText(1, 2)})`);
  });
});

describe('keptUnmeasuredChannels', () => {
  it('default mode: the unmeasured channels of a measured metric, in channel order', () => {
    const m = evaluateHalfMeasured('default').metrics['continuous']!;
    expect(keptUnmeasuredChannels(m, true)).toEqual({
      count: 1,
      total: 2,
      channels: [{ channel: 'stage:rh', reason: 'one empty' }],
    });
    // The mode does not say so: nothing kept.
    expect(keptUnmeasuredChannels(m, false)).toBeUndefined();
  });

  it('nothing for a metric not measured at all (its not_measured says it) or fully measured', () => {
    const perChannel = (reasons: Array<string | undefined>) => ({
      per_channel: Object.fromEntries(
        reasons.map((r, i) => [
          `c${i}`,
          { score: 0, details: r === undefined ? {} : { reason: r } },
        ]),
      ),
    });
    expect(
      keptUnmeasuredChannels(
        { details: { ...perChannel(['one empty', 'one empty']), reason: 'c0: one empty; …' } },
        true,
      ),
    ).toBeUndefined();
    expect(keptUnmeasuredChannels({ details: perChannel([undefined, undefined]) }, true)).toBe(
      undefined,
    );
    expect(keptUnmeasuredChannels({ details: { mae: 0.1 } }, true)).toBeUndefined();
  });

  it('names at most MAX_UNMEASURED_CHANNELS, cutting long names and reasons', () => {
    const long = 'x'.repeat(DETAIL_REASON_CHARS + 10);
    const entries: Array<[string, unknown]> = [['ok', { score: 1, details: {} }]];
    for (let i = 0; i < MAX_UNMEASURED_CHANNELS + 5; i++)
      entries.push([`${long}${i}`, { score: 0, details: { reason: long } }]);
    const kept = keptUnmeasuredChannels(
      { details: { per_channel: Object.fromEntries(entries) } },
      true,
    )!;
    expect([kept.count, kept.total, kept.channels.length]).toEqual([
      MAX_UNMEASURED_CHANNELS + 5,
      MAX_UNMEASURED_CHANNELS + 6,
      MAX_UNMEASURED_CHANNELS,
    ]);
    expect(kept.channels[0]).toEqual({
      channel: `${'x'.repeat(DETAIL_REASON_CHARS - 1)}…`,
      reason: `${'x'.repeat(DETAIL_REASON_CHARS - 1)}…`,
    });
  });
});
