/**
 * ROS 2 messages as trace values: CDR decoded with `@foxglove/rosmsg2-serialization` from a
 * `ros2msg` definition (the bag's own, else `@foxglove/rosmsg-msgs-common` for the common
 * types), turned into plain JSON-safe values. Loaded with `rosbag2-bag.ts`, only when a bag is read.
 */
import { parse as parseMessageDefinition } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg2-serialization';
import { ros2humble, ros2iron, ros2jazzy } from '@foxglove/rosmsg-msgs-common';
import { PyFloat, isPlainObject } from '../py/value.js';

/** One parsed message definition (what `@foxglove/rosmsg`'s `parse` returns a list of). */
type Definition = ReturnType<typeof parseMessageDefinition>[number];

/**
 * `pkg/msg/Type` → `pkg/Type`: bags name types with `/msg/` (`geometry_msgs/msg/Pose`), the
 * definitions' own field types and `@foxglove/rosmsg-msgs-common` without it.
 */
export function shortTypeName(type: string): string {
  return type.replace(/^([^/]+)\/msg\/([^/]+)$/, '$1/$2');
}

/**
 * A message decoder for one topic: `read` turns the bytes into the decoded message (typed
 * arrays, bigints), `plain` makes a part of it (at the field path `steps`, `[]` for the whole
 * message) a plain trace value. Split so that a field selector converts only what it selects.
 */
export interface MessageDecoder {
  read(data: Uint8Array): unknown;
  plain(part: unknown, steps: readonly (string | number)[]): unknown;
}

/**
 * A CDR decoder for `type` from `ros2msg` definition text (the type first, then its dependencies
 * after `====…` / `MSG: pkg/msg/Type` delimiters, as rosbag2 writes them). `reference`: integral
 * float fields become `PyFloat`s, as Python's decoders keep them floats.
 */
export function cdrDecoder(definitionText: string, reference: boolean): MessageDecoder {
  // rosbag2 names dependencies `MSG: pkg/Type` (as the fields write them), its design document
  // `MSG: pkg/msg/Type`; the parser matches field types by name, so both become `pkg/Type`.
  const text = definitionText.replace(/^MSG: ([^/\s]+)\/msg\/([^/\s]+)[ \t]*$/gm, 'MSG: $1/$2');
  const definitions = parseMessageDefinition(text, { ros2: true });
  return decoderFor(definitions, reference);
}

/** Every common ROS 2 type by short name (Jazzy first, then Iron and Humble for removed ones). */
const COMMON: ReadonlyMap<string, Definition> = (() => {
  const m = new Map<string, Definition>();
  for (const set of [ros2humble, ros2iron, ros2jazzy] as ReadonlyArray<
    Record<string, Definition>
  >) {
    for (const [name, def] of Object.entries(set)) m.set(name, def);
  }
  return m;
})();

/**
 * A CDR decoder for a common ROS 2 type (`std_msgs/msg/Float64`, `geometry_msgs/msg/PoseStamped`,
 * …) from `@foxglove/rosmsg-msgs-common`, or `undefined` when it is not one of them.
 */
export function commonCdrDecoder(type: string, reference: boolean): MessageDecoder | undefined {
  const root = COMMON.get(shortTypeName(type));
  if (root === undefined) return undefined;
  const out: Definition[] = [];
  const seen = new Set<string>();
  const visit = (def: Definition): void => {
    out.push(def);
    for (const f of def.definitions) {
      if (f.isComplex !== true || seen.has(f.type)) continue;
      seen.add(f.type);
      const dep = COMMON.get(f.type);
      // A missing dependency makes MessageReader throw, which the caller reports as undecodable.
      if (dep !== undefined) visit(dep);
    }
  };
  seen.add(root.name ?? '');
  visit(root);
  // The root goes first and unnamed, as a parsed definition text has it.
  return decoderFor([{ ...root, name: undefined }, ...out.slice(1)], reference);
}

