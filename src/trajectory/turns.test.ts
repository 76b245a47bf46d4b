/**
 * `turns: "exact"` and the semantics of agentevals' trajectory match (its `strict`, `unordered`,
 * `subset`, `superset` modes over OpenAI message lists), as envtrace tests: trajectories written as
 * the OpenAI chat messages agentevals takes, read by the `openai` importer (the calls of one
 * assistant message are one turn), then matched. envtrace agrees with agentevals everywhere but one
 * place: its default strict mode does not compare how the prediction splits its calls into turns;
 * `turns: "exact"` does, as agentevals' strict mode compares assistant messages.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { parseTrace } from '../import/read.js';
import { matchTrajectory, type TrajectoryMatchOptions, type TrajectoryMode } from './match.js';
import type { ToolCallLike } from './calls.js';

type Call = readonly [name: string, args: Record<string, unknown>];

/** A chat: the user's question, then per assistant message its calls and the tool answers. */
function chat(...messages: ReadonlyArray<readonly Call[]>): string {
  const out: unknown[] = [{ role: 'user', content: 'Plan my trip.' }];
  messages.forEach((calls, m) => {
    out.push({
      role: 'assistant',
      content: '',
      tool_calls: calls.map(([name, args], k) => ({
        id: `call_${m}_${k}`,
        type: 'function',
        function: { name, arguments: JSON.stringify(args) },
      })),
    });
    calls.forEach((_, k) =>
      out.push({ role: 'tool', tool_call_id: `call_${m}_${k}`, content: 'ok' }),
    );
  });
  out.push({ role: 'assistant', content: 'Done.' });
  return JSON.stringify(out);
}

const trip = (city: string): Call => ['get_forecast', { city }];
const train = (to: string): Call => ['book_train', { to }];

const MODES: readonly TrajectoryMode[] = ['strict', 'unordered', 'superset', 'subset'];

/** Verdict per mode, then strict with `turns: "exact"`. */
function verdicts(
  reference: string,
  prediction: string,
  options: TrajectoryMatchOptions = {},
): Record<string, boolean> {
  const ref = parseTrace(reference);
  const pred = parseTrace(prediction);
  const out: Record<string, boolean> = {};
  for (const mode of MODES) out[mode] = matchTrajectory(ref, pred, { ...options, mode }).pass;
  out['strict, turns exact'] = matchTrajectory(ref, pred, { ...options, turns: 'exact' }).pass;
  return out;
}

const all = (pass: boolean) => ({
  strict: pass,
  unordered: pass,
  superset: pass,
  subset: pass,
  'strict, turns exact': pass,
});

describe('agentevals trajectory-match semantics, as envtrace verdicts', () => {
  it('the same call: every mode passes', () => {
    expect(verdicts(chat([trip('Lyon')]), chat([trip('Lyon')]))).toEqual(all(true));
  });

  it('the calls of one message in another order: every mode passes (one turn is unordered)', () => {
    const ref = chat([trip('Lyon'), trip('Turin')]);
    expect(verdicts(ref, chat([trip('Turin'), trip('Lyon')]))).toEqual(all(true));
  });

  it('one message split into two: only strict mode with turns "exact" fails (agentevals: strict fails)', () => {
    const ref = chat([trip('Lyon'), trip('Turin')]);
    expect(verdicts(ref, chat([trip('Turin')], [trip('Lyon')]))).toEqual({
      ...all(true),
      'strict, turns exact': false,
    });
  });

  it('two messages merged into one, in the right order: strict passes, turns "exact" fails', () => {
    const ref = chat([trip('Lyon')], [train('Turin')]);
    expect(verdicts(ref, chat([trip('Lyon'), train('Turin')]))).toEqual({
      ...all(true),
      'strict, turns exact': false,
    });
    // In the wrong order, strict fails either way.
    expect(verdicts(ref, chat([train('Turin'), trip('Lyon')]))).toEqual({
      ...all(true),
      strict: false,
      'strict, turns exact': false,
    });
  });

  it('a call of the message left out: only subset passes', () => {
    const ref = chat([trip('Lyon'), trip('Turin')]);
    expect(verdicts(ref, chat([trip('Turin')]))).toEqual({ ...all(false), subset: true });
  });

  it('another tool: every mode fails', () => {
    expect(verdicts(chat([trip('Lyon')]), chat([train('Lyon')]))).toEqual(all(false));
  });

  it('an extra call: only superset passes', () => {
    const ref = chat([trip('Lyon')]);
    expect(verdicts(ref, chat([trip('Lyon'), trip('Turin')]))).toEqual({
      ...all(false),
      superset: true,
    });
  });

  it('other arguments: every mode fails by default, and passes with args "ignore"', () => {
    const ref = chat([trip('Lyon')]);
    const pred = chat([trip('Lyon, France')]);
    expect(verdicts(ref, pred)).toEqual(all(false));
    expect(verdicts(ref, pred, { args: 'ignore' })).toEqual(all(true));
  });

  it('turns in order: the same turns pass with turns "exact", each turn in any order', () => {
    const ref = chat(
      [trip('Lyon'), trip('Turin')],
      [train('Turin')],
      [trip('Milan'), train('Milan')],
    );
    const pred = chat(
      [trip('Turin'), trip('Lyon')],
      [train('Turin')],
      [train('Milan'), trip('Milan')],
    );
    expect(verdicts(ref, pred)).toEqual(all(true));
  });

  it('the argument rule is always called with the reference call first (agentevals swaps it in subset mode)', () => {
    const seen: unknown[] = [];
    const args = (r: unknown, p: unknown) => {
      seen.push([r, p]);
      return true;
    };
    const reference: ToolCallLike[] = [{ name: 'search', arguments: { q: 'reference' } }];
    const calls: ToolCallLike[] = [{ name: 'search', arguments: { q: 'prediction' } }];
    for (const mode of MODES) matchTrajectory(reference, calls, { mode, args });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((s) => JSON.stringify(s)))).toEqual(
      new Set([JSON.stringify([{ q: 'reference' }, { q: 'prediction' }])]),
    );
  });
});

