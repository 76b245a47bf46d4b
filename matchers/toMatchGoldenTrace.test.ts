import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTrace, TraceError } from '../src/index.js';
import type { MatcherContext } from './context.js';
import { GoldenCollisionError, goldenText, legacyGoldenPathFor, readGoldenSync } from './golden.js';
import { toMatchGoldenTrace } from './toMatchGoldenTrace.js';
import { toMatchTraceBehavior } from './toMatchTraceBehavior.js';
import { fakeContext, fakeSnapshotState, scan, stripAnsi } from './testing.js';
import { codecValue } from '../test/support/values.js';

let tmp = '';
let testPath = '';
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-gm-'));
  testPath = path.join(tmp, 'scan.test.ts');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const goldenFile = (n = 1): string =>
  path.join(tmp, '__traces__', 'scan.test.ts', `moves x${n > 1 ? `-${n}` : ''}.trace.json`);

/** A Jest-like context: a fresh test object per attempt (`invocations`), numbers as counters. */
function jestContext(
  mode: 'new' | 'all' | 'none',
  test: { invocations: number } = { invocations: 1 },
  state = fakeSnapshotState(mode),
): MatcherContext & { snapshotState: ReturnType<typeof fakeSnapshotState> } {
  return {
    ...fakeContext(),
    testPath,
    currentTestName: 'moves x',
    currentTestIdentity: () => test,
    snapshotState: state,
  };
}

