import { describe, expect, it } from 'vitest';
import { brandClass, brandSymbol, hasBrand } from './brand.js';
import { ConfigError, EnvTraceError, ReferenceRaise, TraceError } from './errors.js';
import { JsonSyntaxError } from './py/json.js';
import { PyFloat } from './py/value.js';
import { Trace } from './trace/trace.js';

/**
 * A "foreign copy" of a branded class: what another build of envtrace-js (the CJS one when this
 * is the ESM one) defines. Same brand, unrelated prototype chain.
 */
function foreign(...names: string[]): object {
  const proto: Record<symbol, boolean> = {};
  for (const n of names)
    Object.defineProperty(proto, Symbol.for(`envtrace-js.${n}`), { value: true });
  return Object.create(proto) as object;
}

describe('brandClass', () => {
  it('makes instanceof hold for instances of a foreign copy', () => {
    expect(foreign('Trace') instanceof Trace).toBe(true);
    expect(foreign('PyFloat') instanceof PyFloat).toBe(true);
    expect(foreign('EnvTraceError', 'ConfigError') instanceof ConfigError).toBe(true);
    expect(foreign('EnvTraceError', 'ConfigError') instanceof EnvTraceError).toBe(true);
  });

  it('keeps each subclass its own identity', () => {
    const config = foreign('EnvTraceError', 'ConfigError');
    expect(config instanceof TraceError).toBe(false);
    expect(config instanceof ReferenceRaise).toBe(false);
    expect(new ConfigError('x') instanceof TraceError).toBe(false);
    expect(new TraceError('x') instanceof ConfigError).toBe(false);
    expect(new JsonSyntaxError('bad', { line: 1, column: 1 }) instanceof EnvTraceError).toBe(true);
    expect(new JsonSyntaxError('bad', { line: 1, column: 1 }) instanceof TraceError).toBe(false);
    // A foreign EnvTraceError is no ConfigError.
    expect(foreign('EnvTraceError') instanceof ConfigError).toBe(false);
  });

  it('still holds for own instances and rejects unrelated values', () => {
    expect(new Trace([]) instanceof Trace).toBe(true);
    expect(new PyFloat(1) instanceof PyFloat).toBe(true);
    expect(new ConfigError('x') instanceof Error).toBe(true);
    for (const v of [
      null,
      undefined,
      1,
      'Trace',
      {},
      [],
      { events: [] },
      new Error('x'),
      foreign('PyFloat'),
    ]) {
      expect(v instanceof Trace).toBe(false);
    }
    expect(new Trace([]) instanceof PyFloat).toBe(false);
  });

  it('a brand on an own property (not the prototype) counts too, a wrong brand value does not', () => {
    const v = { [Symbol.for('envtrace-js.PyFloat')]: true, value: 1 };
    expect(v instanceof PyFloat).toBe(true);
    expect({ [Symbol.for('envtrace-js.PyFloat')]: 'yes' } instanceof PyFloat).toBe(false);
  });

  it('leaves a user subclass that is not branded to the ordinary prototype test', () => {
    class MyError extends ConfigError {}
    expect(new MyError('x') instanceof MyError).toBe(true);
    expect(new MyError('x') instanceof ConfigError).toBe(true);
    expect(new ConfigError('x') instanceof MyError).toBe(false);
    expect(foreign('EnvTraceError', 'ConfigError') instanceof MyError).toBe(false);
  });

  it('brands a fresh class, non-enumerably', () => {
    class Thing {
      readonly n = 1;
    }
    brandClass(Thing, 'TestThing');
    const t = new Thing();
    expect(hasBrand(t, 'TestThing')).toBe(true);
    expect(Object.keys(t)).toEqual(['n']);
    expect(JSON.stringify(t)).toBe('{"n":1}');
    expect(brandSymbol('TestThing')).toBe(Symbol.for('envtrace-js.TestThing'));
    expect(foreign('TestThing') instanceof Thing).toBe(true);
    expect(hasBrand(t, 'Trace')).toBe(false);
    expect(hasBrand(null, 'TestThing')).toBe(false);
  });
});
