/**
 * main.ts's first import: starts OpenTelemetry tracing when an OTLP endpoint is set
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), before node:http, pg,
 * ioredis and the rest are loaded, so the instrumentations patch them as they load. Unset, it
 * loads nothing of the SDK.
 */
import { startTracingFromEnv } from '@scout/telemetry';

startTracingFromEnv(process.env, 'scout-api');
