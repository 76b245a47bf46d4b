/**
 * The wavefronts' first pass (`firstPass`): a band of diagonals around a guide, the seeds it records
 * and, when the certificate holds (`./wfa-certify.ts`), the proven alignment itself.
 */
import type { WorkBudget } from './budget.js';
import type { IndexPair, ValueBuckets } from './types.js';
import { SeedBound, seedLength, valueSeedLength } from './wfa-seeds.js';
import { reversed, Wavefronts, type Reversed } from './wfa-wavefronts.js';
import type { WfaStats, WfaTuning } from './tuning.js';
import { trivialBound, type WfaCosts } from './wfa-waves.js';

/**
 * The first pass, in a band of diagonals: the alignment itself when it can be proved optimal (see
 * below), else `upperBound` or the cost of the best alignment inside the band when that is lower.
 * The full pass keeps the diagonals from which the end is still reachable within the bound, so its
 * work grows with about bound²; a quick greedy bound can be 20 % above the optimum
 * (three channels with toggling values: 40 % more wavefront cells), while the band pass costs
 * about bound × (band width) cells and, on traces that differ by local edits, usually finds the
 * optimum itself. Run only when the bound is large against the band. The band pass also records
 * where it reached the seeds' occurrences: `seeds`, the heuristic that prunes the full pass (its
 * seeds compare value buckets too when they are given, the values matter and that keeps seeds short).
 *
 * The band pass runs `certifyStrips` diagonals wider than `boundBand` on each side and keeps its
 * wavefronts: when `Wavefronts.certified` proves that every alignment leaving its band costs more
 * than its optimum, its own traceback is the answer (`alignment`) and no full pass runs.
 */
