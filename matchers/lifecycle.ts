/**
 * After a test file: report (or, under `-u`, delete) golden traces no test touched. Only when
 * every test of the file ran and passed: a test that fails midway leaves its later goldens
 * untouched, and a filtered run (`-t`, `.only`, skips) does not visit every test.
 */
import { collectObsolete, formatObsolete, type UpdateMode } from './golden.js';

export function reportObsoleteGoldens(testPath: string, mode: UpdateMode, allRanAndPassed: boolean): void {
  if (!allRanAndPassed || testPath === '') return;
  const report = collectObsolete(testPath, mode);
  if (report) process.stderr.write(formatObsolete(report));
}

/** Vitest: every test in the file suite ran (mode `run`) and passed. */
export interface VitestTaskTree {
  readonly type: string;
  readonly mode?: string;
  readonly result?: { readonly state?: string };
  readonly tasks?: readonly VitestTaskTree[];
}

export function vitestAllPassed(suite: VitestTaskTree): boolean {
  let tests = 0;
  const walk = (t: VitestTaskTree): boolean => {
    if (t.type === 'test') {
      tests++;
      return t.mode === 'run' && t.result?.state === 'pass';
    }
    return (t.tasks ?? []).every(walk);
  };
  return walk(suite) && tests > 0;
}

/** Jest (jest-circus): every test of the root describe block ran (`done`) without errors. */
export interface CircusNode {
  readonly type: string;
  readonly status?: string;
  readonly errors?: readonly unknown[];
  readonly children?: readonly CircusNode[];
  readonly parent?: CircusNode;
}

export function circusRoot(test: unknown): CircusNode | undefined {
  let node = test as CircusNode | undefined;
  if (!node || typeof node !== 'object' || node.type !== 'test') return undefined;
  while (node.parent) node = node.parent;
  return node;
}

export function circusAllPassed(root: CircusNode): boolean {
  let tests = 0;
  const walk = (n: CircusNode): boolean => {
    if (n.type === 'test') {
      tests++;
      return n.status === 'done' && Array.isArray(n.errors) && n.errors.length === 0;
    }
    return (n.children ?? []).every(walk);
  };
  return walk(root) && tests > 0;
}
