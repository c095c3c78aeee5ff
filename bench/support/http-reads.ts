import { load } from './load';

/** One of the account reads timed on a small and on a large ledger. */
export interface Read {
  name: string;
  path: string;
  admin: boolean;
}

/** The reads of one account: its own (`/me`, the account tools) and the admin views of it. */
export function readsOf(accountId: string): Read[] {
  return [
    { name: 'GET /api/v1/me', path: '/api/v1/me', admin: false },
    { name: 'service_account', path: '/api/v1/tools/service_account', admin: false },
    { name: 'service_usage', path: '/api/v1/tools/service_usage', admin: false },
    { name: 'admin usage (30 days)', path: `/api/v1/admin/accounts/${accountId}/usage`, admin: true },
    { name: 'admin account', path: `/api/v1/admin/accounts/${accountId}`, admin: true },
  ];
}

/** Mean latency of each read (ms) with one caller and with 16, each for `seconds`. */
export type ReadTimes = Record<string, { one: number; sixteen: number }>;

export async function measureReads(base: string, list: Read[], keys: { apiKey: string; adminKey: string }, seconds: number): Promise<ReadTimes> {
  const out: ReadTimes = {};
  for (const read of list) {
    const headers = { authorization: `Bearer ${read.admin ? keys.adminKey : keys.apiKey}` };
    const one = await load({ url: base + read.path, connections: 1, seconds, headers });
    const sixteen = await load({ url: base + read.path, connections: 16, seconds, headers });
    if (one.failed + sixteen.failed > 0) throw new Error(`${read.name}: ${one.failed + sixteen.failed} failed answers`);
    out[read.name] = { one: one.mean, sixteen: sixteen.mean };
  }
  return out;
}
