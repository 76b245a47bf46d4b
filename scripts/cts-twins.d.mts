/** Declarations of scripts/cts-twins.mjs (for the tests that import it). */
export declare const TWINNED: readonly string[];
export declare function ctsTwin(text: string, name?: string): string;
