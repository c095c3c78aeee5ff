/**
 * The standalone worker's first import (main.ts): starts OpenTelemetry tracing when an OTLP
 * endpoint is set, before pg, ioredis and BullMQ are loaded (see apps/api/src/tracing.ts).
 */
import { startTracingFromEnv } from '@scout/telemetry';

startTracingFromEnv(process.env, 'scout-worker');
