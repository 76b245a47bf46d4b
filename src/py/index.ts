/** Python value semantics (layer 0): everything envtrace reproduces from Python bit for bit. */
export * from './value.js';
export * from './json.js';
export * from './str.js';
export * from './float.js';
export * from './numeric.js';
export { ASSIGNED_AFTER_UNICODE_14, isAssignedAfterUnicode14 } from './unicode14.js';
