/**
 * envtrace's own reports told by content (the name plays no part): a trace directory may hold
 * them (batch mode skips them), and a user may pass one where a trace goes (`--pred
 * envtrace-report.json`), which the error then names.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { RUN_REPORT_KIND } from '../report/run/schema.js';

/** envtrace's own outputs that a trace directory may hold: never read as traces. */
export type EnvtraceReportKind = 'run report' | 'evaluation report';

/** How many first bytes tell a report (both kinds say so in their first keys). */
const REPORT_HEAD_BYTES = 512;

/**
 * What envtrace report the first bytes of a file are, by content (the name plays no part): a run
 * report (the reporters', `evaluate --gt-dir … --out`: `"kind": "envtrace-run-report"` as its
 * first or second key, after `schema_version`), or the JSON report of one evaluation (`align`/`evaluate --json` or `--out`, whose
 * keys start `envtrace_version`, `mode`, `full_score` in this fixed order, as docs/report-format.md
 * documents). `undefined` for anything else.
 */
export function reportKindOf(head: string): EnvtraceReportKind | undefined {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  // The kind must be one of the first two keys (after `schema_version`, as every writer puts it):
  // a trace whose first event's value holds the same text is still a trace.
  const kind = `"kind"\\s*:\\s*"${RUN_REPORT_KIND}"`;
  if (new RegExp(`^\\s*\\{\\s*(?:"schema_version"\\s*:\\s*[0-9]+\\s*,\\s*)?${kind}`).test(text))
    return 'run report';
  if (
    /^\s*\{\s*"envtrace_version"\s*:\s*"[^"\\]*"\s*,\s*"mode"\s*:\s*"[a-z]+"\s*,\s*"full_score"\s*:/.test(
      text,
    )
  )
    return 'evaluation report';
  return undefined;
}

/**
 * Opened without blocking, and only a regular file is looked at: a FIFO the trace was read from
 * has no writer any more, and a blocking open of it would wait for one for ever (a bag piped into
 * `convert` hung after its error).
 */
const PEEK_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** `reportKindOf` the first bytes of `file`; `undefined` when it cannot be read or is not a regular file (reading it as a trace reports why). */
export async function reportKindOfFile(file: string): Promise<EnvtraceReportKind | undefined> {
  try {
    const handle = await open(file, PEEK_FLAGS);
    try {
      if (!(await handle.stat()).isFile()) return undefined;
      const head = Buffer.alloc(REPORT_HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return reportKindOf(head.toString('utf8', 0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/** Synchronous `reportKindOfFile` (for `checkOut`'s check before anything is read). */
export function reportKindOfFileSync(file: string): EnvtraceReportKind | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, PEEK_FLAGS);
    if (!fstatSync(fd).isFile()) return undefined;
    const head = Buffer.alloc(REPORT_HEAD_BYTES);
    const n = readSync(fd, head, 0, head.length, 0);
    return reportKindOf(head.toString('utf8', 0, n));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What a report is, for messages: `an envtrace run report ("kind": "envtrace-run-report")`. */
export function describeReport(kind: EnvtraceReportKind): string {
  return kind === 'run report'
    ? `an envtrace run report ("kind": "${RUN_REPORT_KIND}")`
    : 'the JSON report of an envtrace evaluation (--json / --out output)';
}
