import type { InputPath } from '../errors.js';
import type { z } from 'zod';
import type { OptionNumbers } from '../schema/helpers.js';
import type { Aligner } from './types.js';

/**
 * One aligner: its name (`aligner: "<name>"` or `{name: "<name>", …params}`), accepted aliases, a
 * one-line summary (CLI help, README), the zod schema of its `{name, …params}` spec and the factory.
 * Adding an aligner = one file exporting one of these + one line in `./registry.ts`.
 */
export interface AlignerPlugin<
  Name extends string = string,
  Spec extends { name: Name } = { name: Name },
> {
  readonly name: Name;
  readonly aliases: readonly string[];
  readonly summary: string;
  /** Parameters besides `name`, for the docs (`""` when it takes none). */
  readonly params: string;
  /** The strict zod schema of the spec object, `name` included. */
  schema(numbers: OptionNumbers): z.ZodType<Spec>;
  /** Build the aligner; `path` locates the spec in error messages. */
  create(spec: Spec, path: InputPath): Aligner;
}
