/**
 * Reference mode config documents: parsed JSON/YAML → the reference's `build_from_config`
 * coercions (`src/evaluate/lenient.ts`, source `"document"`) → validated options.
 */

import { coerceReference } from '../evaluate/lenient.js';
import { validateWith } from '../evaluate/options.js';
import { REFERENCE_POLICY } from '../policy/index.js';
import type { EvaluateOptions } from '../evaluate/types.js';
import { nonStringKeys } from './yaml.js';

/**
 * Build reference-mode options from a parsed config document exactly as the reference's
 * `build_from_config` does, then validate them. The coercion runs once: `validateWith` is told
 * the input is coerced already, and `evaluate()` takes the validated (frozen) options as they are.
 *
 * @throws ConfigError where the reference fails with AttributeError or envtrace cannot
 *   represent the value; ReferenceRaise where the reference raises ValueError/TypeError.
 */
export function fromReferenceConfig(doc: unknown, file?: string): EvaluateOptions {
  return validateWith(coerceReference(doc, { file, source: 'document', nonStringKeys }), {
    file,
    policy: REFERENCE_POLICY,
    coerced: true,
  });
}