describe('turns "exact": pairs and diagnostics', () => {
  const call = (name: string, turn: number, q = name): ToolCallLike => ({
    name,
    arguments: { q },
    turn,
  });

  it('pairs calls only inside one predicted turn, and reports the rest', () => {
    const reference = [call('a', 1), call('b', 1)];
    const calls = [call('b', 1), call('a', 2)];
    const r = matchTrajectory(reference, calls, { turns: 'exact' });
    expect(r.pass).toBe(false);
    expect(r.matched.map((m) => [m.reference.index, m.call.index])).toEqual([[1, 0]]);
    expect(r.unmatchedReference.map((c) => c.index)).toEqual([0]);
    expect(r.unexpected.map((c) => c.index)).toEqual([1]);
    // The default strict mode pairs both: the prediction's turns are not compared.
    expect(matchTrajectory(reference, calls).pass).toBe(true);
  });

  it('keeps the turns in order and pairs as many calls as an order-keeping turn pairing can', () => {
    const reference = [call('a', 1), call('b', 1), call('c', 2), call('d', 3), call('e', 3)];
    const calls = [
      call('c', 1),
      call('a', 2),
      call('b', 2),
      call('e', 3),
      call('d', 3),
      call('c', 4),
    ];
    const r = matchTrajectory(reference, calls, { turns: 'exact' });
    expect(r.matched.map((m) => [m.reference.name, m.call.index])).toEqual([
      ['a', 1],
      ['b', 2],
      ['d', 4],
      ['e', 3],
    ]);
    expect(r.unmatchedReference.map((c) => c.name)).toEqual(['c']);
    expect(r.unexpected.map((c) => c.index)).toEqual([0, 5]);
  });

  it('with one call per turn on both sides is the strict order', () => {
    const reference = [call('a', 1), call('b', 2), call('a', 3)];
    const calls = [call('b', 1), call('a', 2), call('b', 3), call('a', 4)];
    expect(matchTrajectory(reference, calls, { turns: 'exact' })).toEqual(
      matchTrajectory(reference, calls),
    );
  });

  it('is refused outside strict mode, and an unknown rule or option is named', () => {
    const e = (o: unknown) => {
      try {
        matchTrajectory([], [], o as TrajectoryMatchOptions);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(e({ mode: 'unordered', turns: 'exact' })).toBe(
      'turns: turns "exact" applies to strict mode only (mode unordered ignores the order, so turns too)',
    );
    expect(e({ turns: 'same' })).toBe('turns: unknown turns rule "same" (expected any, exact)');
    expect(e({ mode: 'fuzzy' })).toBe(
      'mode: unknown trajectory mode "fuzzy" (expected strict, unordered, subset, superset)',
    );
    expect(e({ order: 'strict' })).toBe(
      'order: unknown option "order" (expected mode, turns, args, toolArgs)',
    );
    // The matcher's `distance` is another function outside tests: the error names it.
    expect(e({ distance: {} })).toBe(
      'distance: unknown option "distance": matchTrajectory gives the verdict only; compute the distance with trajectoryDistance(reference, calls, distance) (expected mode, turns, args, toolArgs)',
    );
    expect(matchTrajectory([], [], { turns: 'any', mode: 'subset' }).pass).toBe(true);
  });
});
