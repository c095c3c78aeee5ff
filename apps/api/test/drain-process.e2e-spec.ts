import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, startScoutProcess, stopProcess, waitForHttp, type ScoutProcess } from '../../../test/processes/child-processes';
import { randomKey, testDatabaseUrl } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * SIGTERM on the real API process (apps/api/src/main.ts under ts-node) with a paid data tool in
 * flight: readiness fails and new calls get 503 at once, the call in flight answers 200 and is
 * charged once, the new call is charged nothing, and the process exits 0 on its own.
 */
jest.setTimeout(90_000);

describe('SIGTERM on the API process mid-call', () => {
  let sandbox: RunningSandbox;
  let api: ScoutProcess;
  let sql: Pool;
  let base: string;
  const adminKey = randomKey();

  beforeAll(async () => {
    sandbox = await startSandbox({ now: () => SANDBOX_NOW });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startScoutProcess('api', 'api', {
      ...sandboxProviderEnv(sandbox.url),
      DATABASE_URL: testDatabaseUrl(),
      DB_MIGRATE_ON_START: 'false',
      WORKER_IN_PROCESS: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_BOOTSTRAP_KEY: adminKey,
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
      SHUTDOWN_GRACE_MS: '15000',
      LOG_LEVEL: 'silent',
    });
    sql = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
    await waitForHttp(`${base}/readyz`, api, 60_000);
  });

  afterAll(async () => {
    if (api) await stopProcess(api, 'SIGKILL');
    await sql?.end();
    await sandbox?.close();
  });

  const call = (requestId: string, key: string) =>
    fetch(`${base}/api/v1/tools/service_chain_health`, { headers: { Authorization: `Bearer ${key}`, 'x-request-id': requestId } });

  const charged = async (requestId: string) => {
    const { rows } = await sql.query(
      `SELECT count(*)::int AS usage, coalesce(sum(-u.amount), 0)::int - coalesce(sum(r.amount), 0)::int AS net
         FROM credit_entries u LEFT JOIN credit_entries r ON r.refund_of = u.id
        WHERE u.kind = 'usage' AND u.request_id = $1`,
      [requestId],
    );
    return rows[0] as { usage: number; net: number };
  };

  it('refuses new calls uncharged, finishes the call in flight, and exits 0', async () => {
    const created = await fetch(`${base}/api/v1/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'sigterm' }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };

    // Every DefiLlama answer takes 2 s: the call below is surely in flight when SIGTERM lands.
    sandbox.control.add({ provider: 'defillama', latencyMs: 2000 });
    const inFlightId = `sigterm-inflight-${randomUUID()}`;
    const inFlight = call(inFlightId, apiKey);
    const deadline = Date.now() + 10_000;
    while (sandbox.control.count('defillama') === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sandbox.control.count('defillama')).toBeGreaterThan(0);

    api.signal('SIGTERM');
    await waitForHttp(`${base}/readyz`, null, 2000, 503);
    const refusedId = `sigterm-refused-${randomUUID()}`;
    const refused = await call(refusedId, apiKey);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { credits: { creditsSpent: number } }).credits.creditsSpent).toBe(250);

    expect(await api.exited).toBe(0);
    expect(api.output()).toMatch(/stopped in \d+ ms \(1 in flight at SIGTERM, 0 cut off/);
    expect(await charged(inFlightId)).toEqual({ usage: 1, net: 250 });
    expect(await charged(refusedId)).toEqual({ usage: 0, net: 0 });
  });
});
