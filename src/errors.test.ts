/** The input errors keep their location and every issue as data; the message is computed. */
import { describe, expect, it } from 'vitest';
import { resolveBehaviorOptions } from './align/affine/costs.js';
import { ConfigError, TraceError } from './errors.js';
import { evaluate } from './evaluate/evaluate.js';
import { validateOptions } from './evaluate/options.js';

describe('input errors', () => {
  it('keep file and path as data and compute the message from them', () => {
    const e = new TraceError('expected a finite timestamp, got NaN', {
      file: 'gt.json',
      path: ['events', 3, 'timestamp'],
    });
    expect(e.file).toBe('gt.json');
    expect(e.path).toEqual(['events', 3, 'timestamp']);
    expect(e.issues).toEqual([
      { path: ['events', 3, 'timestamp'], message: 'expected a finite timestamp, got NaN' },
    ]);
    expect(e.reason).toBe('expected a finite timestamp, got NaN');
    expect(e.message).toBe('gt.json: events[3].timestamp: expected a finite timestamp, got NaN');
  });

  it('take a file, a path prefix, a label and a frame without being rebuilt', () => {
    const e = new ConfigError('must be > 0', { path: ['gap_open'] });
    expect(e.under(['aligner']).inFile('c.yaml').labelled('options')).toBe(e);
    expect(e.path).toEqual(['aligner', 'gap_open']);
    expect(e.message).toBe('options: c.yaml: aligner.gap_open: must be > 0');
    e.inFile('other.yaml'); // a file already named wins
    expect(e.file).toBe('c.yaml');
    e.framed('hint\n\n', ' (see docs)');
    expect(e.message).toBe('hint\n\noptions: c.yaml: aligner.gap_open: must be > 0 (see docs)');
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.code).toBe('ERR_CONFIG');
  });

  it('escape and elide the path when shown', () => {
    const e = new TraceError('too deep', {
      path: ['events', 0, 'value', ...Array<number>(20).fill(0)],
      deepFrom: 3,
    });
    expect(e.path).toHaveLength(23);
    expect(e.message).toBe('events[0].value[0][0][0][0][0][0]…[0][0]: too deep');
    const odd = new ConfigError('bad', { path: ['by_channel', 'a\u202eb'] });
    expect(odd.message).toBe('by_channel["a\\u202eb"]: bad');
  });

  it('keep every zod issue (options, aligner options)', () => {
    let e: unknown;
    try {
      validateOptions({ abs_tol: -1, use_continuous: 'yes' });
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).issues.map((i) => i.path)).toEqual([['abs_tol'], ['use_continuous']]);
    expect((e as ConfigError).message).toMatch(/^2 problems in the options:\n {2}abs_tol: /);
    try {
      resolveBehaviorOptions({ gap: 1, gap_open: 0 });
    } catch (err) {
      e = err;
    }
    expect((e as ConfigError).issues.map((i) => i.path)).toEqual([
      ['aligner', 'gap_open'],
      ['aligner', 'gap'],
    ]);
  });

  it('a problem found while scoring names the options file on the same error', () => {
    const opts = validateOptions({ aggregation: { weights: { nope: 1 } } }, { file: 'c.json' });
    let e: unknown;
    try {
      evaluate([], [], opts);
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).file).toBe('c.json');
    expect((e as ConfigError).path).toEqual(['aggregation', 'weights', 'nope']);
    expect((e as ConfigError).cause).toBeUndefined(); // not a rebuilt copy
  });
});
