import { startTracing, type TracingHandle } from './start-tracing';

let running: TracingHandle | undefined;

/**
 * Whether the environment asks for traces: one of the standard OTLP endpoint variables is set
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` for traces alone), and
 * the SDK is not disabled (`OTEL_SDK_DISABLED=true`).
 */
export function tracingRequested(env: Record<string, string | undefined>): boolean {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  return set('OTEL_EXPORTER_OTLP_ENDPOINT') || set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
}

/**
 * The entry points' first statement (apps/api/src/tracing.ts, apps/worker/src/tracing.ts). It
 * runs before AppConfig, which loads the rest of the process, so it reads its few variables itself:
 * unset, it returns at once and nothing of the SDK is loaded. Set, tracing starts here (the SDK
 * reads the other standard OTEL_* variables itself); AppConfig then validates the endpoint and
 * service name with everything else, so a malformed one still stops the boot with its name.
 */
export function startTracingFromEnv(env: Record<string, string | undefined>, defaultServiceName: string): void {
  if (running || !tracingRequested(env)) return;
  try {
    running = startTracing({ serviceName: defaultServiceName });
  } catch (error) {
    process.stderr.write(`Scout: tracing not started (${error instanceof Error ? error.message : String(error)})\n`);
  }
}

/** Sends the spans still buffered and stops tracing (the entry points' shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const handle = running;
  running = undefined;
  await handle?.shutdown();
}
