/**
 * Reference mode config documents: parsed JSON/YAML → the reference's `build_from_config`
 * coercions (`src/evaluate/lenient.ts`, source `"document"`) → validated options.
 */

import { coerceReference } from '../evaluate/lenient.js';
import { validateOptions } from '../evaluate/options.js';
import type { EvaluateOptions } from '../evaluate/types.js';
import { nonStringKeys } from './yaml.js';

/**
 * Build reference-mode options from a parsed config document exactly as the reference's
 * `build_from_config` does, then validate them.
 *
 * @throws ConfigError where the reference fails with AttributeError or envtrace cannot
 *   represent the value; ReferenceRaise where the reference raises ValueError/TypeError.
 */
export function fromReferenceConfig(doc: unknown, file?: string): EvaluateOptions {
  return validateOptions(coerceReference(doc, { file, source: 'document', nonStringKeys }), {
    file,
    mode: 'reference',
  });
}