function decoderFor(definitions: Definition[], reference: boolean): MessageDecoder {
  const reader = new MessageReader(definitions);
  const byName = new Map<string, Definition>();
  for (const d of definitions) if (d.name !== undefined) byName.set(shortTypeName(d.name), d);
  const shapes = new Map<Definition, Shape>();
  const root: FieldShape = { float: false, sub: shapeOf(definitions[0]!, byName, shapes) };
  const strings = new Strings();
  return {
    read: (data) => reader.readMessage(data),
    plain(part, steps) {
      // The shape at the path: a key goes one field down, an index stays on the array's field.
      let at: FieldShape = root;
      for (const step of steps)
        if (typeof step === 'string') at = at.sub?.fields.get(step) ?? UNKNOWN_FIELD;
      return plainField(part, at, reference, strings);
    },
  };
}

/** How to convert one message type's fields: built once per type, not per message. */
interface Shape {
  readonly fields: ReadonlyMap<string, FieldShape>;
}
interface FieldShape {
  /** A float32 / float64 field (integral values become `PyFloat` in reference mode). */
  readonly float: boolean;
  /** The field's message type, for a complex field whose definition is known. */
  readonly sub: Shape | undefined;
}

const FLOAT_TYPES = new Set(['float32', 'float64']);
const NO_FIELDS: Shape = { fields: new Map() };
const UNKNOWN_FIELD: FieldShape = { float: false, sub: undefined };

function shapeOf(
  def: Definition,
  byName: ReadonlyMap<string, Definition>,
  shapes: Map<Definition, Shape>,
): Shape {
  const known = shapes.get(def);
  if (known !== undefined) return known;
  const fields = new Map<string, FieldShape>();
  const shape: Shape = { fields };
  shapes.set(def, shape); // before the fields: a recursive type refers to itself
  for (const f of def.definitions) {
    if (f.isConstant === true) continue;
    const subDef = f.isComplex === true ? byName.get(shortTypeName(f.type)) : undefined;
    fields.set(f.name, {
      float: FLOAT_TYPES.has(f.type),
      sub: subDef && shapeOf(subDef, byName, shapes),
    });
  }
  return shape;
}

/** An integer as a trace value: a number when exact, else the `bigint` (kept exact, as `parseTrace` keeps big integers). */
function plainInteger(v: bigint): number | bigint {
  return v >= -BigInt(Number.MAX_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

/** Most distinct strings one decoder shares, and the longest it shares. */
const SHARED_STRINGS = 4096;
const SHARED_LENGTH = 64;

/**
 * One copy of each short string a topic repeats (a `frame_id` in every header, a state name):
 * the CDR reader makes a new string per message, 24 bytes and more each, kept for every event.
 * Bounded, so a topic of distinct strings costs one full map and no more.
 */
class Strings {
  readonly #seen = new Map<string, string>();
  get(s: string): string {
    if (s.length > SHARED_LENGTH) return s;
    const known = this.#seen.get(s);
    if (known !== undefined) return known;
    if (this.#seen.size < SHARED_STRINGS) this.#seen.set(s, s);
    return s;
  }
}

function plainField(v: unknown, field: FieldShape, reference: boolean, strings: Strings): unknown {
  if (typeof v === 'string') return strings.get(v);
  if (typeof v === 'number')
    return reference && field.float && Number.isInteger(v) && !Object.is(v, -0)
      ? new PyFloat(v)
      : v;
  if (typeof v === 'bigint') return plainInteger(v);
  if (ArrayBuffer.isView(v)) {
    // Typed arrays (float64[], uint8[] …) become plain arrays of numbers (or exact integers).
    const items = Array.from(v as unknown as ArrayLike<number | bigint>);
    return items.map((x) => plainField(x, field, reference, strings));
  }
  if (Array.isArray(v)) return v.map((x) => plainField(x, field, reference, strings));
  if (isPlainObject(v)) return plainMessage(v, field.sub ?? NO_FIELDS, reference, strings);
  return v;
}

/**
 * A decoded message as a plain object: integers beyond 2^53 stay exact `bigint`s, typed arrays
 * become arrays, `builtin_interfaces/Time` stays `{sec, nanosec}`. `shape` tells float fields
 * from integer ones (for reference mode); a field it does not know is converted by its JS type.
 */
function plainMessage(v: unknown, shape: Shape, reference: boolean, strings: Strings): unknown {
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v))
    out[k] = plainField(v[k], shape.fields.get(k) ?? UNKNOWN_FIELD, reference, strings);
  return out;
}
