/** `--out` (or `--html`) checks shared by the commands that write a file: not empty, and not one of the inputs. */
import { statSync } from 'node:fs';
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

/**
 * Throws `UsageError` (exit 2) when `out` is empty or names the same file as one of `inputs`
 * (through links, `./`, hard links: compared by device and inode), which the write would
 * destroy (`align --gt g.json --pred p.json --out g.json`, `merge a b --out a`). `flag` names the
 * option in the message. Returns `out`.
 */
export function checkOut(
  io: CliIO,
  out: string | undefined,
  inputs: readonly (string | undefined)[],
  flag = '--out',
): string | undefined {
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
    if (identity(resolvePath(io, input)) === id)
      throw new UsageError(
        `${flag} ${escapeForTerminal(JSON.stringify(out))} is also the input ${escapeForTerminal(JSON.stringify(input))}: writing it would destroy that input; write elsewhere`,
      );
  }
  return out;
}
