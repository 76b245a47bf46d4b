/**
 * YAML config text → JSON-shaped values.
 *
 * Default mode reads YAML 1.2 (core schema): `1e-3` is a number, `yes` a string, keys must be
 * strings, duplicate keys are an error.
 *
 * Reference mode reproduces PyYAML's `safe_load` (YAML 1.1 as PyYAML implements it, README Q19):
 * PyYAML's own implicit resolvers replace the `yaml` package's 1.1 ones, which differ — for
 * PyYAML `1e-3`, `1e3` and `+.5` are *strings* (a float needs a dot and a signed exponent),
 * `y`/`n` are strings, `09` is a string; `yes/no/on/off` are booleans, `010` is octal,
 * `1:30` is sexagesimal (90), `~` is null. Integers keep Python's int kind and floats their
 * float kind (`PyFloat`, see `src/py/value.ts`), non-string keys become their Python `str()`
 * (remembered: see `nonStringKeys`), duplicate keys are allowed (the last value wins).
 */

import {
  Composer,
  CST,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Parser,
  type Alias,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type ScalarTag,
  type Tags,
  type YAMLError,
  YAMLParseError,
} from 'yaml';
import { ConfigError, inputPath } from '../errors.js';
import { MAX_DEPTH } from '../py/depth.js';
import { parsePyFloatLiteral } from '../py/float.js';
import { formatPyFloat, formatPyInt } from '../py/str.js';
import { boxFloat, withKeyOrder } from '../py/value.js';
import { escapeForMessage } from '../schema/helpers.js';
import type { ScoringPolicy } from '../policy/index.js';

// ---------------------------------------------------------------------------------------------
// PyYAML's implicit resolvers and constructors (yaml/resolver.py, yaml/constructor.py)

const PY_BOOL_RE =
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const PY_FLOAT_RE =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const PY_INT_RE =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;

const BOOL_VALUES: Readonly<Record<string, boolean>> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  on: true,
  off: false,
};

/** Python `int(s, base)` for the digit strings PyYAML passes (no sign, no underscores). */
function pyIntDigits(s: string, base: 2 | 8 | 10 | 16): bigint | undefined {
  const digits = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base];
  if (!digits.test(s)) return undefined;
  const prefix = { 2: '0b', 8: '0o', 10: '', 16: '0x' }[base];
  return BigInt(prefix + s);
}

/** PyYAML `construct_yaml_int`: an int as a `bigint`, or `undefined` where Python raises. */
export function constructPyYamlInt(text: string): bigint | undefined {
  let value = text.replace(/_/g, '');
  let sign = 1n;
  if (value[0] === '-') sign = -1n;
  if (value[0] === '-' || value[0] === '+') value = value.slice(1);
  let n: bigint | undefined;
  if (value === '0') return 0n;
  if (value.startsWith('0b')) n = pyIntDigits(value.slice(2), 2);
  else if (value.startsWith('0x')) n = pyIntDigits(value.slice(2), 16);
  else if (value[0] === '0') n = pyIntDigits(value, 8);
  else if (value.includes(':')) {
    n = 0n;
    let base = 1n;
    for (const part of value.split(':').reverse()) {
      const d = pyIntDigits(part, 10);
      if (d === undefined) return undefined;
      n += d * base;
      base *= 60n;
    }
  } else n = pyIntDigits(value, 10);
  return n === undefined ? undefined : sign * n;
}

/** PyYAML `construct_yaml_float`: a double, or `undefined` where Python raises. */
export function constructPyYamlFloat(text: string): number | undefined {
  let value = text.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (value[0] === '-') sign = -1;
  if (value[0] === '-' || value[0] === '+') value = value.slice(1);
  if (value === '.inf') return sign * Infinity;
  if (value === '.nan') return NaN;
  const float = parsePyFloatLiteral;
  if (value.includes(':')) {
    let sum = 0;
    let base = 1;
    for (const part of value.split(':').reverse()) {
      const d = float(part);
      if (d === undefined) return undefined;
      sum += d * base;
      base *= 60;
    }
    return sign * sum;
  }
  const f = float(value);
  return f === undefined ? undefined : sign * f;
}

