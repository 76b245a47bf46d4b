/**
 * Out of memory, in one line. V8's fatal out-of-memory cannot be caught in the process it kills:
 * V8 prints its GC trace and a native stack on stderr and aborts. So the `envtrace` executable
 * (`bin.ts`) runs the command in a child Node process (same Node, same flags, same environment,
 * stdin and stdout inherited) and reads the child's stderr: everything is passed through as it
 * comes, except V8's fatal report, which is held back. When the child died of it, the parent says
 * what ran out, the sizes of the inputs and the remedy in one line, and exits with
 * `EXIT_MEMORY` (71). A child that ends any other way ends the parent the same way (its exit
 * code, or its signal raised again), and held-back text that was not an out-of-memory report is
 * passed on, so nothing is hidden.
 *
 * Cost: one more Node start per CLI run (bench/RESULTS.md, "CLI memory").
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { escapeForTerminal } from '../report/escape.js';

/**
 * Set by the parent in the child's environment: the child runs the command itself, and reads
 * the parent's stderr terminal state from it (its own stderr is a pipe to the parent).
 * Value: `tty:<columns>` when the parent's stderr is a terminal, else `pipe`.
 */
export const SUPERVISED_ENV = 'ENVTRACE_SUPERVISED';

/** The parent's stderr as the child should see it (from {@link SUPERVISED_ENV}). */
export function supervisedStderr(value: string): { isTTY: boolean; columns: number | undefined } {
  const m = /^tty:(\d+)$/.exec(value);
  if (!m) return { isTTY: false, columns: undefined };
  const columns = Number(m[1]);
  return { isTTY: true, columns: columns > 0 ? columns : undefined };
}

/** The value of {@link SUPERVISED_ENV} for a stderr. */
export function supervisedValue(stderr: { isTTY?: boolean; columns?: number }): string {
  return stderr.isTTY === true ? `tty:${stderr.columns ?? 0}` : 'pipe';
}

/** Lines that start V8's (or Node's) fatal report; held back from the terminal. */
const REPORT_STARTS = ['<--- Last few GCs --->', 'FATAL ERROR:', '# Fatal process out of memory'];

/** Text that says the report is an out-of-memory one. */
const OUT_OF_MEMORY = /JavaScript heap out of memory|Fatal process out of memory/;

/**
 * Passes a child's stderr through, holding back V8's fatal report. Feed it chunks with
 * {@link push} (returns what to write now) and call {@link end} when the child is gone.
 * Text is held only while the current line could still be the start of a report, so a progress
 * bar that redraws one line with `\r` is shown as it comes.
 */
export class StderrFilter {
  /** The unterminated end of what was pushed, when it may start a report. */
  #pending = '';
  /** True once a report started: the rest is held. */
  #inReport = false;
  #held = '';
  /** Whether what was written so far ends a line (a report starts only at a line start). */
  #atLineStart = true;

  /** Whether the held report says the heap ran out. */
  get outOfMemory(): boolean {
    return this.#inReport && OUT_OF_MEMORY.test(this.#held);
  }

  push(chunk: string): string {
    if (this.#inReport) {
      this.#held += chunk;
      return '';
    }
    let text = this.#pending + chunk;
    this.#pending = '';
    // Empty lines are held too: V8's report starts with one.
    let blanks = '';
    let out = '';
    if (!this.#atLineStart) {
      // The rest of a line already (partly) written.
      const nl = text.indexOf('\n');
      if (nl === -1) return text;
      out = text.slice(0, nl + 1);
      text = text.slice(nl + 1);
      this.#atLineStart = true;
    }
    while (text !== '') {
      const nl = text.indexOf('\n');
      const line = nl === -1 ? text : text.slice(0, nl);
      if (REPORT_STARTS.some((s) => line.startsWith(s))) {
        this.#inReport = true;
        this.#held = blanks + text;
        return out;
      }
      if (nl === -1) {
        // Could this unterminated line still become a report's first line? Then wait for more.
        if (REPORT_STARTS.some((s) => s.startsWith(line))) this.#pending = blanks + line;
        else {
          out += blanks + line;
          this.#atLineStart = false;
        }
        return out;
      }
      if (line === '' || line === '\r') blanks += text.slice(0, nl + 1);
      else {
        out += blanks + text.slice(0, nl + 1);
        blanks = '';
      }
      text = text.slice(nl + 1);
    }
    this.#pending = blanks;
    return out;
  }

