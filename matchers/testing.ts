/**
 * Test helpers for the matcher unit tests: a matcher context whose `utils` are the real
 * jest-matcher-utils (what Jest passes as `this.utils`), and traces of a small scan.
 */
import * as jmu from 'jest-matcher-utils';
import type { MatcherContext, MatcherUtils, SnapshotStateLike } from './context.js';

const ANSI = /\u001b\[[0-9;]*m/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

/** jest-matcher-utils as Jest hands it to matchers. */
export const realUtils: MatcherUtils = jmu;

/** Colour functions that tag text instead of colouring it, to see which colour was used where. */
export const taggedUtils: MatcherUtils = {
  ...jmu,
  EXPECTED_COLOR: (s: string) => `<g>${s}</g>`,
  RECEIVED_COLOR: (s: string) => `<r>${s}</r>`,
  DIM_COLOR: (s: string) => `<d>${s}</d>`,
  BOLD_WEIGHT: (s: string) => `<b>${s}</b>`,
};

export interface Ev {
  channel: string;
  timestamp: number;
  value: unknown;
}

/** motor:x to each position, detector on and off after each move. */
export function scan(
  positions: readonly number[] = [0, 1, 2],
  opts: { jitter?: readonly number[]; drop?: number } = {},
): Ev[] {
  const out: Ev[] = [];
  let k = 0;
  const j = (): number => opts.jitter?.[k++ % opts.jitter.length] ?? 0;
  positions.forEach((x, i) => {
    const t = 1 + 2 * i;
    out.push({ channel: 'motor:x', timestamp: t + j(), value: x });
    out.push({ channel: 'det:Acquire', timestamp: t + 0.5 + j(), value: 1 });
    out.push({ channel: 'det:Acquire', timestamp: t + 1.5 + j(), value: 0 });
  });
  return opts.drop === undefined ? out : out.filter((_, i) => i !== opts.drop);
}

export function fakeSnapshotState(
  mode: 'new' | 'all' | 'none',
): SnapshotStateLike & { added: number; updated: number; matched: number; unmatched: number } {
  return { _updateSnapshot: mode, added: 0, updated: 0, matched: 0, unmatched: 0 };
}

export function fakeContext(over: Partial<MatcherContext> = {}): MatcherContext {
  return { isNot: false, utils: realUtils, ...over };
}
