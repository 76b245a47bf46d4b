/**
 * Config files: text → `EvaluateOptions` (layer 8).
 *
 * Format by extension like the reference's `load_config`: `.yaml`/`.yml` (any case) → YAML,
 * anything else → JSON. The mode is `opts.mode` (CLI `--compat reference`) if given, else the
 * document's own top-level `mode` key, else `"default"`.
 *
 * - Default mode: the document is validated strictly (`validateOptions`). An empty or
 *   whitespace-only file, or a YAML `null` document, is `{}`.
 * - Reference mode: the reference's `json.loads(text or "{}")` / `yaml.safe_load(text) or {}`
 *   (only the empty string is `{}` for JSON; any falsy YAML document is `{}`), then
 *   `build_from_config`'s coercions (`./reference.ts`).
 */

import { extname } from 'node:path';
import { ConfigError, inputPath } from '../errors.js';
import { escapeForMessage } from '../schema/helpers.js';
import { InputFileError, readWhole, readWholeSync } from '../io/read.js';
import { decodeUtf8, Utf8DecodeError } from '../io/utf8.js';
import { selectPolicy, validateWith } from '../evaluate/options.js';
import type { EvaluateOptions } from '../evaluate/types.js';
import type { Mode, ScoringPolicy } from '../policy/index.js';
import { MAX_DEPTH } from '../py/depth.js';
import { JsonDepthError, JsonDuplicateKeyError, JsonSyntaxError, parsePyJson } from '../py/json.js';
import { pyBool } from '../py/float.js';
import { isPlainObject, orderedKeys, PyFloat, withKeyOrder } from '../py/value.js';
import { fromReferenceConfig } from './reference.js';
import { checkYamlDepth, parseConfigYaml, peekYamlMode, yamlTokens } from './yaml.js';

export type ConfigFormat = 'json' | 'yaml';

export interface ParseConfigOptions {
  readonly format: ConfigFormat;
  /** File name shown in error messages. */
  readonly file?: string | undefined;
  /** Wins over the document's `mode` key. */
  readonly mode?: Mode | undefined;
}

export interface LoadConfigOptions {
  /** Wins over the document's `mode` key. */
  readonly mode?: Mode | undefined;
}

const BOM = '\ufeff';

/** `.yaml`/`.yml` (case-insensitive) → `"yaml"`, anything else → `"json"`. */
export function configFormatOf(path: string): ConfigFormat {
  const ext = extname(path).toLowerCase();
  return ext === '.yaml' || ext === '.yml' ? 'yaml' : 'json';
}

/** Whether the policy reads config documents like the reference's `build_from_config` (B6). */
function pythonCoercion(policy: ScoringPolicy | undefined): boolean {
  return policy?.configCoercion === 'python';
}

