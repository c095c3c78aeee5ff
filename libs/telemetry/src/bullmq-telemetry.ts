import type { Span as BullSpan, Telemetry, Tracer as BullTracer } from 'bullmq';
import { tracingActive } from './spans';

/**
 * BullMQ's own housekeeping, run on timers for every queue (stalled-job checks, lock renewals,
 * polling, pause and close): untraced. A span each, every few seconds per queue, with its queue
 * statements under it, would bury the jobs' traces.
 */
const QUIET_OPERATIONS = new Set([
  'startStalledCheckTimer',
  'moveStalledJobsToWait',
  'extendLocks',
  'getNextJob',
  'promoteJobs',
  'trimEvents',
  'rateLimit',
  'drain',
  'pause',
  'resume',
  'close',
]);

/** A span that records nothing and leaves the context as it is (its statements trace as if it were not there). */
const QUIET_SPAN: BullSpan = {
  setSpanOnContext: (ctx: unknown) => ctx,
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  recordException: () => undefined,
  end: () => undefined,
};

let shared: Telemetry | undefined;

/**
 * BullMQ's own tracing (its `telemetry` option, through `bullmq-otel`, the BullMQ authors' add-on):
 * a span for each job added and each job processed and completed, the processing span a child of
 * the adding one (the context travels in the job), on either queue backend, Redis or PostgreSQL;
 * housekeeping untraced (QUIET_OPERATIONS). Undefined when tracing is off, so a queue or worker
 * built then carries no telemetry at all.
 */
export function bullmqTelemetry(): Telemetry | undefined {
  if (!tracingActive()) return undefined;
  if (!shared) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
    const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
    const otel = new BullMQOtel({ tracerName: 'bullmq' }) as unknown as Telemetry;
    const tracer: BullTracer = {
      startSpan: (name, options, context) => (QUIET_OPERATIONS.has(name.split(' ')[0]) ? QUIET_SPAN : otel.tracer.startSpan(name, options, context)),
    };
    shared = { tracer, contextManager: otel.contextManager };
  }
  return shared;
}
