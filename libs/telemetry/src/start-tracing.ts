/* eslint-disable @typescript-eslint/no-require-imports -- the SDK is loaded only when tracing starts */
import { context, diag, propagation, trace } from '@opentelemetry/api';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { setTracingActive, tracingActive } from './spans';
import { redactUrlForTrace } from './trace-redaction';

export interface StartTracingOptions {
  /** `service.name` of the spans unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names another. */
  serviceName: string;
  /**
   * Where spans go. Default: OTLP over HTTP (`@opentelemetry/exporter-trace-otlp-http`), which reads
   * the standard OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout). Tests pass an
   * InMemorySpanExporter.
   */
  exporter?: SpanExporter;
  /** `batch` (the default: spans leave in the background, OTEL_BSP_* tune it) or `simple` (each span exported as it ends: tests). */
  processor?: 'batch' | 'simple';
  /**
   * Patches `node:http` and `node:https` now as well. The instrumentations patch a module when it is
   * next required through Node's own `require`; a test runner with a module system of its own (jest)
   * never does that, so an in-process test that wants the HTTP server spans asks for it here.
   */
  patchCoreModulesNow?: boolean;
}

/** A started tracer provider: flush what is buffered, or stop tracing altogether (instrumentations removed). */
export interface TracingHandle {
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Incoming requests never traced: probes and scrapes, a span each every few seconds and of no interest. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts OpenTelemetry tracing in this process: a NodeTracerProvider registered as the global one
 * (W3C traceparent propagation, AsyncLocalStorage context), and the instrumentations of node:http
 * (incoming requests continue a `traceparent`; outgoing ones carry it), undici (the upstream
 * fetches), pg (ledger and queue statements), ioredis (cache, rate limits, BullMQ on Redis). BullMQ
 * traces itself through its `telemetry` option (bullmqTelemetry). Must run before pg, ioredis and
 * node:http are loaded (the entry points' tracing preload), except for what `patchCoreModulesNow` covers.
 *
 * Nothing secret reaches a span: URL query strings are not recorded, long opaque path segments
 * (API keys in a provider's path, webhook tokens) are replaced (redactUrlForTrace), no header is
 * recorded, SQL is recorded without its parameters and Redis commands without their arguments.
 */
export function startTracing(options: StartTracingOptions): TracingHandle {
  if (tracingActive()) throw new Error('tracing already started in this process');
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } = require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');

  let exporter = options.exporter;
  if (!exporter) {
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    exporter = new OTLPTraceExporter();
  }
  const processor = options.processor === 'simple' ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();

  const instrumentations = buildInstrumentations();
  const unregister = registerInstrumentations({ instrumentations, tracerProvider: provider });
  if (options.patchCoreModulesNow) patchCoreModules(instrumentations);
  setTracingActive(true);

  return {
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      setTracingActive(false);
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}

function buildInstrumentations(): Instrumentation[] {
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]),
      // Query strings hold tool inputs and, refused, an `access_token`: never recorded.
      startIncomingSpanHook: (req) => ((req.url ?? '').includes('?') ? { 'url.query': '[not recorded]' } : {}),
      startOutgoingSpanHook: (request) => outgoingUrlAttributes(request),
      // An outgoing request outside any traced work (the live feed's WebSocket, a test client) is
      // left alone: no span, no traceparent, and no placeholder span in the context of its later
      // events, under which the statements they run would each become a trace of their own.
      ignoreOutgoingRequestHook: () => !insideTrace(),
    }),
    new UndiciInstrumentation({
      ignoreRequestHook: () => !insideTrace(),
      startSpanHook: (request) => {
        const url = redactUrlForTrace(request.origin + request.path);
        return { 'url.full': url.full, 'url.path': url.path, ...(url.hadQuery ? { 'url.query': '[not recorded]' } : {}) };
      },
    }),
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/** Whether the code running now is part of a trace (a valid span is active). */
function insideTrace(): boolean {
  const span = trace.getSpan(context.active());
  return span !== undefined && trace.isSpanContextValid(span.spanContext());
}

/** `url.full` of an outgoing node:http request, redacted as an undici one. */
function outgoingUrlAttributes(request: {
  protocol?: string | null;
  hostname?: string | null;
  host?: string | null;
  port?: number | string | null;
  path?: string | null;
}): Record<string, string> {
  const host = request.hostname ?? request.host ?? 'localhost';
  const port = request.port ? `:${request.port}` : '';
  const url = redactUrlForTrace(`${request.protocol ?? 'http:'}//${host}${port}${request.path ?? '/'}`);
  return { 'url.full': url.full };
}

interface PatchableInstrumentation {
  getModuleDefinitions(): Array<{ name: string; patch?: unknown }>;
  _onRequire(definition: unknown, exports: unknown, name: string, baseDir?: string): unknown;
}

/** Patches node:http and node:https in place, as a require through Node would (see patchCoreModulesNow). */
function patchCoreModules(instrumentations: Instrumentation[]): void {
  for (const instrumentation of instrumentations as unknown as PatchableInstrumentation[]) {
    for (const definition of instrumentation.getModuleDefinitions?.() ?? []) {
      if (definition.name !== 'http' && definition.name !== 'https') continue;
      instrumentation._onRequire(definition, require(definition.name), definition.name, undefined);
    }
  }
}
