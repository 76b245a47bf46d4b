// Seeded synthetic traces for the benchmarks (shared by bench/run.mjs and bench/scale.mjs).
// Shaped like the reference's performance baseline (/work/shared/conformance/README.md §6).

// ---------------------------------------------------------------------------------------------
// Seeded PRNG and distributions

/** mulberry32: a small 32-bit PRNG, uniform in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Exponential with the given mean (inverse CDF; 1 - u is in (0, 1]). */
function exponential(rand, mean) {
  return -Math.log(1 - rand()) * mean;
}

/** Standard normal (Box–Muller). */
function gaussian(rand) {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

const round = (x, digits) => Number(x.toFixed(digits));

// ---------------------------------------------------------------------------------------------
// Synthetic traces (README §6): gt with exponential inter-event times (mean 0.1 s);
// pred = gt with ~5 % edits (delete / insert / value change / adjacent swap, equal shares)
// and 2 ms Gaussian timestamp jitter.

export const MEAN_GAP_S = 0.1;
export const EDIT_RATE = 0.05;
export const JITTER_SD_S = 0.002;

/** `numeric` channels carry set points, `toggle` channels alternate 1/0 (detector acquire style). */
export const VARIANTS = {
  ch20: {
    description: '20 channels: 15 numeric, 5 toggles',
    channels: [
      ...Array.from({ length: 15 }, (_, i) => ({
        name: `motor:m${String(i).padStart(2, '0')}`,
        kind: 'numeric',
      })),
      ...Array.from({ length: 5 }, (_, i) => ({ name: `det${i}:Acquire`, kind: 'toggle' })),
    ],
  },
  ch3: {
    description: "3 channels: 2 numeric, 1 toggle (difflib's hard case)",
    channels: [
      { name: 'motor:x', kind: 'numeric' },
      { name: 'motor:y', kind: 'numeric' },
      { name: 'det:Acquire', kind: 'toggle' },
    ],
  },
};

function numericValue(rand) {
  return round(rand() * 200 - 100, 3);
}

function generateGolden(variant, n, rand) {
  const channels = VARIANTS[variant].channels;
  const toggleState = new Map();
  const events = new Array(n);
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += exponential(rand, MEAN_GAP_S);
    const ch = channels[Math.floor(rand() * channels.length)];
    let value;
    if (ch.kind === 'toggle') {
      value = toggleState.get(ch.name) === 1 ? 0 : 1;
      toggleState.set(ch.name, value);
    } else {
      value = numericValue(rand);
    }
    events[i] = { channel: ch.name, timestamp: round(t, 6), value };
  }
  return events;
}

function changedValue(channel, value, rand, variant) {
  const kind = VARIANTS[variant].channels.find((c) => c.name === channel).kind;
  if (kind === 'toggle') return value === 1 ? 0 : 1;
  // Far outside any tolerance: shift by 1..10 units.
  return round(value + (rand() < 0.5 ? -1 : 1) * (1 + rand() * 9), 3);
}

function generatePrediction(variant, gt, rand, editRate = EDIT_RATE) {
  const channels = VARIANTS[variant].channels;
  const out = [];
  const edits = { delete: 0, insert: 0, change: 0, swap: 0 };
  for (let i = 0; i < gt.length; i++) {
    const e = gt[i];
    if (rand() >= editRate) {
      out.push({ ...e });
      continue;
    }
    const kind = Math.floor(rand() * 4);
    if (kind === 0) {
      edits.delete++;
    } else if (kind === 1) {
      // Keep the event and insert a spurious one before the next gt event.
      out.push({ ...e });
      const next = i + 1 < gt.length ? gt[i + 1].timestamp : e.timestamp + MEAN_GAP_S;
      const ch = channels[Math.floor(rand() * channels.length)];
      const value = ch.kind === 'toggle' ? (rand() < 0.5 ? 0 : 1) : numericValue(rand);
      out.push({
        channel: ch.name,
        timestamp: round(e.timestamp + rand() * (next - e.timestamp), 6),
        value,
      });
      edits.insert++;
    } else if (kind === 2) {
      out.push({ ...e, value: changedValue(e.channel, e.value, rand, variant) });
      edits.change++;
    } else if (i + 1 < gt.length) {
      // Adjacent swap: the two events happen in the opposite order (time slots kept).
      const f = gt[i + 1];
      out.push({ channel: f.channel, timestamp: e.timestamp, value: f.value });
      out.push({ channel: e.channel, timestamp: f.timestamp, value: e.value });
      edits.swap++;
      i++;
    } else {
      out.push({ ...e });
    }
  }
  for (const e of out)
    e.timestamp = round(Math.max(0, e.timestamp + JITTER_SD_S * gaussian(rand)), 6);
  out.sort((a, b) => a.timestamp - b.timestamp); // a logger writes in time order (stable sort)
  return { events: out, edits };
}

// Base seeds are derived per cell so that adding a size does not change the other cells' data.
export function cellSeed(base, variant, n) {
  let h = base >>> 0;
  for (const ch of `${variant}:${n}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/**
 * One bench pair: gt and pred JSON texts. `editRate` (default `EDIT_RATE`, 5 %) is the share of gt
 * events edited; another rate keeps the same gt (same seed) and draws other edits.
 */
export function makeCell(variant, n, baseSeed, editRate = EDIT_RATE) {
  const rand = mulberry32(cellSeed(baseSeed, variant, n));
  const gt = generateGolden(variant, n, rand);
  const { events: pred, edits } = generatePrediction(variant, gt, rand, editRate);
  return {
    gtText: JSON.stringify({ events: gt }),
    predText: JSON.stringify({ events: pred }),
    gtEvents: gt.length,
    predEvents: pred.length,
    edits,
  };
}

/**
 * The short-equal-blocks pattern (issue 8): pred = gt, except that every `every`-th pred event is
 * on a channel of its own (one that never occurs in gt), so the equal blocks between gt and pred
 * are at most `every - 1` events long. No jitter: only the channel sequence matters here.
 */
export function makeShortBlocksCell(variant, n, baseSeed, every = 5) {
  const rand = mulberry32(cellSeed(baseSeed, `${variant}:short${every}`, n));
  const gt = generateGolden(variant, n, rand);
  const pred = gt.map((e, i) =>
    i % every === every - 1 ? { channel: 'aux:heartbeat', timestamp: e.timestamp, value: 1 } : e,
  );
  return {
    gtText: JSON.stringify({ events: gt }),
    predText: JSON.stringify({ events: pred }),
    gtEvents: gt.length,
    predEvents: pred.length,
    edits: { replacedByOwnChannel: Math.floor(n / every) },
  };
}