describe('toMatchGoldenTrace', () => {
  it('writes a missing golden (update mode new) and counts it as added', () => {
    const ctx = jestContext('new');
    const r = toMatchGoldenTrace.call(ctx, scan());
    expect(r.pass).toBe(true);
    expect(ctx.snapshotState).toMatchObject({ added: 1, matched: 0 });
    const written = fs.readFileSync(goldenFile(), 'utf8');
    expect(written.split('\n')[3]).toBe('    {"channel":"motor:x","timestamp":1,"value":0},');
    expect(parseTrace(written).events).toEqual(scan());
  });

  it('numbers several goldens in one test', () => {
    const ctx = jestContext('new');
    toMatchGoldenTrace.call(ctx, scan());
    toMatchGoldenTrace.call(ctx, scan([5]));
    expect(fs.existsSync(goldenFile(2))).toBe(true);
    expect(ctx.snapshotState.added).toBe(2);
  });

  it('compares by behaviour: jitter passes, a changed value fails with the golden named', () => {
    toMatchGoldenTrace.call(jestContext('new'), scan());
    const before = fs.readFileSync(goldenFile(), 'utf8');

    const ok = jestContext('new', { invocations: 1 });
    expect(toMatchGoldenTrace.call(ok, scan(undefined, { jitter: [0.02, -0.01] })).pass).toBe(true);
    expect(ok.snapshotState).toMatchObject({ matched: 1, added: 0 });

    const bad = jestContext('new', { invocations: 1 });
    const r = toMatchGoldenTrace.call(bad, scan([0, 1, 3]));
    expect(r.pass).toBe(false);
    expect(bad.snapshotState.unmatched).toBe(1);
    expect(fs.readFileSync(goldenFile(), 'utf8')).toBe(before);
    const msg = stripAnsi(r.message()).split(tmp).join('<tmp>');
    expect(msg).toContain(
      'Expected the received trace to behave like its golden trace, but score 0.911, accuracy false: discrete not exact: 1 mismatch (row 7 motor:x: 3 instead of 2).',
    );
    expect(msg).toMatch(
      /Golden: .*__traces__\/scan\.test\.ts\/moves x\.trace\.json \(if the new behaviour is intended, run with -u to update it\)/,
    );
  });

  it('update mode all rewrites a changed golden, keeps an equivalent one', () => {
    toMatchGoldenTrace.call(jestContext('new'), scan());
    const before = fs.readFileSync(goldenFile(), 'utf8');
    const same = jestContext('all');
    expect(toMatchGoldenTrace.call(same, scan(undefined, { jitter: [0.01] })).pass).toBe(true);
    expect(fs.readFileSync(goldenFile(), 'utf8')).toBe(before);
    expect(same.snapshotState).toMatchObject({ matched: 1, updated: 0 });
    const changed = jestContext('all');
    expect(toMatchGoldenTrace.call(changed, scan([0, 1, 3])).pass).toBe(true);
    expect(changed.snapshotState).toMatchObject({ updated: 1 });
    expect(parseTrace(fs.readFileSync(goldenFile(), 'utf8')).events[6]).toEqual({
      channel: 'motor:x',
      timestamp: 5,
      value: 3,
    });
  });

  it.skipIf(process.platform === 'win32')(
    'update mode all never writes through a golden symlink that leaves __traces__ (issue 26 §3)',
    () => {
      toMatchGoldenTrace.call(jestContext('new'), scan());
      const victim = path.join(tmp, 'bashrc');
      // The committed "golden" is a link to a file outside __traces__ holding that golden's text.
      fs.writeFileSync(victim, fs.readFileSync(goldenFile(), 'utf8'));
      fs.rmSync(goldenFile());
      fs.symlinkSync(victim, goldenFile());
      const before = fs.readFileSync(victim, 'utf8');
      expect(toMatchGoldenTrace.call(jestContext('all'), scan([0, 1, 3])).pass).toBe(true);
      expect(fs.readFileSync(victim, 'utf8')).toBe(before);
      expect(fs.lstatSync(goldenFile()).isSymbolicLink()).toBe(false);
      expect(parseTrace(fs.readFileSync(goldenFile(), 'utf8')).events[6]).toMatchObject({
        value: 3,
      });
    },
  );

  describe.skipIf(process.platform === 'win32')(
    'golden reads (issue 26, reads as item 3 did writes)',
    () => {
      it('never reads through a golden symlink that leaves __traces__: a TraceError naming the path', () => {
        toMatchGoldenTrace.call(jestContext('new'), scan());
        const secret = path.join(tmp, 'shadow');
        // A valid golden's text, so following the link would pass: only the refusal fails.
        fs.writeFileSync(secret, fs.readFileSync(goldenFile(), 'utf8'));
        fs.rmSync(goldenFile());
        fs.symlinkSync(secret, goldenFile());
        for (const mode of ['new', 'none'] as const) {
          let error: unknown;
          try {
            toMatchGoldenTrace.call(jestContext(mode), scan());
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(TraceError);
          const message = (error as Error).message;
          expect(message).toContain(goldenFile());
          expect(message).toContain(
            `cannot read golden trace: it leads to ${fs.realpathSync(secret)}, outside ${path.join(tmp, '__traces__')}; not followed (replace the link with a regular file)`,
          );
          expect(message).toContain('(run with -u to rewrite the golden trace)');
        }
        // The link itself is left alone (only -u replaces it, with a regular file).
        expect(fs.lstatSync(goldenFile()).isSymbolicLink()).toBe(true);
      });

      it('a __traces__ folder that is a link elsewhere leaves it too; a link inside it is read', () => {
        toMatchGoldenTrace.call(jestContext('new'), scan());
        // Inside: the golden is a link to a sibling golden file.
        const sibling = path.join(tmp, '__traces__', 'scan.test.ts', 'copy.trace.json');
        fs.renameSync(goldenFile(), sibling);
        fs.symlinkSync('copy.trace.json', goldenFile());
        expect(toMatchGoldenTrace.call(jestContext('none'), scan()).pass).toBe(true);
        // The whole folder moved out and linked back.
        const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'envtrace-elsewhere-'));
        try {
          fs.renameSync(path.join(tmp, '__traces__'), path.join(elsewhere, '__traces__'));
          fs.symlinkSync(path.join(elsewhere, '__traces__'), path.join(tmp, '__traces__'));
          expect(() =>
            readGoldenSync(goldenFile(), 'default', { within: path.join(tmp, '__traces__') }),
          ).toThrow(/cannot read golden trace: it leads to .*, outside .*__traces__; not followed/);
        } finally {
          fs.rmSync(elsewhere, { recursive: true, force: true });
        }
      });

      it('a golden that is a FIFO is refused at once (no writer: it would block forever), a directory too', () => {
        toMatchGoldenTrace.call(jestContext('new'), scan());
        fs.rmSync(goldenFile());
        const mk = spawnSync('mkfifo', [goldenFile()]);
        if (mk.status !== 0) return; // no mkfifo here
        const start = Date.now();
        expect(() => readGoldenSync(goldenFile(), 'default')).toThrow(
          /cannot read golden trace: is a FIFO, not a regular file/,
        );
        expect(Date.now() - start).toBeLessThan(4000);
        fs.rmSync(goldenFile());
        fs.mkdirSync(goldenFile());
        expect(() => readGoldenSync(goldenFile(), 'default')).toThrow(
          /cannot read golden trace: is a directory/,
        );
      });
    },
  );

  it('update mode none never writes and fails on a missing golden', () => {
    const ctx = jestContext('none');
    const r = toMatchGoldenTrace.call(ctx, scan());
    expect(r.pass).toBe(false);
    expect(fs.existsSync(path.join(tmp, '__traces__'))).toBe(false);
    expect(ctx.snapshotState.unmatched).toBe(1);
    expect(stripAnsi(r.message())).toContain('goldens are not written in CI');
  });

  it('a retried attempt starts numbering again, rolls back counts and rewrites its own golden', () => {
    const state = fakeSnapshotState('new');
    const test = { invocations: 1 };
    const ctx = jestContext('new', test, state);
    toMatchGoldenTrace.call(ctx, scan());
    expect(state.added).toBe(1);
    test.invocations = 2; // jest-circus bumps this on retry
    toMatchGoldenTrace.call(ctx, scan([0, 1, 3]));
    // Same file (numbering restarted), written again as new (it came from the failed attempt), counted once.
    expect(fs.existsSync(goldenFile(2))).toBe(false);
    expect(state.added).toBe(1);
    expect(parseTrace(fs.readFileSync(goldenFile(), 'utf8')).events[6]?.value).toBe(3);
  });

  it('refuses .not and a context without a test', () => {
    expect(() => toMatchGoldenTrace.call({ ...jestContext('new'), isNot: true }, scan())).toThrow(
      /cannot be used with \.not/,
    );
    expect(() => toMatchGoldenTrace.call(fakeContext(), scan())).toThrow(
      /needs to know the test file and test name/,
    );
  });

  it('throws a TraceError for a received value that is not a trace', () => {
    expect(() => toMatchGoldenTrace.call(jestContext('new'), 'x'.length)).toThrow(TraceError);
  });
});