/** Plain JS numbers for default mode: `PyFloat` unboxed, `bigint` rounded; key order kept. */
function plainNumbers(v: unknown): unknown {
  if (v instanceof PyFloat) return v.value;
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plainNumbers);
  if (isPlainObject(v)) {
    const keys = orderedKeys(v);
    const out: Record<string, unknown> = {};
    for (const k of keys)
      Object.defineProperty(out, k, {
        value: plainNumbers(v[k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return Object.keys(out).every((k, i) => k === keys[i]) ? out : withKeyOrder(out, keys);
  }
  return v;
}

/**
 * JSON config text → values; a document nested more than `MAX_DEPTH` levels is a `ConfigError`
 * with its path, and so (with `uniqueKeys`, default mode) is a key repeated in one object.
 */
function parseJson(text: string, file: string | undefined, uniqueKeys = false): unknown {
  try {
    // The parser refuses the first level past the limit itself, so nothing deeper is ever built.
    return parsePyJson(text, { file, preserveNumberKinds: true, maxDepth: MAX_DEPTH, uniqueKeys });
  } catch (err) {
    if (err instanceof JsonDuplicateKeyError) {
      throw new ConfigError(
        `duplicate key ${escapeForMessage(JSON.stringify(err.key))} at line ${err.line}, column ${err.column} (keys must be unique; reference mode keeps the last, as Python does)`,
        { file, path: inputPath(err.path) },
        { cause: err },
      );
    }
    if (err instanceof JsonDepthError) {
      throw new ConfigError(
        `nested more than ${MAX_DEPTH} levels of arrays and objects deep (the limit, see README "Limits") at line ${err.line}, column ${err.column}`,
        { file, path: inputPath(err.path), deepFrom: 0 },
        { cause: err },
      );
    }
    if (err instanceof JsonSyntaxError) {
      throw new ConfigError(
        `invalid JSON at line ${err.line}, column ${err.column}: ${err.reason}`,
        { file },
        { cause: err },
      );
    }
    throw err;
  }
}

/** A reference-mode JSON config: `json.loads(text or "{}")`, then `build_from_config`. */
function referenceJson(text: string, file: string | undefined): EvaluateOptions {
  // json.loads(text or "{}"): only the empty string is {}; a BOM is a decode error there.
  if (text.startsWith(BOM)) {
    throw new ConfigError(
      'invalid JSON at line 1, column 1: Unexpected UTF-8 BOM (decode using utf-8-sig)',
      { file },
    );
  }
  return fromReferenceConfig(text === '' ? {} : parseJson(text, file), file);
}

function fromJson(text: string, opts: ParseConfigOptions): EvaluateOptions {
  const { file } = opts;
  // The policy is chosen once: `opts.mode` if given, else the document's `mode` key.
  const given = opts.mode === undefined ? undefined : selectPolicy(undefined, opts.mode);
  if (pythonCoercion(given)) return referenceJson(text, file);
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  let doc: unknown;
  try {
    doc = body.trim() === '' ? {} : parseJson(body, file, true);
  } catch (err) {
    // A repeated key is allowed in a document that says `mode: reference` (Python keeps the last).
    const cause = err instanceof ConfigError ? err.cause : undefined;
    if (!(cause instanceof JsonDuplicateKeyError) || given !== undefined) throw err;
    doc = parseJson(body, file);
    if (!pythonCoercion(selectPolicy(doc))) throw err;
  }
  const policy = given ?? selectPolicy(doc);
  if (pythonCoercion(policy)) return referenceJson(text, file);
  return validateWith(plainNumbers(doc), { file, policy });
}

function fromYaml(text: string, opts: ParseConfigOptions): EvaluateOptions {
  const { file } = opts;
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  // Tokenised once. The depth check comes before composing: a very deep document overflows the stack there.
  const tokens = yamlTokens(body);
  checkYamlDepth(body, file, tokens);
  const policy = selectPolicy({ mode: peekYamlMode(body, tokens) }, opts.mode);
  const doc = parseConfigYaml(body, policy, file, tokens);
  if (pythonCoercion(policy)) {
    // yaml.safe_load(text) or {}
    return fromReferenceConfig(pyBool(doc) ? doc : {}, file);
  }
  return validateWith(doc === null ? {} : doc, { file, policy });
}

/**
 * Parse config text. `opts.mode` wins over the document's `mode` key.
 *
 * @throws ConfigError for malformed text (with line and column) or invalid options (with the
 *   path); in reference mode also ReferenceRaise where the reference raises.
 */
export function parseConfigText(text: string, opts: ParseConfigOptions): EvaluateOptions {
  return opts.format === 'yaml' ? fromYaml(text, opts) : fromJson(text, opts);
}

function configText(bytes: Uint8Array, file: string): string {
  try {
    return decodeUtf8(bytes);
  } catch (err) {
    if (!(err instanceof Utf8DecodeError)) throw err;
    throw new ConfigError(`the config file is ${err.message}`, { file }, { cause: err });
  }
}

/** Most bytes of a config file (16 MiB: a config is a few kilobytes; `/dev/zero` never ends). */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

function readError(err: unknown, file: string): ConfigError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a directory, not a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : ((err as Error | undefined)?.message ?? String(err));
  return new ConfigError(
    `cannot read the config file: ${reason}${code && code !== 'ENOENT' && code !== 'EISDIR' && !(err instanceof InputFileError) ? ` (${code})` : ''}`,
    { file },
    { cause: err },
  );
}

function fromBytes(bytes: Uint8Array, path: string, opts: LoadConfigOptions): EvaluateOptions {
  return parseConfigText(configText(bytes, path), {
    format: configFormatOf(path),
    file: path,
    mode: opts.mode,
  });
}

/**
 * Read and parse a config file (format by extension).
 *
 * @throws ConfigError naming the file when it cannot be read or is invalid.
 */
export async function loadConfig(
  path: string,
  opts: LoadConfigOptions = {},
): Promise<EvaluateOptions> {
  let bytes: Uint8Array;
  try {
    bytes = await readWhole(path, MAX_CONFIG_BYTES);
  } catch (err) {
    throw readError(err, path);
  }
  return fromBytes(bytes, path, opts);
}

/** Synchronous `loadConfig`, for matchers. */
export function loadConfigSync(path: string, opts: LoadConfigOptions = {}): EvaluateOptions {
  let bytes: Uint8Array;
  try {
    bytes = readWholeSync(path, MAX_CONFIG_BYTES);
  } catch (err) {
    throw readError(err, path);
  }
  return fromBytes(bytes, path, opts);
}