  /**
   * What is left to write when the child has ended: held text that was not an out-of-memory
   * report ({@link outOfMemory} still answers afterwards).
   */
  end(): string {
    const rest = this.#pending + (this.outOfMemory ? '' : this.#held);
    this.#pending = '';
    return rest;
  }
}

/** The size of a file (or of the files directly in a directory), or undefined. */
function sizeOf(p: string): number | undefined {
  try {
    const st = fs.statSync(p);
    if (st.isFile()) return st.size;
    if (!st.isDirectory()) return undefined;
    let total = 0;
    for (const e of fs.readdirSync(p, { withFileTypes: true })) {
      if (e.isFile()) total += fs.statSync(path.join(p, e.name)).size;
    }
    return total;
  } catch {
    return undefined;
  }
}

/** `53.3 MB` style. */
export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/**
 * The inputs of a command line: its arguments that name existing files or directories (after
 * `--name=` too), with their sizes. Only what a person typed, so the line names their files.
 */
export function inputSizes(
  args: readonly string[],
  cwd: string,
): Array<{ arg: string; bytes: number }> {
  const out: Array<{ arg: string; bytes: number }> = [];
  const seen = new Set<string>();
  for (const a of args) {
    const value = a.startsWith('--') && a.includes('=') ? a.slice(a.indexOf('=') + 1) : a;
    if (value === '' || value === '-' || (value.startsWith('-') && value === a)) continue;
    const full = path.resolve(cwd, value);
    if (seen.has(full)) continue;
    const bytes = sizeOf(full);
    if (bytes === undefined) continue;
    seen.add(full);
    out.push({ arg: value, bytes });
  }
  return out;
}

/**
 * A heap limit to suggest (MB): twice today's old space and at least 8× the inputs (the peak
 * measured for a trace of 1M events against itself is about 8× its two files: bench/RESULTS.md),
 * in steps of 256 MB.
 */
export function suggestedHeapMb(oldSpaceMb: number, inputBytes: number): number {
  const mb = Math.max(2 * oldSpaceMb, (8 * inputBytes) / 2 ** 20, 256);
  return Math.ceil(mb / 256) * 256;
}

/** The last `--max-old-space-size` among Node's flags (its value in MB), or undefined. */
export function oldSpaceFlag(flags: readonly string[]): number | undefined {
  let mb: number | undefined;
  for (const f of flags) {
    const m = /^--max[-_]old[-_]space[-_]size=(\d+)$/.exec(f);
    if (m) mb = Number(m[1]);
  }
  return mb;
}

/**
 * The one line told when the child ran out of heap: the limit that was reached (the flag when
 * one set it, else V8's heap size limit), the inputs and their sizes, what to do.
 */
export function outOfMemoryLine(
  limit: { readonly flagMb: number | undefined; readonly heapSizeLimit: number },
  inputs: ReadonlyArray<{ arg: string; bytes: number }>,
): string {
  const total = inputs.reduce((s, i) => s + i.bytes, 0);
  const what = inputs.length
    ? ` with inputs ${inputs.map((i) => `${escapeForTerminal(i.arg)} (${formatBytes(i.bytes)})`).join(', ')}`
    : '';
  const heapMb = Math.round(limit.heapSizeLimit / 2 ** 20);
  const which =
    limit.flagMb !== undefined
      ? `--max-old-space-size=${limit.flagMb}`
      : `${heapMb} MB, Node's default here`;
  return `envtrace: out of memory: the JavaScript heap limit (${which}) was reached${what}; raise it (e.g. NODE_OPTIONS=--max-old-space-size=${suggestedHeapMb(limit.flagMb ?? heapMb, total)}) or evaluate shorter traces`;
}