describe('golden identity (issue 11 §5–7)', () => {
  /**
   * Tests of the given names in one file: `ctx(i, mode)` is the matcher context of test `i` in a
   * fresh run (a new jest-circus tree each time, as each Jest run builds one).
   */
  function circusFile(names: readonly string[]) {
    return (
      i: number,
      mode: 'new' | 'all' | 'none',
    ): MatcherContext & { snapshotState: ReturnType<typeof fakeSnapshotState> } => {
      const root: { type: string; name: string; children: object[] } = {
        type: 'describeBlock',
        name: 'ROOT_DESCRIBE_BLOCK',
        children: [],
      };
      const tests = names.map((name) => ({
        type: 'test',
        name,
        invocations: 1,
        status: null,
        errors: [],
        parent: root,
      }));
      root.children.push(...tests);
      return {
        ...fakeContext(),
        testPath,
        currentTestName: names[i],
        currentTestIdentity: () => tests[i],
        snapshotState: fakeSnapshotState(mode),
      };
    };
  }
  const dir = (): string => path.join(tmp, '__traces__', 'scan.test.ts');

  it('test.each with a repeated title: one golden per test, no flip-flop under -u', () => {
    const ctx = circusFile(['adds', 'adds']);
    expect(toMatchGoldenTrace.call(ctx(0, 'new'), scan([0])).pass).toBe(true);
    expect(toMatchGoldenTrace.call(ctx(1, 'new'), scan([5])).pass).toBe(true);
    expect(fs.readdirSync(dir()).sort()).toEqual(['adds (2).trace.json', 'adds.trace.json']);
    for (let round = 0; round < 2; round++) {
      const first = ctx(0, 'all');
      const second = ctx(1, 'all');
      expect(toMatchGoldenTrace.call(first, scan([0])).pass).toBe(true);
      expect(toMatchGoldenTrace.call(second, scan([5])).pass).toBe(true);
      expect(first.snapshotState).toMatchObject({ matched: 1, updated: 0 });
      expect(second.snapshotState).toMatchObject({ matched: 1, updated: 0 });
    }
    expect(toMatchGoldenTrace.call(ctx(1, 'none'), scan([0])).pass).toBe(false);
  });

  it('Case and case get goldens that differ by more than case', () => {
    const ctx = circusFile(['Case', 'case']);
    toMatchGoldenTrace.call(ctx(0, 'new'), scan([0]));
    toMatchGoldenTrace.call(ctx(1, 'new'), scan([5]));
    expect(fs.readdirSync(dir()).sort()).toEqual(['^case.trace.json', 'case.trace.json']);
  });

  it('a name as written is the file name; a golden under the escaped name of 0.1 is read, and -u moves it (issue 25 §7)', () => {
    const name = 'thermostat PID reaches 60 °C';
    const ctx = circusFile([name, 'other']);
    expect(toMatchGoldenTrace.call(ctx(0, 'new'), scan()).pass).toBe(true);
    expect(fs.readdirSync(dir())).toEqual([`${name}.trace.json`]);
    // A golden written by 0.1 under the escaped name: found, compared (a change fails), not rewritten.
    const old = path.join(dir(), 'thermostat ^p^i^d reaches 60 °^c.trace.json');
    fs.renameSync(path.join(dir(), `${name}.trace.json`), old);
    const none = ctx(0, 'none');
    expect(toMatchGoldenTrace.call(none, scan()).pass).toBe(true);
    expect(none.snapshotState.matched).toBe(1);
    expect(toMatchGoldenTrace.call(ctx(0, 'none'), scan([0, 1, 7])).pass).toBe(false);
    expect(fs.readdirSync(dir())).toEqual([path.basename(old)]);
    // -u moves it to the readable name.
    const update = ctx(0, 'all');
    const r = toMatchGoldenTrace.call(update, scan());
    expect(stripAnsi(r.message())).toContain(
      `to ${path.relative(process.cwd(), path.join(dir(), `${name}.trace.json`))}`,
    );
    expect(fs.readdirSync(dir())).toEqual([`${name}.trace.json`]);
  });

  it('writes and reads back the golden of an 87-character Japanese test name (no ENAMETOOLONG)', () => {
    const ja = '露光時間と位置が正しい順序で記録されることを確認する'.repeat(4).slice(0, 87);
    const ctx = circusFile([ja]);
    expect(toMatchGoldenTrace.call(ctx(0, 'new'), scan()).pass).toBe(true);
    const [file] = fs.readdirSync(dir());
    expect(Buffer.byteLength(file as string)).toBeLessThanOrEqual(223);
    expect(file?.startsWith(ja.slice(0, 50))).toBe(true);
    const again = ctx(0, 'none');
    expect(toMatchGoldenTrace.call(again, scan()).pass).toBe(true);
    expect(again.snapshotState.matched).toBe(1);
  });

  it('a corrupt golden fails with the file named and a hint; -u rewrites it', () => {
    toMatchGoldenTrace.call(jestContext('new'), scan());
    fs.writeFileSync(goldenFile(), '{"events": [{"channel": "motor:x", "timest');
    expect(() => toMatchGoldenTrace.call(jestContext('new'), scan())).toThrow(
      /moves x\.trace\.json.*\(run with -u to rewrite the golden trace\)$/s,
    );
    const repair = jestContext('all');
    const r = toMatchGoldenTrace.call(repair, scan());
    expect(r.pass).toBe(true);
    expect(stripAnsi(r.message())).toMatch(
      /Rewrote golden trace .*moves x\.trace\.json, which could not be read: /,
    );
    expect(repair.snapshotState).toMatchObject({ updated: 1 });
    expect(parseTrace(fs.readFileSync(goldenFile(), 'utf8')).events).toEqual(scan());
  });

  it('finds a golden under its old name, and -u moves it to the new name', () => {
    const ctx = circusFile(['a/b']);
    const legacy = legacyGoldenPathFor(testPath, 'a/b', 1);
    const current = path.join(dir(), 'a~2fb.trace.json');
    fs.mkdirSync(dir(), { recursive: true });
    const text = goldenText(parseTrace(scan()), 'default');
    fs.writeFileSync(legacy, text);

    const read = ctx(0, 'none');
    expect(toMatchGoldenTrace.call(read, scan()).pass).toBe(true);
    expect(read.snapshotState).toMatchObject({ matched: 1, added: 0 });
    expect(fs.existsSync(current)).toBe(false);
    const bad = toMatchGoldenTrace.call(ctx(0, 'new'), scan([0, 1, 3]));
    expect(bad.pass).toBe(false);
    expect(stripAnsi(bad.message())).toMatch(
      /Golden: .*a_b-[0-9a-f]{8}\.trace\.json \(under its old name; -u moves it to a~2fb\.trace\.json\)/,
    );

    const move = ctx(0, 'all');
    const moved = toMatchGoldenTrace.call(move, scan());
    expect(stripAnsi(moved.message())).toMatch(
      /Moved golden trace .*a_b-[0-9a-f]{8}\.trace\.json to .*a~2fb\.trace\.json\./,
    );
    expect(move.snapshotState).toMatchObject({ updated: 1 });
    expect(fs.existsSync(legacy)).toBe(false);
    expect(fs.readFileSync(current, 'utf8')).toBe(text);
  });

  it('a changed trace under -u is written under the new name and the old file goes', () => {
    const ctx = circusFile(['a:b']);
    const legacy = legacyGoldenPathFor(testPath, 'a:b', 1);
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(legacy, goldenText(parseTrace(scan()), 'default'));
    expect(toMatchGoldenTrace.call(ctx(0, 'all'), scan([0, 1, 3])).pass).toBe(true);
    expect(fs.readdirSync(dir())).toEqual(['a~3ab.trace.json']);
  });

  it("a test whose new name is another test's old name: an error naming both, never a shared golden", () => {
    const legacyName = path.basename(legacyGoldenPathFor(testPath, 'a/b', 1), '.trace.json');
    expect(legacyName).toMatch(/^a_b-[0-9a-f]{8}$/);
    const ctx = circusFile(['a/b', legacyName]);
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(
      legacyGoldenPathFor(testPath, 'a/b', 1),
      goldenText(parseTrace(scan()), 'default'),
    );
    expect(toMatchGoldenTrace.call(ctx(0, 'new'), scan()).pass).toBe(true);
    expect(() => toMatchGoldenTrace.call(ctx(1, 'new'), scan())).toThrow(GoldenCollisionError);
    expect(() => toMatchGoldenTrace.call(ctx(1, 'new'), scan())).toThrow(
      `would be shared by test "a/b" and test "${legacyName}"`,
    );
  });
});

