import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/** Name of the tracer Scout's own spans come from (the instrumentations have their own). */
export const SCOUT_TRACER = 'scout';

let active = false;

/**
 * Whether this process traces (startTracing ran). Off, Scout's span helpers call straight through
 * and the logger adds no trace fields: tracing that is off costs a boolean test per call.
 */
export function tracingActive(): boolean {
  return active;
}

/** Set by startTracing and its shutdown; nothing else changes it. */
export function setTracingActive(on: boolean): void {
  active = on;
}

/**
 * Runs `fn` in a new active span named `name` (children created inside it, instrumented or not,
 * are its children), ends the span when `fn` settles, and records a thrown error on it. `fn` adds
 * its own attributes on the way. With tracing off, `fn` runs as it is, given no span.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!active) return fn(undefined);
  return trace.getTracer(SCOUT_TRACER).startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed (an error the caller should see in the trace view, not a refusal). */
export function markSpanFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * The trace and span of the code running now, for a log line (pino `mixin`): empty when tracing is
 * off or nothing is being traced here.
 */
export function activeTraceFields(): { traceId?: string; spanId?: string } {
  if (!active) return {};
  const spanContext = trace.getSpanContext(context.active());
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}
