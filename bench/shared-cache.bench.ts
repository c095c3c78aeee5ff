/**
 * Shared-cache benchmark (issue 22, "one cache for every instance"): how many upstream requests
 * identical concurrent misses cost when several API processes serve them, with the Redis tier
 * (REDIS_URL) and without it.
 *  1. Client processes: 4 child processes, each its own HttpUpstreamSource (the base client every
 *     provider uses), fire 250 identical cached reads at once against one counting HTTP server that
 *     answers after 200 ms; printed: the requests that server received.
 *  2. API processes: 4 real API processes (apps/api/src/main.ts) on one database and one sandbox;
 *     1,000 identical `service_defi_hacks` calls at once, 250 to each, with the sandbox's /hacks
 *     answering after 500 ms; printed: the sandbox's /api/hacks request count, and the answers.
 * Each part runs with REDIS_URL (the goal: 1 request) and without (today's per-process cache: 1
 * request per process). Exits 1 if any call failed or the Redis run sent more than 1 request.
 *
 *   npm run bench:shared-cache
 *   DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 npm run bench:shared-cache
 *
 * Env: REDIS_URL (default redis://127.0.0.1:6379), DATABASE_URL (unset: embedded PGlite),
 * BENCH_API (built | ts-node; default built), BENCH_API_PROCESSES (4), BENCH_CALLS (1000).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, stopProcess, waitForHttp } from '../test/processes/child-processes';
import { runSharedCacheChildren } from '../test/processes/shared-cache-children';
import { createTestDatabase } from '../test/test-database';
import { prepareApi, startApiProcess, type ApiProcess, type ApiRuntime } from './support/api-process';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUNTIME = (process.env.BENCH_API ?? 'built') as ApiRuntime;
const PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 4);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const RUN = randomBytes(4).toString('hex');

interface Row {
  part: string;
  redis: 'REDIS_URL set' | 'none';
  processes: number;
  'identical misses': number;
  'answered 200': number;
  'upstream requests': number;
}

/** Part 1: child processes with their own HttpUpstreamSource, one counting server. */
async function clientProcesses(redisUrl: string | null): Promise<Row> {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests += 1;
    const n = requests;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: n })), 200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const perProcess = Math.ceil(CALLS / PROCESSES);
    const reads = await runSharedCacheChildren({ processes: PROCESSES, perProcess, baseUrl, redisUrl, prefix: `scout_bench_cache_${RUN}:`, ttlMs: 60_000 });
    return {
      part: 'HttpUpstreamSource in child processes',
      redis: redisUrl ? 'REDIS_URL set' : 'none',
      processes: PROCESSES,
      'identical misses': perProcess * PROCESSES,
      'answered 200': reads.flatMap((r) => r.values).filter((v) => v !== null).length,
      'upstream requests': requests,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Part 2: real API processes on one database and one sandbox. */
async function apiProcesses(nodeArgs: string[], databaseUrl: string, redisUrl: string | null): Promise<Row> {
  const sandbox: RunningSandbox = await startSandbox();
  const adminKey = `sc_${randomBytes(24).toString('base64url')}`;
  const env: Record<string, string> = {
    ...sandboxProviderEnv(sandbox.url),
    DATABASE_URL: databaseUrl,
    DB_MIGRATE_ON_START: 'false',
    WORKER_IN_PROCESS: 'false',
    HOST: '127.0.0.1',
    ADMIN_BOOTSTRAP_KEY: adminKey,
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { REDIS_URL: redisUrl, UPSTREAM_CACHE_PREFIX: `scout_bench_cache_${RUN}:` } : {}),
  };
  const apis: Array<{ api: ApiProcess; base: string }> = [];
  const pools: Pool[] = [];
  try {
    for (let i = 0; i < PROCESSES; i += 1) {
      const port = await freePort();
      apis.push({ api: startApiProcess(nodeArgs, { ...env, PORT: String(port) }), base: `http://127.0.0.1:${port}` });
    }
    for (const { api, base } of apis) await waitForHttp(`${base}/readyz`, api, 180_000);
    const admin = async <T>(path: string, body: object): Promise<T> => {
      const res = await fetch(`${apis[0].base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const { apiKey, account } = await admin<{ apiKey: string; account: { id: string } }>('/api/v1/admin/accounts', { name: `shared cache bench ${RUN}` });
    await admin(`/api/v1/admin/accounts/${account.id}/credits`, { credits: CALLS * 1_000, kind: 'adjustment', reason: 'shared cache bench' });
    // A slow /hacks keeps the first request in flight while every other call arrives.
    sandbox.control.add({ provider: 'defillama', route: '/api/hacks', latencyMs: 500 });
    const seen = sandbox.control.count('defillama', '/api/hacks');
    const perProcess = Math.ceil(CALLS / PROCESSES);
    for (const { base } of apis) pools.push(new Pool(base, { connections: perProcess, headersTimeout: 120_000, bodyTimeout: 120_000 }));
    const statuses = await Promise.all(
      pools.flatMap((pool) =>
        Array.from({ length: perProcess }, async () => {
          const res = await pool.request({ path: '/api/v1/tools/service_defi_hacks?limit=5', method: 'GET', headers: { authorization: `Bearer ${apiKey}` } });
          await res.body.dump();
          return res.statusCode;
        }),
      ),
    );
    return {
      part: 'API processes, service_defi_hacks',
      redis: redisUrl ? 'REDIS_URL set' : 'none',
      processes: PROCESSES,
      'identical misses': statuses.length,
      'answered 200': statuses.filter((s) => s === 200).length,
      'upstream requests': sandbox.control.count('defillama', '/api/hacks') - seen,
    };
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await Promise.all(apis.map(({ api }) => stopProcess(api)));
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  rows.push(await clientProcesses(REDIS_URL));
  rows.push(await clientProcesses(null));
  const nodeArgs = prepareApi(RUNTIME);
  const database = await createTestDatabase(process.env.DATABASE_URL);
  try {
    rows.push(await apiProcesses(nodeArgs, database.url, REDIS_URL));
    rows.push(await apiProcesses(nodeArgs, database.url, null));
  } finally {
    await database.dispose();
  }
  const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite in the bench process';
  process.stdout.write(`\nshared cache: ${PROCESSES} processes, ${CALLS} identical concurrent misses, Redis ${REDIS_URL}, API ${RUNTIME}, ${target}\n`);
  console.table(rows);
  const failed = rows.some((r) => r['answered 200'] !== r['identical misses'] || (r.redis === 'REDIS_URL set' && r['upstream requests'] !== 1));
  process.stdout.write(failed ? 'shared cache bench: FAILED\n' : 'shared cache bench: passed (1 upstream request with Redis, every call answered)\n');
  if (failed) process.exitCode = 1;
}

void main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