describe('golden values round-trip (issue 10 §1)', () => {
  const weather = (temp: unknown, extra: unknown = null) => [
    { channel: 'stage:temp', timestamp: 0, value: temp },
    { channel: 'stage:log', timestamp: 1, value: extra },
  ];

  it('a NaN golden passes on the next run, and -u leaves it as it is', () => {
    const first = jestContext('new');
    expect(toMatchGoldenTrace.call(first, weather(NaN)).pass).toBe(true);
    expect(first.snapshotState.added).toBe(1);
    const written = fs.readFileSync(goldenFile(), 'utf8');
    expect(written).toContain('{"channel":"stage:temp","timestamp":0,"value":{"$envtrace":"NaN"}}');

    const second = jestContext('none');
    const r = toMatchGoldenTrace.call(second, weather(NaN));
    expect(r.pass).toBe(true);
    expect(second.snapshotState).toMatchObject({ matched: 1, unmatched: 0 });

    const update = jestContext('all');
    expect(toMatchGoldenTrace.call(update, weather(NaN)).pass).toBe(true);
    expect(update.snapshotState).toMatchObject({ matched: 1, updated: 0 });
    expect(fs.readFileSync(goldenFile(), 'utf8')).toBe(written);
  });

  it('a golden still tells NaN from null and a Date from its ISO string', () => {
    toMatchGoldenTrace.call(jestContext('new'), weather(NaN, new Date('2026-11-30T12:00:00Z')));
    expect(
      toMatchGoldenTrace.call(jestContext('none'), weather(null, new Date('2026-11-30T12:00:00Z')))
        .pass,
    ).toBe(false);
    expect(
      toMatchGoldenTrace.call(jestContext('none'), weather(NaN, '2026-11-30T12:00:00.000Z')).pass,
    ).toBe(false);
    expect(
      toMatchGoldenTrace.call(jestContext('none'), weather(NaN, new Date('2026-11-30T12:00:00Z')))
        .pass,
    ).toBe(true);
  });

  it('refuses a value no golden can keep, naming its path, whether or not a golden exists', () => {
    const bad = weather(1, { a: [0, 1, () => 0] });
    const refused = (): TraceError => {
      try {
        toMatchGoldenTrace.call(jestContext('new'), bad);
      } catch (e) {
        expect(e).toBeInstanceOf(TraceError);
        return e as TraceError;
      }
      throw new Error('expected a TraceError');
    };
    const e = refused();
    expect(e.pathText).toBe('events[1].value.a[2]');
    expect(stripAnsi(e.message)).toContain(
      'The received trace cannot be written as a golden trace: ',
    );
    expect(stripAnsi(e.message)).toMatch(
      /moves x\.trace\.json: events\[1\]\.value\.a\[2\]: cannot be kept in a golden trace: a function$/,
    );
    expect(fs.existsSync(goldenFile())).toBe(false);
    toMatchGoldenTrace.call(jestContext('new'), weather(1));
    expect(refused().pathText).toBe('events[1].value.a[2]');
  });

  it('a malformed tag in a golden file is a TraceError naming the file and the path', () => {
    fs.mkdirSync(path.dirname(goldenFile()), { recursive: true });
    fs.writeFileSync(
      goldenFile(),
      '{"events": [{"channel": "a", "timestamp": 0, "value": {"$envtrace": "Nan"}}]}',
    );
    expect(() => toMatchGoldenTrace.call(jestContext('none'), weather(NaN))).toThrow(
      /moves x\.trace\.json: events\[0\]\.value\.\$envtrace: unknown tag "Nan"/,
    );
  });

  it('reference mode keeps Python number kinds and still reads non-finite values back as numbers', () => {
    const cfg = { mode: 'reference' } as const;
    const trace = [1.5, -Infinity, 2n ** 70n].map((value, i) => ({
      channel: 'stage:temp',
      timestamp: i,
      value,
    }));
    expect(toMatchGoldenTrace.call(jestContext('new'), trace, cfg).pass).toBe(true);
    const text = fs.readFileSync(goldenFile(), 'utf8');
    expect(text).toContain('"value":1.5}');
    expect(text).toContain('"value":{"$envtrace":"-Infinity"}');
    expect(text).toContain('"value":1180591620717411303424}');
    const again = jestContext('none');
    expect(toMatchGoldenTrace.call(again, trace, cfg).pass).toBe(true);
    expect(again.snapshotState.matched).toBe(1);
    // NaN is read back as NaN (not the string "NaN"); the reference itself never matches NaN to NaN.
    const nan = [{ channel: 'stage:temp', timestamp: 0, value: NaN }];
    const ctx = { ...jestContext('new'), currentTestName: 'nan' };
    toMatchGoldenTrace.call(ctx, nan, cfg);
    const golden = readGoldenSync(
      path.join(tmp, '__traces__', 'scan.test.ts', 'nan.trace.json'),
      'reference',
    );
    expect(golden.events[0]?.value).toBeNaN();
  });

  it('property: for random traces of every supported value kind, write → read → toMatchGoldenTrace passes', () => {
    const event = fc.record(
      {
        channel: fc.constantFrom('motor:x', 'det:Acquire', 'stage:temp'),
        timestamp: fc.integer({ min: 0, max: 1000 }),
        value: codecValue(),
        meta: fc.dictionary(fc.string(), codecValue(), { maxKeys: 2, noNullPrototype: true }),
      },
      { requiredKeys: ['channel', 'timestamp', 'value'] },
    );
    let run = 0;
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 6 }), (events) => {
        run++;
        const name = `run ${run}`;
        const ctx = (mode: 'new' | 'none') => ({ ...jestContext(mode), currentTestName: name });
        const first = ctx('new');
        expect(toMatchGoldenTrace.call(first, events).pass).toBe(true);
        expect(first.snapshotState.added).toBe(1);
        const second = ctx('none');
        const r = toMatchGoldenTrace.call(second, events);
        expect(r.pass, r.message()).toBe(true);
        expect(second.snapshotState.matched).toBe(1);
      }),
      { numRuns: 60, seed: 20261130 },
    );
  });
});

