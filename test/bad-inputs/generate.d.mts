/** Types of `generate.mjs`: case id → the input's bytes. */
export declare const generated: ReadonlyMap<string, () => string | Uint8Array>;
