// The worst-case pair families of bench/worst-case.mjs (issue 23), built from bench/traces.mjs.

import { makeCell } from './traces.mjs';

/** The gt and pred texts of a family at n gt events. */
export function family(name, n, seed) {
  const text = (events) => JSON.stringify({ events });
  if (name === 'bench20' || name === 'bench3') {
    const c = makeCell(name === 'bench20' ? 'ch20' : 'ch3', n, seed);
    return { gtText: c.gtText, predText: c.predText };
  }
  if (name === 'edits20' || name === 'edits50') {
    const c = makeCell('ch20', n, seed, name === 'edits20' ? 0.2 : 0.5);
    return { gtText: c.gtText, predText: c.predText };
  }
  if (name === 'rotation') return rotation(n);
  const base = makeCell('ch20', n, seed, 0);
  const gt = JSON.parse(base.gtText).events;
  if (name === 'noshared')
    return {
      gtText: base.gtText,
      predText: text(gt.map((e) => ({ ...e, channel: `x:${e.channel}` }))),
    };
  if (name === 'unrelated') {
    const other = JSON.parse(makeCell('ch20', n, seed ^ 0x5bd1e995, 0).gtText).events;
    return { gtText: base.gtText, predText: text(other) };
  }
  if (name === 'reversed') {
    const pred = gt.map((e, i) => ({ ...gt[gt.length - 1 - i], timestamp: e.timestamp }));
    return { gtText: base.gtText, predText: text(pred) };
  }
  if (name === 'valueoff') {
    const one = gt.map((e, i) => ({ channel: 'motor:x', timestamp: e.timestamp, value: i % 200 }));
    const off = one.map((e) => ({ ...e, value: e.value + 1000 }));
    return { gtText: text(one), predText: text(off) };
  }
  if (name === 'sparse') {
    const pred = gt.map((e, i) => (i % 20 === 0 ? e : { ...e, channel: `x:${e.channel}` }));
    return { gtText: base.gtText, predText: text(pred) };
  }
  throw new Error(name);
}

/** A deterministic hash of `i` in [0, 1000) (an integer mix, so the edits spread evenly). */
function edit(i) {
  let x = Math.imul(i + 1, 0x9e3779b1);
  x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
  return ((x ^ (x >>> 13)) >>> 0) % 1000;
}

/** The topics of `rotationMessage`, by its `on`. */
export const ROTATION_TOPICS = ['/pose', '/cmd', '/state'];

/**
 * Message i of two recordings of one robot run (also the bags of `bench/rosbag2.mjs --pair`):
 * three topics in a fixed rotation, 1 ms apart (half stamped poses, three tenths commands, a fifth
 * states), values that change slowly, so that they match their neighbours' within the default
 * tolerance, and structured, so that they cannot be bucketed; in the prediction 1.5 % of the
 * messages are dropped (`undefined`), 2 % have another value, each is logged up to 0.2 ms late.
 * `on` indexes `ROTATION_TOPICS`, `lateUs` is the logging delay in µs, the stamp counts from `sec0`.
 */
export function rotationMessage(i, pred, sec0 = 0) {
  const r = pred ? edit(i) : 1000;
  if (r < 15) return undefined;
  const on = i % 10 < 5 ? 0 : i % 10 < 8 ? 1 : 2;
  const delta = r < 35 ? 0.5 : 0;
  const stamp = { sec: sec0 + Math.floor(i / 1000), nanosec: (i % 1000) * 1e6 };
  const value =
    on === 0
      ? {
          header: { stamp, frame_id: 'map' },
          pose: {
            position: { x: Math.sin(i / 100) + delta, y: Math.cos(i / 100), z: 0 },
            orientation: { x: 0, y: 0, z: 0, w: 1 },
          },
        }
      : on === 1
        ? { data: Math.round(1000 * Math.sin(i / 50)) / 1000 + delta }
        : { data: (i >> 9) % 2 === (delta > 0 ? 1 : 0) ? 'moving' : 'idle' };
  return { on, lateUs: pred ? r % 200 : 0, value };
}

/** The `rotation` family: `rotationMessage`'s recordings as envtrace JSON. */
function rotation(n) {
  const make = (pred) => {
    const events = [];
    for (let i = 0; i < n; i++) {
      const msg = rotationMessage(i, pred);
      if (msg === undefined) continue;
      const timestamp = i * 1e-3 + msg.lateUs * 1e-6;
      events.push({ channel: ROTATION_TOPICS[msg.on], timestamp, value: msg.value });
    }
    return JSON.stringify({ events });
  };
  return { gtText: make(false), predText: make(true) };
}
