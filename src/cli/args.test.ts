import { describe, expect, it } from 'vitest';
import { MAX_WIDTH, parseCommandArgs } from './args.js';
import { UsageError } from './types.js';

const spec = {
  'min-score': 'string',
  width: 'string',
  tolerance: 'string',
  'max-rows': 'string',
} as const;

function num(
  args: string[],
  name: string,
  opts?: { integer?: boolean; min?: number; max?: number },
): number | undefined {
  return parseCommandArgs('evaluate', args, spec).number(name, opts);
}

function usageError(
  args: string[],
  name: string,
  opts?: { integer?: boolean; min?: number; max?: number },
): string {
  try {
    num(args, name, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${args.join(' ')}`);
}

describe('number options', () => {
  it('reads decimal numbers in their range', () => {
    expect(num(['--min-score', '0.9'], 'min-score')).toBe(0.9);
    expect(num(['--min-score=.5'], 'min-score')).toBe(0.5);
    expect(num(['--min-score', '1e-1'], 'min-score')).toBe(0.1);
    expect(num(['--min-score', '0'], 'min-score')).toBe(0);
    expect(num(['--min-score', '1'], 'min-score')).toBe(1);
    expect(num([], 'min-score')).toBeUndefined();
  });

  it('keeps --min-score in [0, 1]: a gate that can never pass or never fail is a usage error', () => {
    expect(usageError(['--min-score', '2'], 'min-score')).toBe(
      '--min-score must be a number in [0, 1], got "2"',
    );
    expect(usageError(['--min-score=-1'], 'min-score')).toBe(
      '--min-score must be a number in [0, 1], got "-1"',
    );
    // A negative value after a space is the option's value, not a missing one.
    expect(usageError(['--min-score', '-1'], 'min-score')).toBe(
      '--min-score must be a number in [0, 1], got "-1"',
    );
  });

  it('accepts decimal only: no hex, octal, binary, Infinity, separators or blanks', () => {
    for (const raw of [
      '0x1',
      '0o1',
      '0b1',
      'Infinity',
      '-Infinity',
      '1_0',
      ' 0.5',
      '',
      'NaN',
      '1.2.3',
      '+',
      '.',
    ]) {
      expect(usageError([`--min-score=${raw}`], 'min-score'), raw).toContain(
        '--min-score must be a finite number written in decimal',
      );
    }
  });

  it('caps --width at MAX_WIDTH and keeps its floor', () => {
    expect(num(['--width', '120'], 'width', { integer: true, min: 40 })).toBe(120);
    expect(num(['--width', String(MAX_WIDTH)], 'width', { integer: true, min: 40 })).toBe(
      MAX_WIDTH,
    );
    expect(usageError(['--width', '100000000'], 'width', { integer: true, min: 40 })).toBe(
      `--width must be a number in [40, ${MAX_WIDTH}], got "100000000"`,
    );
    expect(usageError(['--width', '80.5'], 'width')).toBe(
      '--width must be an integer written in decimal (like 80), got "80.5"',
    );
  });

  it('says "must not be negative" for an option with only a floor of 0, and checks a lone max', () => {
    expect(usageError(['--tolerance', '-1'], 'tolerance', { min: 0 })).toBe(
      '--tolerance must not be negative, got -1',
    );
    expect(usageError(['--max-rows', '11'], 'max-rows', { max: 10 })).toBe(
      '--max-rows must be at most 10, got 11',
    );
  });

  it('escapes a hostile value in the message', () => {
    expect(usageError(['--min-score', '\u001b[2J'], 'min-score')).not.toContain('\u001b');
  });
});
