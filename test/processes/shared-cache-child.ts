/*
 * One process of the shared-cache proofs (libs/upstream shared-cache.int-spec.ts, bench/shared-cache.bench.ts):
 * its own HttpUpstreamSource on the shared Redis tier, told by its parent over IPC when to fire
 * `count` identical cached reads at once; it answers with what they returned and how they were
 * metered, then exits. Started by runSharedCacheChildren below.
 */
import Redis from 'ioredis';
import { CallMeter, RequestContext, type ToolName } from '@scout/core';
import { HttpUpstreamSource, SharedCache } from '@scout/upstream';

interface Go {
  count: number;
  ttlMs: number;
}

/** The Redis tier on SHARED_REDIS_URL, ready; none without it (each process on its own, as today). */
async function sharedTier(): Promise<{ shared: SharedCache | null; redis: Redis | null }> {
  const url = process.env.SHARED_REDIS_URL;
  if (!url) return { shared: null, redis: null };
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  return { shared: new SharedCache(redis, process.env.SHARED_PREFIX as string), redis };
}

async function main(): Promise<void> {
  const { shared, redis } = await sharedTier();
  const source = new HttpUpstreamSource(
    { name: 'child', baseUrl: process.env.SHARED_BASE_URL as string, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 5_000, retries: 0 },
    { shared },
  );
  process.on('message', (go: Go) => {
    const meter = new CallMeter();
    const ctx = {
      tool: 'fixture' as ToolName,
      requestId: 'r',
      caller: { accountId: 'a', keyId: 'k', scopes: ['tools'] },
      meter,
      deadlineAt: Date.now() + 10_000,
    };
    const reads = Array.from({ length: go.count }, () =>
      RequestContext.run(ctx, () => source.request({ endpoint: 'fx:/board', path: '/board', cacheTtlMs: go.ttlMs }, (raw) => raw as { value: number })),
    );
    void Promise.allSettled(reads).then(async (settled) => {
      const values = settled.map((s) => (s.status === 'fulfilled' ? s.value.value : null));
      process.send?.({ values, calls: meter.calls, cachedCalls: meter.cachedCalls });
      await source.close();
      redis?.disconnect();
    });
  });
  process.send?.('ready');
}

void main();
