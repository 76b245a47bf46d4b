/** Types of bench/python-ref.mjs (for its unit test). */
export declare const PYTHON_DRIVER: string;
export declare function pythonRefDir(env?: Record<string, string | undefined>): string | null;
export type PythonTiming =
  | {
      median: number;
      min: number;
      max: number;
      runs: number;
      seconds: number[];
      full_score: number;
      error?: undefined;
    }
  | { error: string };
export declare function timePythonReference(opts: {
  refDir: string;
  gtFile: string;
  predFile: string;
  runs?: number;
  clock?: 'wall' | 'cpu';
  python?: string;
  timeoutMs?: number;
}): PythonTiming;
