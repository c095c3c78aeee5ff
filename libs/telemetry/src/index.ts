/*
 * Logs and traces (issue 36). Loading this index is light: the OpenTelemetry API, node's
 * AsyncLocalStorage and pino, which every entry point loads anyway. The SDK, its instrumentations,
 * pino-pretty and bullmq-otel are required only by startTracing, the pretty log format and
 * bullmqTelemetry, when they are used.
 */
export * from './request-facts';
export * from './spans';
export * from './start-tracing';
export * from './tracing-preload';
export * from './trace-redaction';
export * from './bullmq-telemetry';
export * from './log-format';
