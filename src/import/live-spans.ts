/**
 * `ToolSpan`s over the span objects of the OpenTelemetry JS SDK (`ReadableSpan`, as a
 * `SpanProcessor` gets them in `onEnd`), for the live capture of `envtrace-js/otel`. Only the
 * fields read here are typed, so SDK 1.x (`parentSpanId`) and 2.x (`parentSpanContext`) both fit,
 * and envtrace needs no OpenTelemetry package at run time.
 */
import { TraceError } from '../errors.js';
import type { SpanStatus, ToolSpan } from './tool-spans.js';
import { timeFromNanos, secondsBetween, type ExactTime } from './time.js';
import type { ImportContext } from './types.js';
import { importValue } from './values.js';

/** `[seconds, nanoseconds]` since the epoch, as the SDK gives times. */
export type HrTime = readonly [number, number];

/** The fields of a finished SDK span that envtrace reads (a subset of `ReadableSpan`). */
export interface FinishedSpan {
  readonly name: string;
  spanContext(): { readonly traceId: string; readonly spanId: string };
  /** SDK 2.x. */
  readonly parentSpanContext?: { readonly spanId: string } | undefined;
  /** SDK 1.x. */
  readonly parentSpanId?: string | undefined;
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly status: { readonly code: number; readonly message?: string | undefined };
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly events: ReadonlyArray<{
    readonly name: string;
    readonly attributes?: Readonly<Record<string, unknown>> | undefined;
  }>;
}

const STATUS: readonly SpanStatus[] = ['UNSET', 'OK', 'ERROR'];

function exactTime(t: HrTime, what: string, where: string): ExactTime {
  const [s, ns] = t;
  if (!Number.isSafeInteger(s) || !Number.isSafeInteger(ns) || s < 0 || ns < 0)
    throw new TraceError(`expected [seconds, nanoseconds] integers, got ${JSON.stringify(t)}`, {
      place: `${where}.${what}`,
    });
  return timeFromNanos(BigInt(s) * 1_000_000_000n + BigInt(ns));
}

/** A `ToolSpan` over a finished SDK span; errors name the span (`span "ai.toolCall" 1a2b…`). */
export function liveToolSpan(span: FinishedSpan, ctx: ImportContext): ToolSpan {
  const { traceId, spanId } = span.spanContext();
  const where = `span ${JSON.stringify(span.name)} ${spanId}`;
  const fail = (key: string | undefined, message: string): never => {
    throw new TraceError(message, {
      place: key === undefined ? `${where}: attributes` : `${where}: ${JSON.stringify(key)}`,
    });
  };
  const attribute = (key: string): unknown => {
    const v = span.attributes[key];
    return v === undefined ? undefined : importValue(v, ctx);
  };
  // Times are read when the events are (never in onEnd, inside the agent's span.end()).
  const start = (): ExactTime => exactTime(span.startTime, 'startTime', where);
  return {
    name: span.name,
    place: where,
    traceId: traceId === '' ? undefined : traceId,
    spanId: spanId === '' ? undefined : spanId,
    get start() {
      return start();
    },
    // The same keys as `spanMeta` gives for the span's OTLP/JSON form.
    meta() {
      const meta: Record<string, unknown> = { traceId, spanId };
      const parent = span.parentSpanContext?.spanId ?? span.parentSpanId;
      if (parent !== undefined && parent !== '') meta['parentSpanId'] = parent;
      if (span.name !== '') meta['name'] = span.name;
      const from = start();
      meta['startTimeUnixNano'] = String(from.units);
      meta['duration'] = secondsBetween(from, exactTime(span.endTime, 'endTime', where));
      meta['status'] = STATUS[span.status.code] ?? fail(undefined, 'unknown status code');
      if (span.status.message !== undefined && span.status.message !== '')
        meta['statusMessage'] = span.status.message;
      return meta;
    },
    attribute,
    string(key) {
      const v = span.attributes[key];
      if (v !== undefined && typeof v !== 'string')
        fail(key, `expected a string value for ${JSON.stringify(key)}`);
      return v as string | undefined;
    },
    fail,
    exceptionType() {
      const e = span.events.find((x) => x.name === 'exception');
      const t = e?.attributes?.['exception.type'];
      return typeof t === 'string' ? t : undefined;
    },
  };
}
