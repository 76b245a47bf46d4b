/**
 * Typed errors. Every error a user can cause by bad input is an `EnvTraceError`
 * with a stable `code`, so the CLI can print one line and exit 2, and API users
 * can `instanceof`-check instead of parsing messages. `instanceof` holds across copies of
 * envtrace-js (ESM and CJS builds, two installed versions): see ./brand.ts.
 */

import { brandClass } from './brand.js';
import { escapeForTerminal } from './io/terminal.js';

/** Base class of every error envtrace throws on purpose. */
export class EnvTraceError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = 'EnvTraceError';
    this.code = code;
  }
}
brandClass(EnvTraceError, 'EnvTraceError');

/** One step of a path inside a document: a key or an array index. */
export type PathSegment = string | number;

/** A path inside a document, outermost first: `['events', 3, 'timestamp']`. */
export type InputPath = readonly PathSegment[];

/** A zod (or other `PropertyKey`) path as an `InputPath` (a symbol key is shown by its name). */
export function inputPath(path: readonly PropertyKey[]): InputPath {
  return path.map((k) => (typeof k === 'symbol' ? String(k) : k));
}

/** A location inside an input document: a file (if any) and a path inside it. */
export interface InputLocation {
  /** File the input came from, if it came from a file (may end in `:line` or `:line:column`). */
  readonly file?: string | undefined;
  /** Path inside the document, e.g. `['events', 3, 'timestamp']`. */
  readonly path?: InputPath | undefined;
  /**
   * A place in the input as a person reads it rather than a document path (`message 3` of a bag,
   * `column 2` of a CSV line, `span "ai.toolCall" 1a2b`): shown before the reason.
   */
  readonly place?: string | undefined;
  /**
   * Where the path enters a nested value (a trace value, a config section): a long path is shown
   * with its middle elided after 6 more segments, so a message stays one readable line.
   */
  readonly deepFrom?: number | undefined;
}

/** One problem found in an input: where it is and what is wrong there (without the location). */
export interface InputIssue {
  readonly path: InputPath;
  readonly message: string;
  /** See `InputLocation.deepFrom`. */
  readonly deepFrom?: number | undefined;
}

/** How an input error's location and issues are turned into its message. */
export interface InputErrorOptions {
  readonly cause?: unknown;
  /**
   * Several issues are listed under `${n} problems in ${subject}:` (one inline; an empty subject: `${n} problems:`). @default "the input"
   */
  readonly subject?: string | undefined;
  /** The message already names where the problem is (a matcher's usage message): shown as is. */
  readonly named?: boolean | undefined;
}

/** A path as messages show it (`a.b[0]["motor:x"]`), terminal-safe, long ones elided. */
export function formatIssuePath(issue: Pick<InputIssue, 'path' | 'deepFrom'>): string {
  const text =
    issue.deepFrom === undefined
      ? formatPath(issue.path)
      : formatDeepPath(issue.path.slice(0, issue.deepFrom), issue.path.slice(issue.deepFrom));
  return escapeForTerminal(text);
}

function prefix(...parts: (string | undefined)[]): string {
  const shown = parts.filter((p): p is string => p !== undefined && p !== '');
  return shown.length ? `${shown.join(': ')}: ` : '';
}

/**
 * An input that cannot be used: a trace or a config document. The location is data (`label`,
 * `file`, `path`) and every problem found is kept (`issues`); `message` is computed from them, so
 * a layer that knows more (the config file, the matcher argument) adds it to the same error
 * (`inFile`, `under`, `labelled`, `framed`) instead of building a new one from the text.
 */
export abstract class InputError extends EnvTraceError {
  /** The matcher argument or API input the problem is in (`received`, `golden[1]`), if named. */
  label: string | undefined;
  /** File the input came from. */
  file: string | undefined;
  /**
   * Best-of (`evaluateBestOf`): the index of the golden candidate the problem was found in, so a
   * caller that knows the candidates' files can name the file (`label` is then `golden[i]`).
   */
  candidate: number | undefined;
  /** Every problem found, in document order (at least one). */
  issues: readonly InputIssue[];
  // Private fields: not own enumerable properties, so they stay out of printed errors.
  readonly #subject: string;
  readonly #named: boolean;
  #before = '';
  #after = '';

  constructor(
    code: string,
    issues: readonly InputIssue[],
    file: string | undefined,
    options: InputErrorOptions = {},
  ) {
    // No message of its own: `message` is computed (a getter on the prototype, below).
    super(code, undefined as unknown as string, options);
    this.file = file;
    this.label = undefined;
    this.candidate = undefined;
    this.issues = issues;
    this.#subject = options.subject ?? 'the input';
    this.#named = options.named === true;
  }