export function firstPass(
  input: Reversed,
  costs: WfaCosts,
  valuesMatch: ((gtIndex: number, predIndex: number) => boolean) | undefined,
  upperBound: number,
  tuning: WfaTuning,
  valueBuckets: (() => ValueBuckets | undefined) | undefined,
  guide: { readonly lo: number; readonly hi: number } | undefined,
  budget: WorkBudget | undefined,
  stats: WfaStats | undefined,
): {
  readonly bound: number;
  readonly seeds?: SeedBound | undefined;
  /** `input` with the value buckets when they were asked for (the full pass uses them too). */
  readonly input: Reversed;
  readonly alignment?: IndexPair[];
} {
  const n = input.A.length;
  const m = input.B.length;
  const bound = Math.min(upperBound, trivialBound(n, m, costs));
  // The band: `boundBand` (default 64) diagonals around 0 … m − n, or `GUIDED_HALF` around the guide's
  // diagonals when that is narrower (a guide that wandered far is no help). The guide in the
  // wavefronts' coordinates: reversed sequences, so original diagonal d is m − n − d.
  const delta = m - n;
  const plain = Math.max(0, Math.floor(tuning.boundBand ?? 64));
  let half = plain;
  let glo = Math.min(0, delta);
  let ghi = Math.max(0, delta);
  if (guide !== undefined && tuning.boundBand === undefined) {
    const lo = Math.min(glo, delta - guide.hi);
    const hi = Math.max(ghi, delta - guide.lo);
    if (hi - lo + 2 * GUIDED_HALF < ghi - glo + 2 * plain) [glo, ghi, half] = [lo, hi, GUIDED_HALF];
  }
  if (half === 0 || bound < 8 * (2 * half + 1 + ghi - glo)) return { bound: upperBound, input };
  const inner = { lo: glo - half, hi: ghi + half };
  const vb = valuesMatch !== undefined && costs.valueMismatch > 0 ? valueBuckets?.() : undefined;
  const full: Reversed =
    vb === undefined
      ? input
      : { ...input, buckets: { gt: reversed(vb.gt), pred: reversed(vb.pred) } };
  // Entropies and windows do not depend on the direction: the reversed sequences serve.
  const byValue = full.buckets === undefined ? 0 : valueSeedLength(full.B, full.buckets.pred);
  const len =
    tuning.seedLength !== undefined
      ? Math.max(0, Math.floor(tuning.seedLength))
      : byValue > 0
        ? byValue
        : seedLength(full.B);
  const seeds =
    len > 0 && n >= len
      ? new SeedBound(full.A, full.B, len, inner, costs, byValue > 0 ? full.buckets : undefined)
      : undefined;
  // The check needs the counted seeds to weigh about as much as what the alignment costs
  // (`CERTIFY_MARGIN`); when they cannot, the wide band and its kept wavefronts would be wasted,
  // and a narrow band pass only tightens the bound.
  const counted =
    seeds === undefined ? 0 : (seeds.countedBefore().at(-1) as number) * seeds.perSeed;
  // Strips to try, narrowest first: those asked for; else, the more the seeds outweigh the bound,
  // the narrower the first one (fewer cells), with wider ones if that proof fails. 0: no proof.
  const asked = tuning.certifyStrips?.map((x) => Math.max(0, Math.floor(x))).filter((x) => x > 0);
  const strips =
    asked !== undefined
      ? asked.length > 0
        ? asked
        : [0]
      : counted >= STRONGEST_SEEDS * bound
        ? [NARROWEST_STRIP, STRIP, WIDEST_STRIP]
        : counted >= STRONG_SEEDS * bound
          ? [NARROW_STRIP, STRIP, WIDEST_STRIP]
          : counted >= CERTIFY_MARGIN * bound
            ? [STRIP, 2 * STRIP, WIDEST_STRIP]
            : [0];
  let limit = bound;
  for (let i = 0; ; i++) {
    const strip = strips[i]!;
    const certify = strip > 0;
    const pass = new Wavefronts(
      full,
      costs,
      valuesMatch,
      limit,
      certify ? tuning : { maxCells: 0 },
      {
        band: certify ? { lo: inner.lo - strip, hi: inner.hi + strip } : inner,
        recorder: seeds,
        edges: certify ? inner : undefined,
        budget,
        stats,
      },
    );
    const inBand = pass.forward();
    if (inBand >= 0 && certify && pass.certified()) {
      if (stats !== undefined) stats.certified = (stats.certified ?? 0) + 1;
      return { bound: inBand, input: full, alignment: pass.traceback() };
    }
    if (inBand >= 0) limit = Math.min(limit, inBand);
    // A wider strip next, unless this pass has begun recording the seeds (it went into checkpoint
    // mode): a second pass cannot record into them again.
    if (i === strips.length - 1 || pass.recording()) {
      // Scores recorded before the pass gave up are still costs of paths to those cells.
      return { bound: Math.min(limit, upperBound), seeds: pass.recorded(), input: full };
    }
  }
}

/** Half-width of the band around a guide's diagonals (`firstPass`). */
const GUIDED_HALF = 8;

/** Diagonals a certifying first pass adds on each side of its band (`WfaTuning.certifyStrips`). */
const STRIP = 64;

/**
 * Narrower strips tried first when the seeds outweigh the bound by `STRONG_SEEDS` (`STRONGEST_SEEDS`):
 * the stronger the seeds, the narrower a strip that still proves; the thresholds are those at which
 * the narrower strip proved on the bench pairs (bench/RESULTS.md, "Tuning constants").
 */
const NARROW_STRIP = 32;
const STRONG_SEEDS = 2;
const NARROWEST_STRIP = 16;
const STRONGEST_SEEDS = 5;

/**
 * The widest strip tried, after the others failed: a pass costs about (bound × its band's width)
 * cells, little beside the full pass that follows a failure, and a wider strip often proves where
 * a narrow one did not (bench/RESULTS.md, "Tuning constants").
 */
const WIDEST_STRIP = 256;

/**
 * How much the counted seeds must outweigh the bound for the certifying pass to be tried (a pass
 * that fails records the seeds for the full pass as the narrow bound pass would): below it the
 * proof rarely holds (the ratios measured: bench/RESULTS.md, "Tuning constants").
 */
const CERTIFY_MARGIN = 0.5;
