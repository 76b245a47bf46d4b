/**
 * Test helpers for the CLI tests (not part of the CLI): an in-memory `CliIO`, a temp directory,
 * and raw JSON slicing so conformance traces keep their exact number text (`1.0` vs `1`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIO } from './types.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const corpusDir = path.resolve(repoRoot, 'test/conformance/cases');

export interface CapturedIO extends CliIO {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIO(
  cwd: string,
  env: Record<string, string | undefined> = {},
  isTTY = false,
): CapturedIO {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    cwd,
    env,
    isTTY,
    out: () => out,
    err: () => err,
  };
}

export function tempDir(): {
  dir: string;
  write(name: string, text: string): string;
  cleanup(): void;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'envtrace-cli-'));
  return {
    dir,
    write(name, text) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** End index (exclusive) of the JSON value starting at `i` (after whitespace). */
function valueEnd(text: string, i: number): number {
  const open = text[i];
  if (open === '{' || open === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const ch = text[j];
      if (ch === '"') {
        j++;
        while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      } else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new Error('unbalanced JSON');
  }
  if (open === '"') {
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  const m = /^[^,\]}\s]+/.exec(text.slice(i));
  return i + (m?.[0].length ?? 0);
}

function skipWs(text: string, i: number): number {
  while (/\s/.test(text[i] ?? '')) i++;
  return i;
}

export interface RawCase {
  readonly doc: { input: Record<string, unknown>; expected: Record<string, unknown> };
  /** Exact text of `input[key]`. */
  raw(key: string): string;
  /** Exact texts of the elements of the array `input[key]`. */
  rawItems(key: string): string[];
}

export function readCase(id: string): RawCase {
  const text = readFileSync(path.join(corpusDir, `${id}.json`), 'utf8');
  const inputAt = text.indexOf('"input":');
  const start = (key: string): number => {
    const m = new RegExp(`"${key}":\\s*`).exec(text.slice(inputAt));
    if (!m) throw new Error(`no input.${key} in ${id}`);
    return skipWs(text, inputAt + m.index + m[0].length);
  };
  return {
    doc: JSON.parse(text) as RawCase['doc'],
    raw(key) {
      const i = start(key);
      return text.slice(i, valueEnd(text, i));
    },
    rawItems(key) {
      let i = start(key) + 1;
      const items: string[] = [];
      for (;;) {
        i = skipWs(text, i);
        if (text[i] === ']') return items;
        const end = valueEnd(text, i);
        items.push(text.slice(i, end));
        i = skipWs(text, end);
        if (text[i] === ',') i++;
      }
    },
  };
}

/** Relative float comparison of the corpus policy (README §3). */
export function close(a: unknown, b: number): boolean {
  return typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
