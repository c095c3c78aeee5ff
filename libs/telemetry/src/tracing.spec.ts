import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { scoutLoggerOptions } from './log-format';
import { activeTraceFields, inSpan, markSpanFailed, tracingActive } from './spans';
import { startTracing } from './start-tracing';
import { tracingRequested } from './tracing-preload';

describe('tracingRequested (the entry points preload)', () => {
  it('is on when either standard OTLP endpoint variable is set, and not when the SDK is disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

describe('inSpan with tracing off', () => {
  it('runs the function as it is, with no span', async () => {
    expect(tracingActive()).toBe(false);
    const seen: unknown[] = [];
    await expect(inSpan('x', {}, async (span) => (seen.push(span), 7))).resolves.toBe(7);
    expect(seen).toEqual([undefined]);
    expect(activeTraceFields()).toEqual({});
  });
});

describe('inSpan with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  let stop: () => Promise<void>;

  beforeAll(() => {
    stop = startTracing({ serviceName: 'scout-unit', exporter, processor: 'simple' }).shutdown;
  });
  afterAll(async () => {
    await stop();
    expect(tracingActive()).toBe(false);
  });
  beforeEach(() => exporter.reset());

  it('makes an active span for the function, its children under it, ended when it settles', async () => {
    let inner: { traceId?: string; spanId?: string } = {};
    await inSpan('outer', { 'scout.tool': 'service_usage' }, async (span) => {
      span?.setAttribute('scout.credits', 0);
      await inSpan('inner', {}, async () => {
        inner = activeTraceFields();
      });
    });
    const [innerSpan, outerSpan] = exporter.getFinishedSpans();
    expect(outerSpan.name).toBe('outer');
    expect(outerSpan.attributes).toEqual({ 'scout.tool': 'service_usage', 'scout.credits': 0 });
    expect(innerSpan.parentSpanContext?.spanId).toBe(outerSpan.spanContext().spanId);
    expect(inner).toEqual({ traceId: outerSpan.spanContext().traceId, spanId: innerSpan.spanContext().spanId });
  });

  it('records a thrown error on the span and throws it on', async () => {
    const failure = new Error('upstream down');
    await expect(
      inSpan('failing', {}, async (span) => {
        if (span) markSpanFailed(span, 'tool_error');
        throw failure;
      }),
    ).rejects.toBe(failure);
    const [span] = exporter.getFinishedSpans();
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'tool_error' });
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('gives loggers built now a mixin with the active trace', async () => {
    const { mixin } = scoutLoggerOptions('info');
    expect(mixin).toBeDefined();
    await inSpan('logged', {}, async () => {
      const fields = mixin!({}, 30, undefined as never) as { traceId?: string };
      expect(fields.traceId).toMatch(/^[0-9a-f]{32}$/);
      // A line that names its own trace keeps it.
      expect(mixin!({ traceId: 'given' }, 30, undefined as never)).toEqual({});
    });
  });

  it('refuses a second start in the same process', () => {
    expect(() => startTracing({ serviceName: 'again', exporter })).toThrow('tracing already started');
  });
});
