/**
 * `envtrace-js/python`: the Python value semantics envtrace uses in reference mode — integral
 * floats kept as `PyFloat`, object key order kept, Python's `str()`/`repr()` and `json` module.
 * Most users never need these: `loadTrace`/`parseTrace` from the root entry apply them.
 */
export { PyFloat, pyKind, isPyNumber, toDouble, orderedKeys, withKeyOrder } from './py/value.js';
export type { PyKind } from './py/value.js';
export { pyStr, pyRepr, formatPyFloat } from './py/str.js';
export {
  parsePyJson,
  stringifyPyJson,
  JsonSyntaxError,
  JsonDepthError,
  MAX_JSON_DEPTH,
} from './py/json.js';
export type { ParsePyJsonOptions, StringifyPyJsonOptions } from './py/json.js';
