import { describe, expect, it } from 'vitest';
import { circusAllPassed, circusRoot, vitestAllPassed, type CircusNode } from './lifecycle.js';

describe('vitestAllPassed', () => {
  const test = (state: string, mode = 'run') => ({ type: 'test', mode, result: { state } });
  it('needs every test to have run and passed', () => {
    expect(vitestAllPassed({ type: 'suite', tasks: [test('pass'), { type: 'suite', tasks: [test('pass')] }] })).toBe(true);
    expect(vitestAllPassed({ type: 'suite', tasks: [test('pass'), { type: 'suite', tasks: [test('fail')] }] })).toBe(false);
    expect(vitestAllPassed({ type: 'suite', tasks: [test('pass'), test('skip', 'skip')] })).toBe(false);
    expect(vitestAllPassed({ type: 'suite', tasks: [] })).toBe(false);
  });
});

describe('circus', () => {
  it('finds the root from a test and needs every test done without errors', () => {
    const root: { type: string; children: CircusNode[] } = { type: 'describeBlock', children: [] };
    const block: { type: string; parent: CircusNode; children: CircusNode[] } = { type: 'describeBlock', parent: root, children: [] };
    const t1 = { type: 'test', status: 'done', errors: [] as unknown[], parent: block };
    const t2 = { type: 'test', status: 'done', errors: [] as unknown[], parent: root };
    block.children.push(t1);
    root.children.push(block, t2);
    expect(circusRoot(t1)).toBe(root);
    expect(circusAllPassed(root)).toBe(true);
    t2.errors.push(new Error('x'));
    expect(circusAllPassed(root)).toBe(false);
    t2.errors.length = 0;
    t2.status = 'skip';
    expect(circusAllPassed(root)).toBe(false);
    expect(circusRoot(undefined)).toBeUndefined();
    expect(circusRoot({ type: 'describeBlock' })).toBeUndefined();
  });
});
