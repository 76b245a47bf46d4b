/** `--out` (or `--html`) checks shared by the commands that write a file: not empty, and not one of the inputs. */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveWriteTargetSync } from '../io/write.js';
import { escapeForTerminal } from '../report/escape.js';
import { resolvePath } from './args.js';
import { UsageError, type CliIO } from './types.js';

function identity(p: string): string | undefined {
  try {
    const st = statSync(p);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Whether the existing file `file` lies inside the directory `dir` (at any depth), links resolved. */
function inside(file: string, dir: string): boolean {
  try {
    const rel = path.relative(realpathSync(dir), realpathSync(file));
    return rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
  } catch {
    return false;
  }
}

/** Options of {@link checkOut}. */
export interface CheckOutOptions {
  /** The option named in the message. @default "--out" */
  readonly flag?: string;
  /**
   * An existing file inside an input directory that may be replaced all the same (batch mode:
   * the run report of an earlier run, which the scan of the directories skips).
   */
  readonly replaceable?: (file: string) => boolean;
}

/**
 * Throws `UsageError` (exit 2) when `out` is empty or names the same file as one of `inputs`
 * (through links, `./`, hard links: compared by device and inode), which the write would
 * destroy (`align --gt g.json --pred p.json --out g.json`, `merge a b --out a`), or an existing
 * file inside an input that is a directory (a run directory's `metadata.yaml` or storage file,
 * the one `*.jsonl` file a directory input reads, a trace of a batch directory). `flag` names
 * the option in the message. Returns `out`.
 */
export function checkOut(
  io: CliIO,
  out: string | undefined,
  inputs: readonly (string | undefined)[],
  options: string | CheckOutOptions = {},
): string | undefined {
  const { flag = '--out', replaceable } = typeof options === 'string' ? { flag: options } : options;
  if (out === undefined) return undefined;
  if (out === '') throw new UsageError(`${flag} needs a non-empty value`);
  let target: string;
  try {
    target = resolveWriteTargetSync(resolvePath(io, out)).path;
  } catch {
    return out; // the write reports it, with its own wording
  }
  const id = identity(target);
  if (id === undefined) return out;
  for (const input of inputs) {
    if (input === undefined || input === '') continue;
    const resolved = resolvePath(io, input);
    if (identity(resolved) === id)
      throw new UsageError(
        `${flag} ${escapeForTerminal(JSON.stringify(out))} is also the input ${escapeForTerminal(JSON.stringify(input))}: writing it would destroy that input; write elsewhere`,
      );
    if (isDirectory(resolved) && inside(target, resolved) && !(replaceable?.(target) ?? false))
      throw new UsageError(
        `${flag} ${escapeForTerminal(JSON.stringify(out))} is a file inside the input directory ${escapeForTerminal(JSON.stringify(input))}: writing it could destroy that input; write elsewhere`,
      );
  }
  return out;
}
