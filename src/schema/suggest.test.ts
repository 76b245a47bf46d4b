import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanText, editDistance } from './suggest.js';

describe('didYouMean', () => {
  it('edit distance with adjacent transpositions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('finds the typos users hit, and nothing for unrelated names', () => {
    expect(didYouMean('continous_channels', ['mode', 'continuous_channels'])).toBe(
      'continuous_channels',
    );
    expect(didYouMean('numeric-tolerance', ['exact', 'numeric_tolerance'])).toBe(
      'numeric_tolerance',
    );
    expect(didYouMean('minscore', ['minScore', 'requireAccuracy'])).toBe('minScore');
    expect(didYouMean('min_score', ['minScore', 'requireAccuracy'])).toBe('minScore');
    expect(didYouMean('weights', ['mode', 'aliases', 'timing'])).toBeUndefined();
    expect(didYouMean('mode', ['mode'])).toBeUndefined();
    expect(didYouMeanText('aligne', ['aligner'])).toBe(' (did you mean "aligner"?)');
    expect(didYouMeanText('zzz', ['aligner'])).toBe('');
  });
});
