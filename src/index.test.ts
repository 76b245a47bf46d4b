/**
 * The root entry stays small enough to hold in one's head (issue 22 §3): at most 30 runtime
 * names, and none of the building blocks, which live in `envtrace-js/engine`. Types do not count
 * (they vanish at run time, and `Object.keys` of the module namespace never sees them).
 */
import { describe, expect, it } from 'vitest';
import * as engine from './engine.js';
import * as python from './python.js';
import * as root from './index.js';

const MAX_ROOT_RUNTIME_NAMES = 30;

describe('the root entry', () => {
  it(`exports at most ${MAX_ROOT_RUNTIME_NAMES} runtime names`, () => {
    const names = Object.keys(root).sort();
    expect(names.length).toBeLessThanOrEqual(MAX_ROOT_RUNTIME_NAMES);
    // The list itself, so that a new root export is a decision made in review.
    expect(names).toMatchInlineSnapshot(`
      [
        "ConfigError",
        "ENVTRACE_VERSION",
        "EnvTraceError",
        "ReferenceRaise",
        "Trace",
        "TraceError",
        "createRecorder",
        "evaluate",
        "evaluateBestOf",
        "formatTextReport",
        "loadConfig",
        "loadConfigSync",
        "loadTrace",
        "loadTraceSync",
        "matchTrajectory",
        "parseConfigText",
        "parseTrace",
        "stringifyReport",
        "toJsonReport",
        "toolCalls",
        "trajectoryDistance",
        "trajectoryMetric",
      ]
    `);
  });

  it('has one way to load a file and one way to parse', () => {
    const loaders = Object.keys(root).filter((n) => /^(load|read|import|parse)/.test(n));
    expect(loaders.sort()).toEqual([
      'loadConfig',
      'loadConfigSync',
      'loadTrace',
      'loadTraceSync',
      'parseConfigText',
      'parseTrace',
    ]);
  });

  it('shares no runtime name with envtrace-js/engine or envtrace-js/python', () => {
    const rootNames = new Set(Object.keys(root));
    expect(Object.keys(engine).filter((n) => rootNames.has(n))).toEqual([]);
    expect(Object.keys(python).filter((n) => rootNames.has(n))).toEqual([]);
  });
});
