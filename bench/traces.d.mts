/** Types of bench/traces.mjs (for the unit tests that run on bench pairs). */
export interface BenchCell {
  readonly gtText: string;
  readonly predText: string;
  readonly gtEvents: number;
  readonly predEvents: number;
  readonly edits: Record<string, number>;
}
export declare function mulberry32(seed: number): () => number;
export declare function cellSeed(base: number, variant: string, n: number): number;
export declare function makeCell(
  variant: 'ch20' | 'ch3',
  n: number,
  baseSeed: number,
  editRate?: number,
): BenchCell;
export declare function makeShortBlocksCell(
  variant: 'ch20' | 'ch3',
  n: number,
  baseSeed: number,
  every?: number,
): BenchCell;
export declare const MEAN_GAP_S: number;
export declare const EDIT_RATE: number;
export declare const JITTER_SD_S: number;
