import { randomUUID } from 'node:crypto';
import type { ApiNode } from './cluster';

/** One HTTP request as the client saw it. */
export interface RequestRecord {
  requestId: string;
  api: string;
  accountId: string;
  tool: string;
  cost: number;
  idempotencyKey: string | null;
  attempt: number;
  /** HTTP status, or 0 when no answer arrived (refused, reset, timed out). */
  status: number;
  replayed: boolean;
  errorCode: string | null;
}

export interface Account {
  accountId: string;
  apiKey: string;
}

export interface LoadSettings {
  durationMs: number;
  concurrency: number;
  maxRequests: number;
  /** Share of logical calls that carry an Idempotency-Key. */
  keyedShare: number;
  /** Attempts per keyed call (the first plus retries after a failure, as a client would). */
  keyedAttempts: number;
  /** Share of answered keyed calls sent once more, as a client whose own timeout fired would. */
  resendShare: number;
  /** Client-side timeout of one request; past the server's deadline, so a timeout means a lost answer. */
  requestTimeoutMs: number;
}

const DAY_MS = 86_400_000;

/** Paid data tools and inputs that vary, so many calls miss the upstream cache and meet the faults. */
function pickCall(): { tool: string; method: 'GET' | 'POST'; query?: string; body?: object } {
  const r = Math.random();
  if (r < 0.3) {
    const end = Date.UTC(2026, 10, 1) - Math.floor(Math.random() * 300) * DAY_MS;
    const start = end - (1 + Math.floor(Math.random() * 20)) * DAY_MS;
    const symbol = ['ETH', 'BTC', 'SOL'][Math.floor(Math.random() * 3)];
    return {
      tool: 'service_price_history',
      method: 'GET',
      query: `symbol=${symbol}&startTime=${new Date(start).toISOString()}&endTime=${new Date(end).toISOString()}`,
    };
  }
  if (r < 0.5) return { tool: 'service_token_prices', method: 'GET', query: `tokens=So11111111111111111111111111111111111111112` };
  if (r < 0.65) return { tool: 'service_chain_health', method: 'GET' };
  if (r < 0.8) return { tool: 'service_protocol_report', method: 'POST', body: { protocol: ['aave', 'lido', 'uniswap'][Math.floor(Math.random() * 3)] } };
  return { tool: 'service_token_yields', method: 'GET', query: `symbol=USDC&limit=${1 + Math.floor(Math.random() * 10)}` };
}

/**
 * A load balancer in miniature: it sends only to APIs whose /readyz said 200 on the last probe
 * (every 200 ms), like a real one, so a draining or dead process stops getting traffic soon.
 */
export class Balancer {
  private ready = new Map<string, boolean>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly apis: ApiNode[]) {}

  start(): void {
    const probe = () =>
      Promise.all(
        this.apis.map(async (api) => {
          try {
            const res = await fetch(`${api.url}/readyz`, { signal: AbortSignal.timeout(1000) });
            await res.arrayBuffer();
            this.ready.set(api.name, res.status === 200);
          } catch {
            this.ready.set(api.name, false);
          }
        }),
      );
    void probe();
    this.timer = setInterval(() => void probe(), 200);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  pick(): ApiNode | null {
    const ready = this.apis.filter((api) => this.ready.get(api.name));
    return ready.length ? ready[Math.floor(Math.random() * ready.length)] : null;
  }
}

async function send(api: ApiNode, account: Account, call: ReturnType<typeof pickCall>, key: string | null, timeoutMs: number) {
  const requestId = `chaos-${randomUUID()}`;
  const headers: Record<string, string> = { Authorization: `Bearer ${account.apiKey}`, 'x-request-id': requestId };
  if (key) headers['Idempotency-Key'] = `"${key}"`;
  if (call.body) headers['Content-Type'] = 'application/json';
  const url = `${api.url}/api/v1/tools/${call.tool}${call.query ? `?${call.query}` : ''}`;
  try {
    const res = await fetch(url, {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let errorCode: string | null = null;
    if (res.status >= 400) {
      try {
        errorCode = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
      } catch {
        errorCode = 'unparseable';
      }
    }
    return { requestId, status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', errorCode };
  } catch {
    // Refused, reset or timed out: the client cannot know whether the server answered.
    return { requestId, status: 0, replayed: false, errorCode: null };
  }
}

/** Runs the load until the duration or the request budget is spent; returns every request made. */
export async function runLoad(balancer: Balancer, accounts: Account[], costs: Record<string, number>, settings: LoadSettings): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  const endAt = Date.now() + settings.durationMs;
  const more = () => Date.now() < endAt && records.length < settings.maxRequests;

  const oneCall = async () => {
    const account = accounts[Math.floor(Math.random() * accounts.length)];
    const call = pickCall();
    const key = Math.random() < settings.keyedShare ? `chaos-key-${randomUUID()}` : null;
    const attempts = key ? settings.keyedAttempts : 1;
    for (let attempt = 1; attempt <= attempts && more(); attempt++) {
      const api = balancer.pick();
      if (!api) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const result = await send(api, account, call, key, settings.requestTimeoutMs);
      records.push({ ...result, api: api.name, accountId: account.accountId, tool: call.tool, cost: costs[call.tool], idempotencyKey: key, attempt });
      // A keyed call is retried after anything that did not settle it: no answer, 409 (still
      // running), 5xx. The retry of an answered call replays it.
      const settled = result.status >= 200 && result.status < 500 && result.status !== 409;
      // Now and then a client sends an answered call again (its own timeout fired first): a replay.
      const sendAgain = result.status === 200 && attempt === 1 && Math.random() < settings.resendShare;
      if (settled && !sendAgain) break;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
    }
  };

  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      while (more()) await oneCall();
    }),
  );
  return records;
}
