/**
 * Typed errors. Every error a user can cause by bad input is an `EnvTraceError`
 * with a stable `code`, so the CLI can print one line and exit 2, and API users
 * can `instanceof`-check instead of parsing messages. `instanceof` holds across copies of
 * envtrace-js (ESM and CJS builds, two installed versions): see ./brand.ts.
 */

import { brandClass } from './brand.js';

/** Base class of every error envtrace throws on purpose. */
export class EnvTraceError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EnvTraceError';
    this.code = code;
  }
}
brandClass(EnvTraceError, 'EnvTraceError');

/** A location inside an input document: a file (if any) and a path inside it. */
export interface InputLocation {
  /** File the input came from, if it came from a file. */
  readonly file?: string | undefined;
  /** Path inside the document, e.g. `events[3].timestamp` or `comparators.by_channel["motor:x"].tol`. */
  readonly path?: string | undefined;
}

function locate(loc: InputLocation): string {
  const parts: string[] = [];
  if (loc.file) parts.push(loc.file);
  if (loc.path) parts.push(loc.path);
  return parts.length ? `${parts.join(': ')}: ` : '';
}

/** A trace document that cannot be read: malformed JSON, wrong schema, non-finite timestamp. */
export class TraceError extends EnvTraceError {
  readonly file: string | undefined;
  readonly path: string | undefined;
  /** The Python exception the reference raises for the same input, where known. */
  readonly pyType: 'ValueError' | 'TypeError' | undefined;
  constructor(
    message: string,
    loc: InputLocation = {},
    options?: { cause?: unknown },
    pyType?: 'ValueError' | 'TypeError',
  ) {
    super('ERR_TRACE', `${locate(loc)}${message}`, options);
    this.name = 'TraceError';
    this.file = loc.file;
    this.path = loc.path;
    this.pyType = pyType;
  }
}
brandClass(TraceError, 'TraceError');

/** A config document or options object that is invalid: unknown key, wrong type, unknown comparator. */
export class ConfigError extends EnvTraceError {
  readonly file: string | undefined;
  readonly path: string | undefined;
  constructor(message: string, loc: InputLocation = {}, options?: { cause?: unknown }) {
    super('ERR_CONFIG', `${locate(loc)}${message}`, options);
    this.name = 'ConfigError';
    this.file = loc.file;
    this.path = loc.path;
  }
}
brandClass(ConfigError, 'ConfigError');

/**
 * An error the Python reference raises, reproduced in reference mode (and, where the
 * input is genuinely unusable, in default mode too). `pyType` is the Python exception
 * name (`ValueError`, `TypeError`, `LinAlgError`) so conformance cases can check it.
 */
export class ReferenceRaise extends EnvTraceError {
  readonly pyType: 'ValueError' | 'TypeError' | 'LinAlgError' | 'OverflowError';
  constructor(pyType: ReferenceRaise['pyType'], message: string) {
    super('ERR_EVALUATE', message);
    this.name = 'ReferenceRaise';
    this.pyType = pyType;
  }
}
brandClass(ReferenceRaise, 'ReferenceRaise');

/** Format a property path the way error messages show it: `a.b[0]["motor:x"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg))
      out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}
