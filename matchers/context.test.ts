import { describe, expect, it } from 'vitest';
import { goldenWording, messageWidth } from './context.js';
import { fakeSnapshotState } from './testing.js';

describe('goldenWording', () => {
  it("names each host's own switches", () => {
    expect(goldenWording('vitest').noWriteReason).toBe(
      'goldens are not written in CI (CI=true or --update=none)',
    );
    expect(goldenWording('jest').noWriteReason).toBe(
      'goldens are not written in CI (CI=true or --ci)',
    );
    expect(goldenWording('jest').noWriteReason).not.toContain('--update=none');
    expect(goldenWording('vitest').noWriteReason).not.toContain('--ci');
    expect(goldenWording('expect').update).toBe('set ENVTRACE_UPDATE_GOLDENS=all to update it');
    expect(goldenWording('expect').howToWrite).toContain('ENVTRACE_UPDATE_GOLDENS=all');
  });

  it('reads the host from the snapshot state of a matcher context', () => {
    expect(goldenWording({ snapshotState: fakeSnapshotState('none') })).toBe(goldenWording('jest'));
    const vitestState = {
      ...fakeSnapshotState('none'),
      _updateSnapshot: undefined,
      snapshotUpdateState: 'none',
    };
    expect(goldenWording({ snapshotState: vitestState })).toBe(goldenWording('vitest'));
    expect(goldenWording({})).toBe(goldenWording('expect'));
    expect(goldenWording({ snapshotState: null })).toBe(goldenWording('expect'));
  });
});

describe('messageWidth', () => {
  it('follows ENVTRACE_WIDTH, else CI or the 80-column fallback (test workers have no terminal)', () => {
    expect(messageWidth({ ENVTRACE_WIDTH: '132' })).toBe(132);
    if (process.stdout.isTTY !== true) {
      expect(messageWidth({ CI: 'true' })).toBe(100);
      expect(messageWidth({})).toBe(80);
    }
  });
});