const pyBoolTag: ScalarTag = {
  tag: 'tag:yaml.org,2002:bool',
  default: true,
  identify: (v) => typeof v === 'boolean',
  test: PY_BOOL_RE,
  resolve(str, onError) {
    const b = BOOL_VALUES[str.toLowerCase()];
    if (b === undefined) onError(`cannot read ${JSON.stringify(str)} as a boolean`);
    return b ?? str;
  },
};

const pyIntTag: ScalarTag = {
  tag: 'tag:yaml.org,2002:int',
  default: true,
  identify: (v) => typeof v === 'bigint',
  test: PY_INT_RE,
  resolve(str, onError) {
    const n = str === '' ? undefined : constructPyYamlInt(str);
    if (n === undefined) onError(`cannot read ${JSON.stringify(str)} as an integer`);
    return n ?? str;
  },
};

const pyFloatTag: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: true,
  identify: (v) => typeof v === 'number',
  test: PY_FLOAT_RE,
  resolve(str, onError) {
    const x = str === '' ? undefined : constructPyYamlFloat(str);
    if (x === undefined) onError(`cannot read ${JSON.stringify(str)} as a float`);
    return x ?? str;
  },
};

const REPLACED_TAGS = new Set([
  'tag:yaml.org,2002:bool',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
]);

function pyYamlTags(tags: Tags): Tags {
  const kept = tags.filter((t) => typeof t === 'string' || !REPLACED_TAGS.has(t.tag));
  const implicit = [pyBoolTag, pyIntTag, pyFloatTag];
  // Copies without `test` serve explicit tags (`!!float 1` → 1.0) whatever the text.
  const explicit = implicit.map((t): ScalarTag => ({ ...t, default: false, test: undefined }));
  return [...kept, ...implicit, ...explicit];
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** Non-string keys of a mapping read in reference mode, by the `str()` they were stored under. */
const NON_STRING_KEYS = new WeakMap<object, ReadonlySet<string>>();

/** The keys of `obj` that were not strings in the YAML source (their Python `str()` form). */
export function nonStringKeys(obj: object): ReadonlySet<string> {
  return NON_STRING_KEYS.get(obj) ?? new Set();
}

/**
 * A YAML text lexed and parsed once into its concrete syntax tree (the `yaml` parser builds it
 * without recursion). The depth check, the `mode` peek and composition all read these tokens, so a
 * large config is tokenised once, not three times.
 */
export function yamlTokens(text: string): readonly CST.Token[] {
  return Array.from(new Parser().parse(text));
}

function errorLocation(err: YAMLError, text: string): string {
  const offset = err.pos[0];
  return offset >= 0 && offset <= text.length ? ` at ${lineColumn(text, offset)}` : '';
}

function firstLine(message: string): string {
  const cut = message.search(/ at line \d+, column \d+/);
  const text = cut >= 0 ? message.slice(0, cut) : (message.split('\n')[0] ?? message);
  return escapeForMessage(text);
}

function compose(
  text: string,
  tokens: readonly CST.Token[],
  options: DocumentOptions & ParseOptions & SchemaOptions,
): Document.Parsed {
  const composer = new Composer(options);
  let doc: Document.Parsed | undefined;
  // As `parseDocument`: the first document; a second one is an error.
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents',
        ),
      );
      break;
    }
  }
  return doc!;
}