  /** The path of the problem (`[]` when several problems are listed, or for the whole document). */
  get path(): InputPath {
    return this.issues.length === 1 ? this.issues[0]!.path : [];
  }

  /** `path` as messages show it (`events[3].timestamp`; `""` for none). */
  get pathText(): string {
    return this.issues.length === 1 ? formatIssuePath(this.issues[0]!) : '';
  }

  /** What is wrong, without the location (one issue), or the list of issues. */
  get reason(): string {
    if (this.issues.length === 1) return this.issues[0]!.message;
    const lines = this.issues.map((i) => `  ${prefix(formatIssuePath(i))}${i.message}`);
    const subject = this.#subject === '' ? '' : ` in ${this.#subject}`;
    return `${this.issues.length} problems${subject}:\n${lines.join('\n')}`;
  }

  /** Name the file the input came from, unless one is named already. */
  inFile(file: string | undefined): this {
    if (this.file === undefined) this.file = file;
    return this;
  }

  /** The input was found at `path` inside a larger document: prefix every issue's path. */
  under(path: InputPath): this {
    this.issues = this.issues.map((i) => ({
      ...i,
      path: [...path, ...i.path],
      ...(i.deepFrom !== undefined ? { deepFrom: i.deepFrom + path.length } : {}),
    }));
    return this;
  }

  /** Name the argument the input was given as (shown first: `received: file: path: …`). */
  labelled(label: string): this {
    this.label = label;
    return this;
  }

  /** Show the located message inside a larger one (a matcher's hint before, a remedy after). */
  framed(before: string, after = ''): this {
    this.#before = before + this.#before;
    this.#after += after;
    return this;
  }

  static {
    // `message` is computed from the data on every read (an accessor cannot override Error's
    // `message` property in a class body).
    Object.defineProperty(InputError.prototype, 'message', {
      get(this: InputError): string {
        const located = this.#named
          ? this.reason
          : `${prefix(this.label, this.file, this.pathText)}${this.reason}`;
        return `${this.#before}${located}${this.#after}`;
      },
      enumerable: false,
      configurable: true,
    });
  }
}
brandClass(InputError, 'InputError');

function issuesOf(message: string, loc: InputLocation): InputIssue[] {
  return [
    {
      path: loc.path ?? [],
      message: loc.place ? `${loc.place}: ${message}` : message,
      ...(loc.deepFrom !== undefined ? { deepFrom: loc.deepFrom } : {}),
    },
  ];
}

/** A trace document that cannot be read: malformed JSON, wrong schema, non-finite timestamp. */
export class TraceError extends InputError {
  /** The Python exception the reference raises for the same input, where known. */
  readonly pyType: 'ValueError' | 'TypeError' | undefined;
  constructor(
    message: string,
    loc: InputLocation = {},
    options?: InputErrorOptions,
    pyType?: 'ValueError' | 'TypeError',
  ) {
    super('ERR_TRACE', issuesOf(message, loc), loc.file, {
      subject: 'the trace',
      ...options,
    });
    this.name = 'TraceError';
    this.pyType = pyType;
  }
}
brandClass(TraceError, 'TraceError');

/** A config document or options object that is invalid: unknown key, wrong type, unknown comparator. */
export class ConfigError extends InputError {
  constructor(message: string, loc: InputLocation = {}, options?: InputErrorOptions) {
    super('ERR_CONFIG', issuesOf(message, loc), loc.file, { subject: 'the options', ...options });
    this.name = 'ConfigError';
  }

  /** One error for every issue found (one inline, several listed under a count). */
  static fromIssues(
    issues: readonly InputIssue[],
    file: string | undefined,
    options?: InputErrorOptions,
  ): ConfigError {
    const err = new ConfigError('', { file }, options);
    err.issues = issues;
    return err;
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

function segment(seg: PropertyKey): string {
  if (typeof seg === 'number') return `[${seg}]`;
  if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg)) return `.${seg}`;
  return `[${JSON.stringify(String(seg))}]`;
}

/**
 * `prefix` + `path` in the `formatPath` style (`events[3].value[0][0]`), with the middle of a
 * long path elided (`events[3].value[0][0][0][0][0][0]…[0][0]`) so a message stays one
 * readable line.
 */
export function formatDeepPath(
  prefix: readonly PropertyKey[],
  path: readonly PropertyKey[],
): string {
  const all = [...prefix, ...path];
  const show = (segs: readonly PropertyKey[]) => segs.map(segment).join('');
  const head = prefix.length + 6;
  const text =
    all.length <= head + 4 ? show(all) : `${show(all.slice(0, head))}…${show(all.slice(-2))}`;
  return text.startsWith('.') ? text.slice(1) : text;
}
