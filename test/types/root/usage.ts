// Type test: the root entry, envtrace-js/engine and envtrace-js/python, compiled under node10, node16 and bundler
// resolution (one tsconfig each). Includes every comparator spec the README documents.
import {
  ConfigError,
  EnvTraceError,
  Trace,
  TraceError,
  evaluate,
  evaluateBestOf,
  loadTraceSync,
  loadTrace,
  parseTrace,
  type Aligner,
  type Comparator,
  type ComparatorSpec,
  type EvaluateOptions,
  type EvaluationResult,
  type Metric,
} from 'envtrace-js';
import { DifflibAligner, importFileSync, policyFor, validateOptions } from 'envtrace-js/engine';
import { PyFloat, parsePyJson, pyStr, stringifyPyJson } from 'envtrace-js/python';
// @ts-expect-error Python value semantics are not in the root entry (envtrace-js/python)
import { pyRepr } from 'envtrace-js';
// @ts-expect-error the building blocks are not in the root entry (envtrace-js/engine)
import { createAligner } from 'envtrace-js';

// README "Config reference": comparator types and their aliases.
const specs: ComparatorSpec[] = [
  { type: 'exact' },
  { type: 'equals' },
  { type: 'eq' },
  { type: 'numeric_tolerance', tol: 1e-3 },
  { type: 'tolerance', abs_tol: 0.1 },
  { type: 'tol', tol: 1e-3, abs_tol: 0 },
  { type: 'always_true' },
  { type: 'any' },
  { type: 'ignore' },
  { type: 'deep', match: 'subset', tol: 1e-6 },
];
// @ts-expect-error unknown comparator type
const unknownType: ComparatorSpec = { type: 'fuzzy' };
// @ts-expect-error deep's match is equal | subset | superset
const badMatch: ComparatorSpec = { type: 'deep', match: 'partial' };

const options: EvaluateOptions = {
  mode: 'reference',
  aliases: { 'XF:11BMB-ES{Chm:Smpl-Ax:X}Mtr': 'motor:x' },
  comparators: {
    default: { type: 'tol', tol: 1e-3 },
    by_channel: {
      'det:Acquire': { type: 'eq' },
      'log:step': { type: 'ignore' },
      'tool:args': { type: 'deep', match: 'subset', tol: 1e-6 },
      'gripper:cmd': (gt, pred, channel) => gt === pred && channel.length > 0,
    },
  },
};

const golden = new Trace([{ channel: 'motor:x', timestamp: 0, value: 1 }]);
const pred = parseTrace({ events: [{ channel: 'motor:x', timestamp: 0.1, value: 1 }] });
const result: EvaluationResult = evaluate(golden, pred, options);
const score: number = result.full_score;
const best = evaluateBestOf([golden, loadTraceSync('golden.json', { mode: 'reference' })], pred);
const bestIndex: number | undefined = best.best_index;
validateOptions({ comparators: { default: { type: 'any' } } });

// One load, one parse: any format by name or detected.
const fromCsv: Trace = parseTrace('channel,timestamp,value\nm,0,1\n', { format: 'csv' });
const loaded: Promise<Trace> = loadTrace('run.otlp.json', { format: 'auto', mode: 'default' });
// @ts-expect-error a path names itself: no `file` option
loadTraceSync('golden.json', { file: 'x.json' });
// @ts-expect-error an unknown format name
parseTrace('{}', { format: 'xml' });

// envtrace-js/engine
const format: string = importFileSync('run.jsonl').format;
const strict: boolean = policyFor('default').mode === 'default';
const aligner0 = new DifflibAligner();

function describeError(e: unknown): string {
  if (e instanceof ConfigError || e instanceof TraceError) return `${e.code} ${e.file ?? ''} ${e.path ?? ''}`;
  if (e instanceof EnvTraceError) return e.code;
  return String(e);
}

// Plug-in interfaces.
const comparator: Comparator = { name: 'same', compare: (gt, p) => gt === p };
declare const aligner: Aligner;
declare const metric: Metric;
evaluate(golden, pred, { comparators: { default: comparator }, aligner, metrics: [metric] });

// envtrace-js/python
const f = new PyFloat(1);
const text: string = pyStr(f) + stringifyPyJson(parsePyJson('{"a": 1.0}'));

void [specs, unknownType, badMatch, score, bestIndex, describeError, text, pyRepr, createAligner];
void [fromCsv, loaded, format, strict, aligner0];