function parse(
  text: string,
  tokens: readonly CST.Token[],
  pyYaml: boolean,
  file: string | undefined,
): Document.Parsed {
  const doc = pyYaml
    ? compose(text, tokens, {
        version: '1.1',
        customTags: pyYamlTags,
        intAsBigInt: true,
        uniqueKeys: false,
        merge: true,
      })
    : // Unique keys are checked by `checkDocument` (the `yaml` package's own check is quadratic).
      compose(text, tokens, { version: '1.2', schema: 'core', uniqueKeys: false });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    throw new ConfigError(
      `invalid YAML${errorLocation(problem, text)}: ${firstLine(problem.message)}`,
      { file },
      { cause: problem },
    );
  }
  return doc;
}

function pyKeyStr(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (typeof key === 'bigint') return formatPyInt(key);
  if (typeof key === 'number') return formatPyFloat(key);
  if (typeof key === 'boolean') return key ? 'True' : 'False';
  if (key === null) return 'None';
  return undefined;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v instanceof Date) return 'a timestamp';
  if (Array.isArray(v)) return 'a sequence';
  if (v instanceof Map) return 'a mapping';
  // Object.create(null) has no constructor, whatever the lib types say.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  return typeof v === 'object' ? `a ${v.constructor?.name ?? 'object'}` : `a ${typeof v}`;
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `toJS({mapAsMap})` output → plain JSON-shaped values in the conventions of `src/py/value.ts`. */
function convert(
  v: unknown,
  pyYaml: boolean,
  file: string | undefined,
  path: PropertyKey[],
): unknown {
  const fail = (message: string): never => {
    throw new ConfigError(message, { file, path: inputPath(path) });
  };
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
  if (typeof v === 'number') return pyYaml ? boxFloat(v) : v;
  if (Array.isArray(v)) return v.map((item, i) => convert(item, pyYaml, file, [...path, i]));
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    const order: string[] = [];
    const nonString = new Set<string>();
    for (const [rawKey, value] of v) {
      let key: string | undefined;
      if (typeof rawKey === 'string') key = rawKey;
      else if (pyYaml) {
        key = pyKeyStr(rawKey);
        if (key === undefined) fail(`a mapping key must be a scalar, found ${describe(rawKey)}`);
      } else {
        fail(
          `mapping keys must be strings, found ${describe(rawKey)} key ${escapeForMessage(JSON.stringify(String(rawKey)))}; quote it`,
        );
      }
      const k = key as string;
      if (typeof rawKey !== 'string') nonString.add(k);
      if (!Object.prototype.hasOwnProperty.call(out, k)) order.push(k);
      setOwn(out, k, convert(value, pyYaml, file, [...path, k]));
    }
    if (nonString.size) NON_STRING_KEYS.set(out, nonString);
    const jsOrder = Object.keys(out);
    return jsOrder.every((k, i) => k === order[i]) ? out : withKeyOrder(out, order);
  }
  if (v === undefined) return null;
  return fail(`${describe(v)} is not supported in an envtrace config`);
}

// ---------------------------------------------------------------------------------------------
// Nesting limit (README "Limits"). The `yaml` package composes documents and converts them to JS
// recursively: a few thousand levels (`[[[[…`, or `- - - - …` on one line) overflow its stack,
// and near the stack limit V8 can even abort the process. So the depth is checked first on the
// concrete syntax tree, which the `yaml` parser builds without recursion, and again after
// composition with aliases expanded (an alias repeats a collection at a deeper place).

const TOO_DEEP = `nested more than ${MAX_DEPTH} levels of sequences and mappings deep (the limit, see README "Limits")`;

function lineColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${offset - start + 1}`;
}

interface CstItem {
  readonly key?: CST.Token | null;
  readonly value?: CST.Token | null;
}

/** A CST node on the walk, with its parent link (the path is built only for an error). */
interface Visit {
  readonly token: CST.Token;
  readonly depth: number;
  readonly parent: Visit | undefined;
  readonly seg: PropertyKey | undefined;
}

/**
 * `onError` for the CST pre-checks: a malformed scalar (an unterminated quote, …) is reported by
 * the composer afterwards as a ConfigError with its line; without a callback the yaml package
 * throws its own YAMLParseError from inside the pre-check.
 */
function ignoreScalarError(): void {}

function keyOf(token: CST.Token | null | undefined, index: number): PropertyKey {
  if (!token) return index;
  const scalar = CST.isScalar(token) ? CST.resolveAsScalar(token, true, ignoreScalarError) : null;
  return scalar ? scalar.value : index;
}

/**
 * Throws `ConfigError` (file, path, line and column) when a YAML text nests more than
 * `MAX_DEPTH` collections, without composing it (no recursion, any depth).
 */
export function checkYamlDepth(
  text: string,
  file?: string,
  tokens: readonly CST.Token[] = yamlTokens(text),
): void {
  for (const doc of tokens) {
    if (doc.type !== 'document' || !doc.value) continue;
    const stack: Visit[] = [{ token: doc.value, depth: 0, parent: undefined, seg: undefined }];
    for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
      const token = visit.token;
      if (
        token.type !== 'block-map' &&
        token.type !== 'block-seq' &&
        token.type !== 'flow-collection'
      )
        continue;
      const depth = visit.depth + 1;
      if (depth > MAX_DEPTH) {
        const path: PropertyKey[] = [];
        for (let v: Visit | undefined = visit; v?.seg !== undefined; v = v.parent)
          path.unshift(v.seg);
        throw new ConfigError(`${TOO_DEEP} at ${lineColumn(text, token.offset)}`, {
          file,
          path: inputPath(path),
          deepFrom: 0,
        });
      }
      const isMapping =
        token.type === 'block-map' ||
        (token.type === 'flow-collection' && token.start.source === '{');
      const items = token.items as readonly CstItem[];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const seg = isMapping ? keyOf(item.key, i) : i;
        if (item.key) stack.push({ token: item.key, depth, parent: visit, seg });
        if (item.value) stack.push({ token: item.value, depth, parent: visit, seg });
      }
    }
  }
}

/**
 * Every alias of a composed document → the node it refers to (the last node with its anchor
 * before it in document order, as `Alias.resolve`), in one walk: O(nodes). The `yaml` package's
 * `Alias.resolve(doc)` walks the whole document per alias (and, in `toJS`, scans every earlier
 * anchor and alias), so 4,000 aliases took 10.7 s. An alias without an anchor before it is absent.
 * Recursion is bounded: `checkYamlDepth` has already limited the nesting of the text.
 */
type Aliases = ReadonlyMap<Alias, unknown>;

function resolveAliases(doc: Document.Parsed): Aliases {
  const anchors = new Map<string, unknown>();
  const out = new Map<Alias, unknown>();
  const walk = (node: unknown): void => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target !== undefined) out.set(node, target);
      return;
    }
    if (isPair(node)) {
      walk(node.key);
      walk(node.value);
      return;
    }
    if (!isNode(node)) return;
    if (node.anchor) anchors.set(node.anchor, node);
    if (isMap(node) || isSeq(node)) for (const item of node.items as unknown[]) walk(item);
  };
  walk(doc.contents);
  return out;
}

/**
 * Replace every alias in the composed document by the node it refers to (after the checks), so
 * that `toJS` never resolves an alias itself (see `resolveAliases`). A node then appears at each
 * place its aliases stood; `toJS` converts it at each, which costs the expanded size that
 * `checkDocument` has bounded. One walk over the composed nodes (not into the replacements).
 */
function inlineAliases(doc: Document.Parsed, aliases: Aliases): void {
  const sub = (node: unknown): unknown => (isAlias(node) ? aliases.get(node) : node);
  const walk = (node: unknown): void => {
    if (isPair(node)) {
      if (isAlias(node.key)) node.key = sub(node.key);
      else walk(node.key);
      if (isAlias(node.value)) node.value = sub(node.value);
      else walk(node.value);
      return;
    }
    if (!isMap(node) && !isSeq(node)) return;
    const items = node.items as unknown[];
    for (let i = 0; i < items.length; i++) {
      if (isAlias(items[i])) items[i] = sub(items[i]);
      else walk(items[i]);
    }
  };
  if (isAlias(doc.contents)) doc.contents = sub(doc.contents) as typeof doc.contents;
  else walk(doc.contents);
}

/**
 * Throws `ConfigError` when the composed document nests more than `MAX_DEPTH` collections once
 * aliases are expanded, or an alias refers to a collection that contains it. Heights are
 * memoised per node, so repeated aliases cost nothing extra; the recursion stops at the limit.
 */
function checkComposedDepth(
  doc: Document.Parsed,
  aliases: Aliases,
  file: string | undefined,
): void {
  const heights = new Map<unknown, number>();
  const open = new Set<unknown>();
  const fail = (message: string, path: readonly PropertyKey[]): never => {
    throw new ConfigError(message, {
      file,
      path: inputPath(path),
      deepFrom: 0,
    });
  };
  const height = (node: unknown, depth: number, path: PropertyKey[]): number => {
    const target = isAlias(node) ? aliases.get(node) : node;
    if (!isMap(target) && !isSeq(target)) return 0;
    if (open.has(target))
      return fail('an alias refers to a collection that contains it (a circular structure)', path);
    const known = heights.get(target);
    if (known !== undefined)
      return depth + known > MAX_DEPTH
        ? fail(`${TOO_DEEP} once aliases are expanded`, path)
        : known;
    if (depth + 1 > MAX_DEPTH) fail(`${TOO_DEEP} once aliases are expanded`, path);
    open.add(target);
    let h = 0;
    target.items.forEach((item: unknown, i: number) => {
      if (isPair(item)) {
        const seg =
          isScalar(item.key) &&
          (typeof item.key.value === 'string' || typeof item.key.value === 'number')
            ? item.key.value
            : i;
        h = Math.max(
          h,
          height(item.key, depth + 1, [...path, seg]),
          height(item.value, depth + 1, [...path, seg]),
        );
      } else {
        h = Math.max(h, height(item, depth + 1, [...path, i]));
      }
    });
    open.delete(target);
    heights.set(target, h + 1);
    return h + 1;
  };
  height(doc.contents, 0, []);
}

// ---------------------------------------------------------------------------------------------
// Aliases and unique keys (README "Limits"). An alias repeats its anchor's value where it stands:
// nine anchors of nine aliases each ("billion laughs") expand a 1 KB text to 387 million values.
// The values that aliases add are counted on the composed document (each node's size is computed
// once, so counting costs no expansion) and refused past `MAX_ALIAS_EXPANSION`, at the alias that
// goes over: ordinary reuse (one comparator spec shared by hundreds of channels) stays far below.

/** Most values (scalars and collections) that the aliases of one YAML config may add once expanded. */
export const MAX_ALIAS_EXPANSION = 100_000;

type Located = { readonly range?: readonly number[] | null | undefined };

function at(text: string, node: Located): string {
  const offset = node.range?.[0];
  return offset === undefined ? '' : ` at ${lineColumn(text, offset)}`;
}

/**
 * Walks the composed document once, in document order, and throws `ConfigError` (file, line and
 * column) for an alias without an anchor before it, for aliases that expand the document past
 * `MAX_ALIAS_EXPANSION` values, and (with `uniqueKeys`) for a key repeated in one mapping.
 * Recursion is bounded: `checkYamlDepth` has already limited the nesting of the text.
 */
function checkDocument(
  doc: Document.Parsed,
  aliases: Aliases,
  text: string,
  file: string | undefined,
  uniqueKeys: boolean,
): void {
  const sizes = new Map<unknown, number>();
  // Expanded size of a node; circular aliases were refused by `checkComposedDepth` before.
  const size = (node: unknown): number => {
    const target = isAlias(node) ? aliases.get(node) : node;
    if (!isMap(target) && !isSeq(target)) return 1;
    const known = sizes.get(target);
    if (known !== undefined) return known;
    let n = 1;
    for (const item of target.items as unknown[])
      n += isPair(item) ? size(item.key) + size(item.value) : size(item);
    sizes.set(target, n);
    return n;
  };
  const fail = (message: string, node: Located): never => {
    throw new ConfigError(`invalid YAML${at(text, node)}: ${message}`, { file });
  };
  let added = 0;
  const visit = (node: unknown): void => {
    if (isAlias(node)) {
      const target = aliases.get(node);
      const name = escapeForMessage(node.source);
      if (target === undefined)
        fail(`undefined alias *${name} (an anchor &${name} must come before it)`, node);
      added += size(target);
      if (added > MAX_ALIAS_EXPANSION) {
        fail(
          `aliases expand the document by more than ${MAX_ALIAS_EXPANSION} values (the limit, see README "Limits")`,
          node,
        );
      }
      return;
    }
    if (!isMap(node) && !isSeq(node)) return;
    const keys = uniqueKeys && isMap(node) ? new Set<unknown>() : undefined;
    for (const item of node.items as unknown[]) {
      if (!isPair(item)) {
        visit(item);
        continue;
      }
      if (keys && isScalar(item.key)) {
        if (keys.has(item.key.value)) {
          const shown = escapeForMessage(JSON.stringify(String(item.key.value)));
          fail(`duplicate key ${shown} (keys must be unique)`, item.key);
        }
        keys.add(item.key.value);
      }
      visit(item.key);
      visit(item.value);
    }
  };
  visit(doc.contents);
}

/** The top-level `mode` key of a YAML text, read leniently from its syntax tree (errors ignored). */
export function peekYamlMode(
  text: string,
  tokens: readonly CST.Token[] = yamlTokens(text),
): unknown {
  const doc = tokens.find((t) => t.type === 'document');
  const top = doc?.type === 'document' ? doc.value : undefined;
  if (
    !top ||
    (top.type !== 'block-map' && !(top.type === 'flow-collection' && top.start.source === '{'))
  )
    return undefined;
  for (const item of top.items as readonly CstItem[]) {
    const key =
      item.key && CST.isScalar(item.key)
        ? CST.resolveAsScalar(item.key, true, ignoreScalarError)
        : null;
    if (key?.value !== 'mode') continue;
    const value =
      item.value && CST.isScalar(item.value)
        ? CST.resolveAsScalar(item.value, true, ignoreScalarError)
        : null;
    return value?.value;
  }
  return undefined;
}

/**
 * Parse YAML config text under `policy` (its `configYaml` rule). Empty / `null` document → `null` (the caller maps it to
 * `{}`). Throws `ConfigError` with line and column for malformed YAML, and with the path for a
 * document nested more than `MAX_DEPTH` levels deep (aliases expanded) or a circular alias, and
 * with line and column for an undefined alias, aliases that expand the document by more than
 * `MAX_ALIAS_EXPANSION` values and (default mode) a duplicate key.
 */
export function parseConfigYaml(
  text: string,
  policy: ScoringPolicy,
  file?: string,
  tokens: readonly CST.Token[] = yamlTokens(text),
): unknown {
  const pyYaml = policy.configYaml === 'pyyaml-1.1';
  checkYamlDepth(text, file, tokens);
  const doc = parse(text, tokens, pyYaml, file);
  const aliases = resolveAliases(doc);
  checkComposedDepth(doc, aliases, file);
  checkDocument(doc, aliases, text, file, !pyYaml);
  inlineAliases(doc, aliases);
  // `checkDocument` bounds what aliases add (the `yaml` package's own alias count is too strict);
  // no alias is left for `toJS` to count.
  const js: unknown = doc.toJS({ mapAsMap: true, maxAliasCount: -1 });
  return convert(js, pyYaml, file, []);
}