describe('goldenText', () => {
  it('keeps the int/float distinction in reference mode', () => {
    const t = parseTrace('{"events": [{"channel": "a", "timestamp": 0.0, "value": 1.0}]}', {
      mode: 'reference',
    });
    expect(goldenText(t, 'reference')).toContain('"value":1.0');
    expect(goldenText(parseTrace({ events: [] }), 'default')).toBe(
      '{\n  "schema_version": "1",\n  "events": []\n}\n',
    );
  });
});

describe('Vitest test.concurrent with the global expect', () => {
  const task = (local: boolean) => ({
    id: 't1',
    name: 'moves x',
    type: 'test',
    concurrent: true,
    meta: {},
    file: { filepath: '' },
    context: { _local: local },
  });

  it('toMatchGoldenTrace refuses (the golden could be filed under another test)', () => {
    const t = { ...task(false), file: { filepath: testPath } };
    expect(() =>
      toMatchGoldenTrace.call(
        { ...fakeContext(), task: t, snapshotState: fakeSnapshotState('new') },
        scan(),
      ),
    ).toThrow(/test\.concurrent needs the test context's expect/);
    const ok = { ...task(true), file: { filepath: testPath } };
    expect(
      toMatchGoldenTrace.call(
        { ...fakeContext(), task: ok, snapshotState: fakeSnapshotState('new') },
        scan(),
      ).pass,
    ).toBe(true);
  });

  it('toMatchTraceBehavior warns once per test and still publishes', () => {
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const t = task(false);
      const ctx = { ...fakeContext(), task: t };
      toMatchTraceBehavior.call(ctx, scan(), scan());
      toMatchTraceBehavior.call(ctx, scan(), scan());
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]?.[0])).toMatch(/uses the global expect/);
      expect((t.meta as { envtrace?: unknown[] }).envtrace).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});
