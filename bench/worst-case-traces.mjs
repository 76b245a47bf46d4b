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
