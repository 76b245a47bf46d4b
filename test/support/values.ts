/**
 * fast-check arbitraries for trace values of every kind the value codec (`src/io/codec.ts`)
 * keeps: JSON values plus NaN, ±Infinity, -0, BigInt, Date, nested `undefined` and typed arrays,
 * and objects that use the codec's tag key themselves. Shared by the codec's and the golden
 * matcher's property tests.
 */
import fc from 'fast-check';
import { CODEC_TAG } from '../../src/io/codec.js';

/** Options of `codecValue`. */
export interface CodecValueOptions {
  /** Include invalid Dates (`new Date(NaN)`). @default true */
  readonly invalidDates?: boolean;
}

/** Any value the codec supports, nested a few levels deep. */
export function codecValue(options: CodecValueOptions = {}): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.double(),
    fc.constantFrom(NaN, Infinity, -Infinity, -0, 0),
    fc.bigInt(),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: options.invalidDates === false }),
    fc.float64Array(),
    fc.float32Array(),
    fc.int32Array(),
    fc.bigInt64Array(),
    fc.uint8Array(),
  );
  return fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('v'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string(), fc.constant(CODEC_TAG)), tie('v'), {
        maxKeys: 4,
        noNullPrototype: true,
      }),
    ),
  })).v;
}
