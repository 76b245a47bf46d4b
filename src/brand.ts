/**
 * Cross-copy identity for classes whose instances travel between entries.
 *
 * The ESM and the CJS build of envtrace-js each hold one copy of the engine, and a project may
 * load both (an ESM test file importing `envtrace-js` while Jest requires `envtrace-js/jest`),
 * or two installed versions. Plain `instanceof` is false across copies. `brandClass` marks a
 * class's prototype with a registry symbol (`Symbol.for('envtrace-js.<Name>')`, the same in every
 * copy and realm) and makes `instanceof` test that mark, so `x instanceof Trace` holds for a
 * `Trace` made by any copy. Subclasses inherit their parents' marks (a `ConfigError` is an
 * `EnvTraceError`) but not their siblings' (a `ConfigError` is not a `TraceError`); a class
 * that extends a branded class without being branded itself keeps the ordinary prototype test.
 */

/** The registry symbol that brands instances of the envtrace class `name`. */
export function brandSymbol(name: string): symbol {
  return Symbol.for(`envtrace-js.${name}`);
}

/** True if `value` carries the brand of the envtrace class `name` (from any copy of envtrace-js). */
export function hasBrand(value: unknown, name: string): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  return (value as Record<symbol, unknown>)[brandSymbol(name)] === true;
}

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];

/**
 * Brand `cls` as `name`: its instances (and its subclasses') carry `Symbol.for('envtrace-js.<name>')`
 * on their prototype chain, and `v instanceof cls` tests for that brand. Call once, right after
 * the class declaration.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any class, whatever its constructor
export function brandClass(cls: abstract new (...args: any[]) => unknown, name: string): void {
  const sym = brandSymbol(name);
  Object.defineProperty(cls.prototype, sym, {
    value: true,
    enumerable: false,
    writable: false,
    configurable: false,
  });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, v: unknown): boolean {
      // A user's unbranded subclass inherits this method: test it the ordinary way.
      if (this !== cls) return ordinaryHasInstance.call(this, v);
      // Hot path (PyFloat checks run per value compared): no registry look-up here.
      return (
        (typeof v === 'object' || typeof v === 'function') &&
        v !== null &&
        (v as Record<symbol, unknown>)[sym] === true
      );
    },
    enumerable: false,
    writable: false,
    configurable: false,
  });
}
