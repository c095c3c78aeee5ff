/*
 * A container health check: GETs each probe path given (e.g. /healthz /readyz) on this container's
 * API (http://127.0.0.1:$PORT) and exits 0 when every one answers 200, else 1, printing each failed
 * probe with its status and the start of its body (docker inspect shows it under .State.Health).
 * Node's own fetch: the slim image has no curl.
 *
 *   node dist/scripts/healthcheck.js /healthz            # the image's HEALTHCHECK: liveness
 *   node dist/scripts/healthcheck.js /healthz /readyz    # compose's api service: live and ready
 */

/** Each probe's own time limit; the container's health check timeout is the outer one. */
const PROBE_TIMEOUT_MS = 4_000;

interface ProbeResult {
  path: string;
  status: number;
  body: string;
}

async function probe(base: string, path: string): Promise<ProbeResult> {
  try {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return { path, status: res.status, body: (await res.text()).slice(0, 300) };
  } catch (error) {
    return { path, status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

export async function checkHealth(base: string, paths: string[]): Promise<ProbeResult[]> {
  const results = await Promise.all(paths.map((path) => probe(base, path)));
  return results.filter((r) => r.status !== 200);
}

async function main(): Promise<void> {
  const paths = process.argv.slice(2);
  if (paths.length === 0 || paths.some((p) => !p.startsWith('/'))) {
    process.stderr.write('usage: node dist/scripts/healthcheck.js /healthz [/readyz ...]\n');
    process.exit(2);
  }
  const failed = await checkHealth(`http://127.0.0.1:${process.env.PORT || 3000}`, paths);
  for (const f of failed) process.stdout.write(`${f.path}: ${f.status || 'no answer'} ${f.body}\n`);
  process.exit(failed.length === 0 ? 0 : 1);
}

if (require.main === module) void main();
