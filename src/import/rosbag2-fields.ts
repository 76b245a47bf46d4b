/**
 * The message-field selector of the rosbag2 importers (`pose.position.x`, `position[0]`,
 * `/odom:twist.twist`): which part of a decoded message becomes the event's value.
 */
import { TraceError } from '../errors.js';
import { isPlainObject } from '../py/value.js';

/** One step of a field path: an object key or an array index. */
type Step = string | number;

/** A message-field selector: `pose.position.x`, `position[0]`, optionally for one topic (`/odom:pose.pose`). */
export interface FieldSelector {
  /** As the user wrote it (for messages). */
  readonly text: string;
  /** The topic it applies to; `undefined`: every topic. */
  readonly topic: string | undefined;
  readonly steps: readonly Step[];
}

/**
 * Parse selectors (`[topic:]path`, path `a.b[2].c` or `a.b.2.c`). A ROS 2 topic name cannot hold
 * `:`, so the first `:` separates the topic. `undefined` → none. A malformed selector is a
 * `TraceError`.
 */
export function parseFieldSelectors(
  field: string | readonly string[] | undefined,
): FieldSelector[] {
  if (field === undefined) return [];
  const list = typeof field === 'string' ? [field] : field;
  return list.map((text) => {
    const colon = text.indexOf(':');
    const topic = colon >= 0 ? text.slice(0, colon) : undefined;
    const path = colon >= 0 ? text.slice(colon + 1) : text;
    const steps: Step[] = [];
    const ok = /^[A-Za-z0-9_]+(?:\[\d+\])*(?:\.[A-Za-z0-9_]+(?:\[\d+\])*)*$/.test(path);
    if (!ok || topic === '')
      throw new TraceError(
        `field selector ${JSON.stringify(text)}: expected [topic:]path such as pose.position.x or position[0]`,
      );
    for (const part of path.split('.')) {
      const m = /^([A-Za-z0-9_]+)((?:\[\d+\])*)$/.exec(part)!;
      steps.push(/^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]!);
      for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(idx[1]));
    }
    return { text, topic, steps };
  });
}

/** The selector for a message on `topic`: the first for the topic, else the first for every topic. */
export function selectorFor(
  topic: string,
  selectors: readonly FieldSelector[],
): FieldSelector | undefined {
  return selectors.find((s) => s.topic === topic) ?? selectors.find((s) => !s.topic);
}

/** Where a message is, for a selector's error. */
export interface MessageLocation {
  readonly file: string | undefined;
  readonly path: string;
}

/**
 * The part of `value` (a message on `topic`) that `sel` picks. Works on decoded messages before
 * they are made plain (a typed array is indexed like an array), so that a large message is not
 * converted whole for one field. A path the message lacks is a `TraceError` at `where` naming
 * the step and the fields there are.
 */
export function selectPath(
  value: unknown,
  sel: FieldSelector,
  topic: string,
  where: MessageLocation,
): unknown {
  let v = value;
  for (const [i, step] of sel.steps.entries()) {
    const here = v;
    const list = Array.isArray(here) || ArrayBuffer.isView(here);
    const has =
      typeof step === 'number'
        ? list && step < (here as ArrayLike<unknown>).length
        : isPlainObject(here) && Object.prototype.hasOwnProperty.call(here, step);
    if (!has) {
      const upto = sel.steps.slice(0, i + 1).join('.');
      const what = isPlainObject(here)
        ? `the message has ${Object.keys(here).join(', ') || 'no fields'} there`
        : list
          ? `an array of ${(here as ArrayLike<unknown>).length} there`
          : 'a plain value there';
      const reason = `field selector ${JSON.stringify(sel.text)}: ${topic} has no ${upto} (${what}); select per topic with topic:path`;
      throw new TraceError(reason, { file: where.file, place: where.path });
    }
    v =
      typeof step === 'number'
        ? (here as ArrayLike<unknown>)[step]
        : (here as Record<string, unknown>)[step];
  }
  return v;
}

/** The value `selectors` pick from a plain message on `topic` (see `selectPath`); the message itself when none applies. */
export function selectField(
  value: unknown,
  topic: string,
  selectors: readonly FieldSelector[],
  where: MessageLocation,
): unknown {
  const sel = selectorFor(topic, selectors);
  return sel === undefined ? value : selectPath(value, sel, topic, where);
}
