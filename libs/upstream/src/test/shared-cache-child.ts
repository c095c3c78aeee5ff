/*
 * One process of the shared-cache proofs (shared-cache.int-spec.ts, bench/shared-cache.bench.ts):
 * its own HttpUpstreamSource on the shared Redis tier, told by its parent over IPC when to fire
 * `count` identical cached reads at once; it answers with what they returned and how they were
 * metered, then exits. Started by runSharedCacheChildren below.
 */
import Redis from 'ioredis';
import { CallMeter, RequestContext, type ToolName } from '@scout/core';
import { HttpUpstreamSource } from '../http-upstream-source';
import { SharedCache } from '../shared-cache';

interface Go {
  count: number;
  ttlMs: number;
}

async function main(): Promise<void> {
  const redis = new Redis(process.env.SHARED_REDIS_URL as string, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  const source = new HttpUpstreamSource(
    { name: 'child', baseUrl: process.env.SHARED_BASE_URL as string, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 5_000, retries: 0 },
    { shared: new SharedCache(redis, process.env.SHARED_PREFIX as string) },
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
      redis.disconnect();
    });
  });
  process.send?.('ready');
}

void main();
