#!/usr/bin/env node
// Regenerates the example traces in this folder (deterministic: a fixed-seed PRNG for the
// millisecond jitter). The JSON files are committed; run `node examples/traces/generate.mjs`
// after changing this script.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** mulberry32: small deterministic PRNG in [0, 1). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (x, digits = 3) => Number(x.toFixed(digits));

/** A float value: written with a decimal point even when integral (`30.0`), as Python writes floats. */
class F {
  constructor(v) {
    this.v = v;
  }
}
const f = (v) => new F(v);
const floatText = (x) => (Number.isInteger(x) ? x.toFixed(1) : String(x));
const valueText = (v) => (v instanceof F ? floatText(v.v) : JSON.stringify(v));
const eventText = (e) =>
  `{"channel": ${JSON.stringify(e.channel)}, "timestamp": ${floatText(e.timestamp)}, "value": ${valueText(e.value)}}`;

/** Shift every timestamp by up to ±maxMs milliseconds (deterministic), keeping times >= 0. */
function jitter(events, seed, maxMs) {
  const rnd = prng(seed);
  return events.map((e) => ({
    ...e,
    timestamp: round(Math.max(0, e.timestamp + ((rnd() * 2 - 1) * maxMs) / 1000)),
  }));
}

const byTime = (a, b) => a.timestamp - b.timestamp;

function write(file, events, meta) {
  // One event per line: readable diffs, still plain JSON. Timestamps are floats.
  const lines = [...events].sort(byTime).map((e) => `    ${eventText(e)}`);
  const text = `{\n  "schema_version": "1",\n  "meta": ${JSON.stringify(meta)},\n  "events": [\n${lines.join(',\n')}\n  ]\n}\n`;
  writeFileSync(path.join(here, file), text);
}

// ---------------------------------------------------------------------------------------
// Beamline: set the sample temperature, then an x scan at three positions, one exposure each.
// Channels are the real EPICS PV names; envtrace.config.yaml aliases them to short names.

const PV = {
  x: 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr',
  acquire: 'XF:11BMB-ES{Det:PIL2M}:cam1:Acquire',
  acquireTime: 'XF:11BMB-ES{Det:PIL2M}:cam1:AcquireTime',
  fileName: 'XF:11BMB-ES{Det:PIL2M}:TIFF1:FileName',
  tempSp: 'XF:11BM-ES{Env:01-Out:1}T-SP',
  temp: 'XF:11BM-ES{Env:01-Chan:A}T:C-I',
};

function beamline({ exposure, tempNoiseSeed }) {
  const events = [];
  events.push({ channel: PV.tempSp, timestamp: 0.0, value: f(30.0) });
  // Read-back: ramps from 25 °C to the 30 °C set point over 4 s, sampled every 0.5 s, small noise.
  const noise = prng(tempNoiseSeed);
  for (let i = 0; i <= 8; i++) {
    const t = i * 0.5;
    const ideal = 25 + 5 * Math.min(1, t / 4);
    events.push({
      channel: PV.temp,
      timestamp: t,
      value: f(round(ideal + (noise() - 0.5) * 0.1, 2)),
    });
  }
  events.push({ channel: PV.acquireTime, timestamp: 4.2, value: f(exposure) });
  let t = 4.5;
  for (const x of [0.0, 0.5, 1.0]) {
    events.push({ channel: PV.x, timestamp: round(t), value: f(x) });
    events.push({
      channel: PV.fileName,
      timestamp: round(t + 0.3),
      value: `sample_x${x.toFixed(3)}`,
    });
    events.push({ channel: PV.acquire, timestamp: round(t + 0.8), value: 1 });
    events.push({ channel: PV.acquire, timestamp: round(t + 0.8 + exposure), value: 0 });
    t += 1.2 + exposure;
  }
  return events;
}

const blGolden = beamline({ exposure: 1.0, tempNoiseSeed: 11 });
write('beamline/golden.json', blGolden, {
  source: 'golden run of the reference script',
  scenario: 'temperature set point, then x scan at 0, 0.5, 1.0 mm with 1 s exposures',
});
write('beamline/pred-correct.json', jitter(beamline({ exposure: 1.0, tempNoiseSeed: 12 }), 1, 15), {
  source: 'predicted script (correct; timing jitter of a few ms)',
});
write(
  'beamline/pred-wrong-exposure.json',
  jitter(beamline({ exposure: 10.0, tempNoiseSeed: 13 }), 2, 15),
  {
    source: 'predicted script (mistake: AcquireTime 10 s instead of 1 s)',
  },
);

// ---------------------------------------------------------------------------------------
// Robot: pick a part and place it. Joint angles in radians, gripper command strings, the
// gripper's closed sensor as booleans, and free-text log markers (compared with always_true).

function robot({ release, logPrefix }) {
  const ev = [];
  let t = 0;
  const at = (channel, value, dt = 0.6) => {
    ev.push({ channel, timestamp: round(t), value });
    t += dt;
  };
  at('log:step', `${logPrefix}start`);
  at('arm:j1', f(0.35));
  at('arm:j2', f(-0.62));
  at('gripper:cmd', 'open');
  at('gripper:closed', false);
  at('arm:j3', f(1.1)); // descend to the part
  at('gripper:cmd', 'close');
  at('gripper:closed', true);
  at('arm:j3', f(0.4)); // lift
  at('log:step', `${logPrefix}picked`);
  at('arm:j1', f(-0.8)); // swing to the place location
  at('arm:j3', f(1.05)); // descend
  if (release) {
    at('gripper:cmd', 'open');
    at('gripper:closed', false);
  }
  at('arm:j3', f(0.4)); // lift
  at('log:step', `${logPrefix}done`);
  return ev;
}

write('robot/golden.json', robot({ release: true, logPrefix: '' }), {
  source: 'golden run',
  scenario: 'pick and place',
});
write('robot/pred-correct.json', jitter(robot({ release: true, logPrefix: 'step: ' }), 3, 20), {
  source: 'predicted script (correct; different log wording, timing jitter of a few ms)',
});
write(
  'robot/pred-missing-release.json',
  jitter(robot({ release: false, logPrefix: 'step: ' }), 4, 20),
  {
    source: 'predicted script (mistake: never opens the gripper at the place location)',
  },
);
