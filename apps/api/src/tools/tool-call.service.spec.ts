import { AnswerConformance } from '@scout/contract';
import { AppConfig, CallMeter, SessionUsageTracker, type RegisteredTool, type ToolContext, type ToolResult } from '@scout/core';
import type { CreditHoldsService, Hold } from '@scout/ledger';
import type { IdempotencyService } from '@scout/idempotency';
import type { UpstreamEndpoints } from '@scout/upstream';
import { IsOptional, IsString } from 'class-validator';
import type { BalanceReads } from './balance-reads';
import { ToolCallService } from './tool-call.service';
import type { ToolCallRequest } from './tool-call.types';

class NoInput {
  @IsOptional()
  @IsString()
  note?: string;
}

const HOLD: Hold = { id: 7, accountId: 'acc', amount: 250, channel: 'rest', remaining: 750, expiresAt: new Date(Date.now() + 60_000) };

/** The ledger side, recording which path each call took. */
function fakeHolds() {
  const taken: string[] = [];
  const holds = {
    place: jest.fn(() => (taken.push('hold'), Promise.resolve(HOLD))),
    post: jest.fn(() => (taken.push('post'), Promise.resolve(1))),
    void: jest.fn(() => (taken.push('void'), Promise.resolve(1000))),
    charge: jest.fn(() => (taken.push('charge'), Promise.resolve({ entryId: 2, remaining: 750 }))),
  };
  return { holds, taken };
}

function service(holds: ReturnType<typeof fakeHolds>['holds']): ToolCallService {
  return new ToolCallService(
    { remaining: jest.fn(() => Promise.resolve(1000)) } as unknown as BalanceReads,
    holds as unknown as CreditHoldsService,
    {} as IdempotencyService,
    new SessionUsageTracker(),
    AppConfig.fromEnv({}),
    { sandbox: false } as unknown as UpstreamEndpoints,
    new AnswerConformance({ warn: jest.fn() }),
  );
}

/** A reads-only tool whose answer needs one upstream read, which a cache-only run refuses. */
function tool(handler: (ctx: ToolContext) => Promise<ToolResult>, readsOnly = true): RegisteredTool {
  return {
    name: 'service_chain_health',
    input: NoInput,
    summary: 'test',
    cost: 250,
    inputSchema: {},
    handler: (_input, ctx) => handler(ctx),
    ...(readsOnly ? { readsOnly: true as const } : {}),
  };
}

function request(t: RegisteredTool): ToolCallRequest {
  return {
    tool: t,
    caller: { accountId: 'acc', keyId: 'k', scopes: ['tools'] },
    input: {},
    source: 'query',
    idempotencyKey: undefined,
    requestId: 'req-1',
    signal: new AbortController().signal,
    channel: 'rest',
  };
}

/** An upstream read as the base client does it: cached, or (in a cache-only run) refused. */
const read = (ctx: ToolContext, cached: boolean) => {
  if (cached) {
    ctx.meter.recordCacheHit('fx:/chains');
    return 'chains';
  }
  if (ctx.meter.fromCacheOnly) ctx.meter.refuseFetch('fx:/chains');
  ctx.meter.recordCall('fx:/chains');
  return 'chains';
};

describe('ToolCallService: a reads-only call answered from cache is charged once, without a hold', () => {
  it('every read cached: one charge, no hold, the answer of the cache-only run', async () => {
    const { holds, taken } = fakeHolds();
    const outcome = await service(holds).call(request(tool((ctx) => Promise.resolve({ data: { chains: read(ctx, true) } }))));
    expect(taken).toEqual(['charge']);
    expect(outcome.envelope).toMatchObject({ data: { chains: 'chains' }, credits: { creditsSpent: 250, calls: 0, cachedCalls: 1, remaining: 750 } });
  });

  it('a read not cached: the cache-only answer is dropped and the call runs with a hold', async () => {
    const { holds, taken } = fakeHolds();
    const outcome = await service(holds).call(request(tool((ctx) => Promise.resolve({ data: { chains: read(ctx, false) } }))));
    expect(taken).toEqual(['hold', 'post']);
    expect(outcome.envelope.credits).toMatchObject({ creditsSpent: 250, calls: 1 });
  });

  it('a handler that catches the refused read and answers without it: that answer is not given', async () => {
    const { holds, taken } = fakeHolds();
    const swallowing = tool((ctx) => {
      let chains: string | null = null;
      try {
        chains = read(ctx, false);
      } catch {
        // A part that failed is left out, as AnswerParts does.
      }
      return Promise.resolve({ data: { chains } });
    });
    const outcome = await service(holds).call(request(swallowing));
    expect(taken).toEqual(['hold', 'post']);
    expect(outcome.envelope.data).toEqual({ chains: 'chains' });
  });

  it('a tool not marked readsOnly always runs with a hold, cached or not', async () => {
    const { holds, taken } = fakeHolds();
    await service(holds).call(request(tool((ctx) => Promise.resolve({ data: { chains: read(ctx, true) } }), false)));
    expect(taken).toEqual(['hold', 'post']);
  });

  it('a cache-only run that fails is run again with a hold, whose error the caller gets', async () => {
    const { holds, taken } = fakeHolds();
    let runs = 0;
    const failing = tool(() => {
      runs += 1;
      return Promise.reject(new Error(`run ${runs} failed`));
    });
    await expect(service(holds).call(request(failing))).rejects.toThrow('run 2 failed');
    expect(taken).toEqual(['hold', 'void']);
  });
});

// The meter a cache-only run gets refuses and counts; a normal one never refuses.
it('CallMeter: refuseFetch throws and counts', () => {
  const meter = new CallMeter(true);
  expect(() => meter.refuseFetch('fx:/a')).toThrow('not cached');
  expect(meter.refusedFetches).toBe(1);
});
