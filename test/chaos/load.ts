import { randomUUID } from 'node:crypto';
import { familyOf, pickCall, takesHoldPath, type Call, type Family, type World } from './calls';
import type { ApiNode } from './cluster';
import { mcpToolCall } from './mcp-client';

/** One HTTP request as the client saw it. */
export interface RequestRecord {
  requestId: string;
  api: string;
  accountId: string;
  tool: string;
  family: Family;
  /** REST (/api/v1/tools) or one JSON-RPC tools/call POST to /mcp; the ledger's channel must match. */
  transport: 'rest' | 'mcp';
  cost: number;
  idempotencyKey: string | null;
  attempt: number;
  /** HTTP status (over MCP: an isError result's code as its contract status), or 0 when no answer arrived (refused, reset, timed out). */
  status: number;
  replayed: boolean;
  errorCode: string | null;
  /** When the request was sent and when its answer (or failure) was in, epoch ms. */
  sentAt: number;
  doneAt: number;
}

/** A call on its way, as the disruptions see it: which API, over which transport, on which charge path. */
export interface CallInFlight {
  api: string;
  transport: 'rest' | 'mcp';
  holdPath: boolean;
}

export interface Account {
  accountId: string;
  apiKey: string;
  /** An OAuth access token of the same account, for its calls over /mcp. */
  accessToken: string;
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
  /** Share of logical calls made over /mcp with the account's OAuth access token (all their attempts). */
  mcpShare: number;
  /** Client-side timeout of one request; past the server's deadline, so a timeout means a lost answer. */
  requestTimeoutMs: number;
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

type Outcome = Pick<RequestRecord, 'status' | 'replayed' | 'errorCode'> & { data?: unknown };

/** GET with a query when every input is a scalar (half the time), else POST with a JSON body. */
async function sendRest(api: ApiNode, account: Account, call: Call, requestId: string, key: string | null, timeoutMs: number): Promise<Outcome> {
  const headers: Record<string, string> = { Authorization: `Bearer ${account.apiKey}`, 'x-request-id': requestId };
  if (key) headers['Idempotency-Key'] = `"${key}"`;
  const scalars = Object.values(call.args).every((v) => typeof v === 'string' || typeof v === 'number');
  const asQuery = scalars && Math.random() < 0.5;
  const query = new URLSearchParams(Object.entries(call.args).map(([k, v]): [string, string] => [k, String(v)])).toString();
  if (!asQuery) headers['Content-Type'] = 'application/json';
  const url = `${api.url}/api/v1/tools/${call.tool}${asQuery && query ? `?${query}` : ''}`;
  try {
    const res = await fetch(url, {
      method: asQuery ? 'GET' : 'POST',
      headers,
      body: asQuery ? undefined : JSON.stringify(call.args),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      // an error without the contract's body: counted as unparseable below
    }
    const errorCode = res.status >= 400 ? (body?.error?.code ?? 'unparseable') : null;
    return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', errorCode, data: body?.data };
  } catch {
    // Refused, reset or timed out: the client cannot know whether the server answered.
    return { status: 0, replayed: false, errorCode: null };
  }
}

let jsonRpcId = 0;

/** One attempt of a call over the chosen transport, each with its own x-request-id. */
export async function send(
  api: ApiNode,
  account: Account,
  call: Call,
  transport: 'rest' | 'mcp',
  key: string | null,
  timeoutMs: number,
): Promise<Pick<RequestRecord, 'requestId' | 'status' | 'replayed' | 'errorCode' | 'sentAt' | 'doneAt'>> {
  const requestId = `chaos-${randomUUID()}`;
  const sentAt = Date.now();
  const outcome =
    transport === 'mcp'
      ? await mcpToolCall(api.url, account.accessToken, { id: ++jsonRpcId, requestId, tool: call.tool, args: call.args, key }, timeoutMs)
      : await sendRest(api, account, call, requestId, key, timeoutMs);
  if (outcome.status === 200 && !outcome.replayed && call.onAnswer) call.onAnswer(outcome.data);
  return { requestId, status: outcome.status, replayed: outcome.replayed, errorCode: outcome.errorCode, sentAt, doneAt: Date.now() };
}

/** Runs the load until the duration or the request budget is spent; returns every request made. */
export async function runLoad(
  balancer: Balancer,
  accounts: Account[],
  costs: Record<string, number>,
  world: World,
  settings: LoadSettings,
  /** Filled with the calls on their way, for the disruptions to strike while some are. */
  inFlight: Set<CallInFlight> = new Set(),
): Promise<RequestRecord[]> {
  const records: RequestRecord[] = [];
  const endAt = Date.now() + settings.durationMs;
  const more = () => Date.now() < endAt && records.length < settings.maxRequests;

  const oneCall = async () => {
    const account = accounts[Math.floor(Math.random() * accounts.length)];
    const call = pickCall(world, account.accountId);
    const transport = Math.random() < settings.mcpShare ? 'mcp' : 'rest';
    const key = Math.random() < settings.keyedShare ? `chaos-key-${randomUUID()}` : null;
    const attempts = key ? settings.keyedAttempts : 1;
    for (let attempt = 1; attempt <= attempts && more(); attempt++) {
      const api = balancer.pick();
      if (!api) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const going: CallInFlight = { api: api.name, transport, holdPath: takesHoldPath({ cost: costs[call.tool], tool: call.tool, idempotencyKey: key }) };
      inFlight.add(going);
      const result = await send(api, account, call, transport, key, settings.requestTimeoutMs).finally(() => inFlight.delete(going));
      const family = familyOf(call.tool);
      records.push({
        ...result,
        api: api.name,
        accountId: account.accountId,
        tool: call.tool,
        family,
        transport,
        cost: costs[call.tool],
        idempotencyKey: key,
        attempt,
      });
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
