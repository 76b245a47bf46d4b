import { describe, expect, it } from 'vitest';
import {
  circusAttemptFailed,
  circusRoot,
  circusTests,
  occurrenceOf,
  vitestTests,
  type CircusNode,
  type VitestTaskTree,
} from './lifecycle.js';
import type { TestInfo } from './runtime.js';

const info = (over: Partial<TestInfo>): TestInfo => ({
  host: 'vitest',
  testPath: '/p/a.test.ts',
  testName: 'x',
  retry: 0,
  repeat: 0,
  identity: undefined,
  task: undefined,
  ...over,
});

describe('vitestTests', () => {
  const t = (name: string, state: string, mode = 'run', fails = false): VitestTaskTree => ({
    type: 'test',
    name,
    mode,
    fails,
    result: { state },
  });
  it('lists tests in declaration order with full names, occurrences and whether they completed', () => {
    const dup1 = t('adds', 'pass');
    const dup2 = t('adds', 'fail');
    const file: VitestTaskTree = {
      type: 'suite',
      name: 'a.test.ts',
      filepath: '/p/a.test.ts',
      tasks: [
        { type: 'suite', name: 'math', tasks: [dup1, dup2, t('adds', 'skip', 'skip')] },
        t('math adds', 'pass'),
        t('fails on purpose', 'pass', 'run', true),
        t('todo', 'todo', 'todo'),
      ],
    };
    const tests = vitestTests(file);
    expect(tests.map((x) => [x.name, x.occurrence, x.completed])).toEqual([
      ['math adds', 1, true],
      ['math adds', 2, false],
      ['math adds', 3, false],
      ['math adds', 4, true],
      ['fails on purpose', 1, false],
      ['todo', 1, false],
    ]);
    const tasks: object[] = [];
    const file2 = { type: 'suite', name: 'b', filepath: '/p/b.test.ts', tasks };
    const a = { type: 'test', name: 'same', id: '1', meta: {}, file: file2 };
    const b = { type: 'test', name: 'same', id: '2', meta: {}, file: file2 };
    tasks.push(a, b);
    expect(occurrenceOf(info({ task: b, testName: 'same' }))).toBe(2);
    expect(occurrenceOf(info({ task: a, testName: 'same' }))).toBe(1);
  });
});

describe('circus', () => {
  it('finds the root from a test and lists tests with occurrences and completion', () => {
    const root: { type: string; name: string; children: CircusNode[] } = {
      type: 'describeBlock',
      name: 'ROOT_DESCRIBE_BLOCK',
      children: [],
    };
    const block: { type: string; name: string; parent: CircusNode; children: CircusNode[] } = {
      type: 'describeBlock',
      name: 'each',
      parent: root,
      children: [],
    };
    const t1 = {
      type: 'test',
      name: 'case',
      status: 'done',
      errors: [] as unknown[],
      parent: block,
    };
    const t2 = {
      type: 'test',
      name: 'case',
      status: 'done',
      errors: [] as unknown[],
      parent: block,
    };
    const t3 = {
      type: 'test',
      name: 'each case',
      status: 'skip',
      errors: [] as unknown[],
      parent: root,
    };
    const t4 = {
      type: 'test',
      name: 'failing',
      status: 'done',
      failing: true,
      errors: [] as unknown[],
      parent: root,
    };
    block.children.push(t1, t2);
    root.children.push(block, t3, t4);
    expect(circusRoot(t1)).toBe(root);
    expect(circusRoot(undefined)).toBeUndefined();
    expect(circusRoot({ type: 'describeBlock' })).toBeUndefined();
    expect(circusTests(root).map((x) => [x.name, x.occurrence, x.completed])).toEqual([
      ['each case', 1, true],
      ['each case', 2, true],
      ['each case', 3, false],
      ['failing', 1, false],
    ]);
    expect(occurrenceOf(info({ host: 'jest', identity: t2, testName: 'each case' }))).toBe(2);
    expect(occurrenceOf(info({ host: 'jest', identity: t3, testName: 'each case' }))).toBe(3);
    t2.errors.push(new Error('x'));
    expect(circusTests(root)[1]?.completed).toBe(false);
    expect(occurrenceOf(info({ host: 'expect' }))).toBe(1);
  });
});

describe('circusAttemptFailed', () => {
  const test = (errors: unknown[]): CircusNode => ({ type: 'test', name: 't', errors });
  it('a failure circus recorded on the test so far (body, hook, test.failing that passed) fails it', () => {
    expect(circusAttemptFailed(test([]), {})).toBe(false);
    expect(circusAttemptFailed(test([[new Error('x'), new Error('at')]]), {})).toBe(true);
  });
  it('and what circus only adds at test_done: suppressed errors, expect.assertions / hasAssertions not met', () => {
    const ok = test([]);
    expect(circusAttemptFailed(ok, { suppressedErrors: [new Error('x')] })).toBe(true);
    expect(circusAttemptFailed(ok, { assertionCalls: 1, expectedAssertionsNumber: 2 })).toBe(true);
    expect(circusAttemptFailed(ok, { assertionCalls: 2, expectedAssertionsNumber: 2 })).toBe(false);
    expect(circusAttemptFailed(ok, { assertionCalls: 0, isExpectingAssertions: true })).toBe(true);
    expect(circusAttemptFailed(ok, { assertionCalls: 1, isExpectingAssertions: true })).toBe(false);
    expect(
      circusAttemptFailed(ok, {
        assertionCalls: 3,
        expectedAssertionsNumber: null,
        isExpectingAssertions: false,
        suppressedErrors: [],
      }),
    ).toBe(false);
  });
});
