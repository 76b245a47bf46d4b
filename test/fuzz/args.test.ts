/**
 * Fuzzing the command line: the argument parser only throws usage errors, and the whole CLI, run
 * in-process on arbitrary argument lists, never reports an internal error (exit 70) or prints a
 * stack trace. Arguments never hold a `/`, so every path is inside a scratch working directory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { captureIO } from '../../src/cli/harness.test-helpers.js';
import { main } from '../../src/cli/main.js';
import { commands } from '../../src/cli/commands/index.js';
import { expectOnlyTypedErrors, fuzzParams } from './fuzz.js';
import { CONFIG_YAML, TRACE_JSON } from './seeds.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'envtrace-fuzz-cli-'));
writeFileSync(path.join(cwd, 'gt.json'), TRACE_JSON[0] ?? '');
writeFileSync(path.join(cwd, 'pred.json'), TRACE_JSON[1] ?? '');
writeFileSync(path.join(cwd, 'c.yaml'), CONFIG_YAML[0] ?? '');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const OPTIONS = [
  '--gt',
  '--pred',
  '--config',
  '--compat',
  '--min-score',
  '--require-pass',
  '--out',
  '--json',
  '--max-rows',
  '--width',
  '--color',
  '--no-color',
  '--help',
  '-h',
  '--format',
  '--time-unit',
  '--date-order',
  '--html',
  '--tolerance',
  '--merge-only',
  '--quiet',
  '--version',
  '--',
  '-',
];
const VALUES = [
  'gt.json',
  'pred.json',
  'c.yaml',
  'reference',
  'default',
  '0.9',
  '-1',
  '1e400',
  'NaN',
  '0x1',
  '',
  '.',
  '..',
  'out.json',
  'csv',
  'otlp',
  'mdy',
  'days',
  '\u001b[31m',
  'r.html',
];
/** No `/`: relative paths only, so nothing outside the scratch directory is read or written. */
const token = fc.oneof(
  fc.constantFrom(...OPTIONS),
  fc.constantFrom(...VALUES),
  fc
    .string({ unit: 'binary', maxLength: 12 })
    .map((s) => s.replaceAll('/', '_').replaceAll('\\', '_')),
  fc.tuple(fc.constantFrom(...OPTIONS), fc.constantFrom(...VALUES)).map(([o, v]) => `${o}=${v}`),
);
const names = commands.map((c) => c.name);

describe('CLI arguments', () => {
  it('parseCommandArgs throws only usage errors', () => {
    const spec = {
      gt: 'strings',
      pred: 'string',
      json: 'boolean',
      help: { kind: 'boolean', short: 'h' },
    } as const;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), fc.boolean(), (args, positionals) =>
        expectOnlyTypedErrors(() => parseCommandArgs('fuzz', args, spec, { positionals })),
      ),
      fuzzParams(),
    );
  });

  it('main(): never exit 70, never a stack trace, a known exit code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...names), token),
        fc.array(token, { maxLength: 8 }),
        async (command, rest) => {
          const io = captureIO(cwd, { NO_COLOR: '1' });
          const code = await main([command, ...rest], io);
          const output = `${io.out()}${io.err()}`;
          expect(code, io.err()).not.toBe(70);
          expect([0, 1, 2]).toContain(code);
          expect(output).not.toMatch(/^ {4}at /m);
        },
      ),
      fuzzParams(),
    );
  });
});
