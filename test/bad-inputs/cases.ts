/**
 * The bad-input corpus (README "Robustness"): discovery, materialisation and the run of one case.
 * Shared by `bad-inputs.test.ts` and its update mode (`npm run bad-inputs:update`).
 *
 * One case = an input file `test/bad-inputs/<category>/<name>.<ext>` plus a sidecar
 * `<name>.<ext>.case.json` ({@link CaseSpec}). Inputs too big to commit (over ~50 kB: deep
 * nesting, huge strings) are made at test time by `generate.mjs`; their sidecars are committed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureIO } from '../../src/cli/harness.test-helpers.js';
import { main } from '../../src/cli/main.js';

export const corpusRoot = path.dirname(fileURLToPath(import.meta.url));

/** What the CLI is given the input as. */
export type CaseRole = 'trace' | 'config' | 'golden' | 'args';

/** A sidecar `<input>.case.json`. */
export interface CaseSpec {
  readonly role: CaseRole;
  /** CLI arguments; `{file}` is the input file, `{valid}` a small valid trace. Default by role. */
  readonly argv?: readonly string[];
  /** Expected exit code. */
  readonly exit: number;
  /** The CLI's exact stderr, the input's path replaced by `{file}`, the valid trace's by `{valid}`, the working directory by `{cwd}`. */
  readonly stderr: string;
  /** One line: what this case probes. */
  readonly why: string;
}

export interface Case {
  /** Path of the input relative to the corpus root, with `/` (the case's name). */
  readonly id: string;
  readonly sidecar: string;
  readonly spec: CaseSpec;
}

const SIDE = '.case.json';
const ROLES: readonly CaseRole[] = ['trace', 'config', 'golden', 'args'];

/** Every case under the corpus root (all categories, including other workstreams' folders), sorted. */
export function listCases(root: string = corpusRoot): Case[] {
  const out: Case[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(SIDE)) {
        const spec = JSON.parse(readFileSync(p, 'utf8')) as CaseSpec;
        out.push({
          id: path.relative(root, p.slice(0, -SIDE.length)).split(path.sep).join('/'),
          sidecar: p,
          spec,
        });
      }
    }
  };
  walk(root);
  return out;
}

/** Problems with a sidecar's shape (empty when it is well-formed). */
export function specProblems(spec: CaseSpec): string[] {
  const p: string[] = [];
  if (!ROLES.includes(spec.role)) p.push(`role must be one of ${ROLES.join(', ')}`);
  if (
    spec.argv !== undefined &&
    (!Array.isArray(spec.argv) || spec.argv.some((a) => typeof a !== 'string'))
  )
    p.push('argv must be an array of strings');
  if (spec.role === 'args' && spec.argv === undefined) p.push('role "args" needs argv');
  if (!Number.isInteger(spec.exit)) p.push('exit must be an integer');
  if (typeof spec.stderr !== 'string') p.push('stderr must be a string');
  if (typeof spec.why !== 'string' || spec.why.trim() === '' || spec.why.includes('\n'))
    p.push('why must be one non-empty line');
  return p;
}

/** The arguments of a case, before `{file}`/`{valid}` are filled in. */
export function argvTemplate(spec: CaseSpec): readonly string[] {
  if (spec.argv) return spec.argv;
  switch (spec.role) {
    case 'config':
      return ['evaluate', '--gt', '{valid}', '--pred', '{valid}', '--config', '{file}'];
    case 'golden':
      return ['evaluate', '--gt', '{file}', '--pred', '{valid}'];
    default:
      return ['evaluate', '--gt', '{file}', '--pred', '{file}'];
  }
}

/** A small valid trace for `{valid}`. */
export const VALID_TRACE = `${JSON.stringify({
  events: [
    { channel: 'motor:x', timestamp: 0, value: 0 },
    { channel: 'det:Acquire', timestamp: 1, value: 1 },
    { channel: 'motor:x', timestamp: 2, value: 1.5 },
  ],
})}\n`;

export interface CaseRun {
  readonly exit: number;
  readonly stdout: string;
  /** stderr with the paths replaced by `{file}` / `{valid}` / `{cwd}`. */
  readonly stderr: string;
}

/**
 * Run the CLI in-process on a case. `file` is where the input is (for an `args` case without an
 * input file: a path that does not exist), `valid` the valid trace, `cwd` the working directory.
 */
export async function runCase(
  spec: CaseSpec,
  file: string,
  valid: string,
  cwd: string,
): Promise<CaseRun> {
  const argv = argvTemplate(spec).map((a) =>
    a.split('{file}').join(file).split('{valid}').join(valid),
  );
  const io = captureIO(cwd, { NO_COLOR: '1' });
  const exit = await main(argv, io);
  const norm = (s: string): string =>
    s.split(file).join('{file}').split(valid).join('{valid}').split(cwd).join('{cwd}');
  return { exit, stdout: io.out(), stderr: norm(io.err()) };
}

/** Write the observed exit code and stderr into a case's sidecar (update mode), keeping its other fields. */
export function updateSidecar(c: Case, run: CaseRun): void {
  const { role, argv, why } = c.spec;
  const next = { role, ...(argv ? { argv } : {}), exit: run.exit, stderr: run.stderr, why };
  writeFileSync(c.sidecar, `${JSON.stringify(next, null, 2)}\n`);
}

/** The input of a case: the committed file, else the generated one (written under `genRoot`). */
export function inputPath(
  c: Case,
  generated: ReadonlyMap<string, () => string | Uint8Array>,
  genRoot: string,
): string {
  const committed = path.join(corpusRoot, ...c.id.split('/'));
  if (existsSync(committed)) return committed;
  const make = generated.get(c.id);
  if (!make) throw new Error(`${c.id}: no input file and no generator in generate.mjs`);
  const out = path.join(genRoot, ...c.id.split('/'));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, make());
  return out;
}
