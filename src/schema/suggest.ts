/**
 * "Did you mean …?" for a misspelt name (a config key, a comparator type, an option): the closest
 * candidate by edit distance after folding case and `-`/`_`, when it is close enough to be a typo.
 */

/** A name folded for comparison: lower case, `-` as `_`. */
function fold(s: string): string {
  return s.toLowerCase().replace(/-/g, '_');
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). O(|a|·|b|) time,
 * O(|b|) memory; names here are short.
 */
export function editDistance(a: string, b: string): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate `word` most likely misspells, or undefined: equal after folding case and
 * `-`/`_` (`numeric-tolerance` → `numeric_tolerance`, `minscore` → `minScore`), else within an
 * edit distance of max(1, ⌊length/4⌋) after folding (`continous_channels` →
 * `continuous_channels`). Ties go to the first candidate.
 */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  const w = fold(word);
  const within = Math.max(1, Math.floor(w.length / 4));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === word) return undefined;
    // The distance is at least the difference in length (folding keeps lengths): a candidate
    // that far off can never be suggested, so its O(|a|·|b|) distance is not computed (a trace's
    // channel names can be many and long).
    if (Math.abs(c.length - word.length) > within) continue;
    const d = editDistance(w, fold(c));
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  if (best === undefined) return undefined;
  return bestD <= within ? best : undefined;
}

/** ` (did you mean "x"?)` for `word`, or '' when no candidate is close. */
export function didYouMeanText(word: string, candidates: readonly string[]): string {
  const s = didYouMean(word, candidates);
  return s === undefined ? '' : ` (did you mean ${JSON.stringify(s)}?)`;
}
