import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DrainState, type ToolResult } from '@scout/core';
import { UpstreamSources } from '@scout/upstream';
import { drainAndClose } from '../src/lifecycle/graceful-shutdown';
import { FIXTURE_TOOL_COSTS, FixtureTools, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Graceful drain (docs/architecture.md section 2; issue 9): the probes, and the shutdown order driven
 * through DrainState and drainAndClose exactly as main.ts runs them on SIGTERM, without a signal.
 * The real process under SIGTERM is drain-process.e2e-spec.ts.
 */
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Net credits charged to one request id: its usage entries less their refunds. */
async function netCharged(t: TestApp, requestId: string): Promise<{ usage: number; net: number }> {
  const { rows } = await t.sql.query(
    `SELECT count(*)::int AS usage,
            coalesce(sum(-u.amount), 0)::int - coalesce(sum(r.amount), 0)::int AS net
       FROM credit_entries u
       LEFT JOIN credit_entries r ON r.refund_of = u.id
      WHERE u.kind = 'usage' AND u.request_id = $1`,
    [requestId],
  );
  return rows[0] as { usage: number; net: number };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('200: GET /healthz and GET /readyz answer without a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  it('/healthz: the process answers, and nothing else is checked', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'ok', info: { process: { status: 'up' } }, error: {}, details: { process: { status: 'up' } } });
  });

  it('/readyz: the database answered SELECT 1 and the process is not draining', async () => {
    const res = await t.http().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.status).toBe('ok');
    expect(res.body.details).toEqual({ lifecycle: { status: 'up', draining: false }, database: { status: 'up' } });
  });

  it('both are in the OpenAPI document, keyless, readiness with its 503', async () => {
    const doc = (await t.http().get('/api/v1/openapi.json')).body;
    expect(doc.paths['/healthz'].get).toMatchObject({ operationId: 'liveness', security: [] });
    expect(doc.paths['/readyz'].get).toMatchObject({ operationId: 'readiness', security: [] });
    // A key that is sent is still checked on a probe: a refused one is a 401.
    expect(Object.keys(doc.paths['/readyz'].get.responses).sort()).toEqual(['200', '401', '503']);
  });
});

describe('200: the probes are outside the per-IP rate limit of keyless requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2' } });
  });
  afterAll(() => t?.close());

  it('answers every probe while the same address is limited on other keyless routes', async () => {
    for (let i = 0; i < 3; i++) expect((await t.http().get('/api/v1/tools')).status).toBe(i < 2 ? 200 : 429);
    for (let i = 0; i < 10; i++) {
      expect((await t.http().get('/healthz')).status).toBe(200);
      expect((await t.http().get('/readyz')).status).toBe(200);
    }
  });
});

describe('503: GET /readyz while the database does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  it('fails within the ping timeout when SELECT 1 hangs, and recovers when it answers again; /healthz stays 200', async () => {
    const dataSource = t.app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query').mockImplementation(() => new Promise(() => undefined));
    try {
      // The query never answers: a 503 at all shows the ping's own timeout cut it.
      const res = await t.http().get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('error');
      expect(res.body.error.database.status).toBe('down');
      expect((await t.http().get('/healthz')).status).toBe(200);
    } finally {
      query.mockRestore();
    }
    expect((await t.http().get('/readyz')).status).toBe(200);
  });

  it('fails when the database refuses the query', async () => {
    const dataSource = t.app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      const res = await t.http().get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.error.database.status).toBe('down');
    } finally {
      query.mockRestore();
    }
  });
});

describe('drain: new calls are refused uncharged, the call in flight finishes and is charged once, then everything closes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT, modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
  });
  // drainAndClose closed the app itself; only the test's own pool and sandbox are left.
  afterAll(async () => {
    await t.sql.end();
    await t.sandbox.close();
  });

  it('keeps the database and the upstream pools open until the call in flight has answered', async () => {
    const { accountId, apiKey } = await t.createAccount('drain');
    const before = await t.spendable(accountId);
    const drain = t.app.get(DrainState);
    const dataSource = t.app.get(DataSource);
    // What was still running (admitted and not yet sent) when each resource closed.
    const runningWhenClosed: Record<string, number> = {};
    const destroy = dataSource.destroy.bind(dataSource);
    jest.spyOn(dataSource, 'destroy').mockImplementation(() => {
      runningWhenClosed.database = drain.inFlight;
      return destroy();
    });
    const sources = t.app.get(UpstreamSources);
    const closeSources = sources.onModuleDestroy.bind(sources);
    jest.spyOn(sources, 'onModuleDestroy').mockImplementation(() => {
      runningWhenClosed.upstreamPools = drain.inFlight;
      return closeSources();
    });

    const inFlightId = `drain-inflight-${randomUUID()}`;
    const inFlight = t
      .http()
      .post('/api/v1/tools/fixture_paid')
      .set({ ...bearer(apiKey), 'x-request-id': inFlightId })
      .send({ delayMs: 1500 })
      // supertest sends on then(): start the call now.
      .then((res) => res);
    await until(() => drain.inFlight === 1, 5000);

    const shutdown = drainAndClose(t.app, { graceMs: 10_000 });

    const ready = await t.http().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('error');
    expect(ready.body.error.lifecycle).toEqual({ status: 'down', draining: true, since: expect.any(String) });
    expect((await t.http().get('/healthz')).status).toBe(200);

    const refusedId = `drain-refused-${randomUUID()}`;
    const refused = await t
      .http()
      .post('/api/v1/tools/fixture_paid')
      .set({ ...bearer(apiKey), 'x-request-id': refusedId })
      .send({});
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'service_unavailable', message: expect.stringMatching(/shutting down.*Nothing was charged/) } });
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-request-id']).toBe(refusedId);
    const refusedGet = await t.http().get('/api/v1/me').set(bearer(apiKey));
    expect(refusedGet.status).toBe(503);
    // On /mcp, the same refusal as a JSON-RPC error.
    const refusedMcp = await t
      .http()
      .post('/mcp')
      .set({ ...bearer(apiKey), Accept: 'application/json, text/event-stream' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fixture_paid', arguments: {} } });
    expect(refusedMcp.status).toBe(503);
    expect(refusedMcp.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'service_unavailable' } } });

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body.credits.creditsSpent).toBe(250);

    const report = await shutdown;
    expect(report).toEqual({ inFlightAtStart: 1, cutOff: 0, durationMs: expect.any(Number) });
    expect(runningWhenClosed).toEqual({ upstreamPools: 0, database: 0 });
    expect(dataSource.isInitialized).toBe(false);
    expect(t.app.getHttpServer().listening).toBe(false);

    expect(await netCharged(t, inFlightId)).toEqual({ usage: 1, net: 250 });
    expect(await netCharged(t, refusedId)).toEqual({ usage: 0, net: 0 });
    expect(await t.spendable(accountId)).toBe(before - 250);
  });
});

describe('drain: a call longer than the grace period is cut off and the shutdown does not wait for it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT, modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
  });
  afterAll(async () => {
    await t.sql.end();
    await t.sandbox.close();
  });

  it('closes the connection at the grace limit', async () => {
    const { apiKey } = await t.createAccount('drain cut off');
    const drain = t.app.get(DrainState);
    // The call runs until the test ends it: the shutdown can be over before that only if it does not wait for it.
    let finish = (): void => undefined;
    let finished = false;
    const answer = jest
      .spyOn(t.app.get<FixtureTools, { answer: () => Promise<ToolResult> }>(FixtureTools), 'answer')
      .mockImplementationOnce(() => new Promise<ToolResult>((resolve) => (finish = () => resolve({ data: {} }))).finally(() => (finished = true)));
    const slow = t
      .http()
      .post('/api/v1/tools/fixture_free')
      .set(bearer(apiKey))
      .send({})
      .then(
        (res) => ({ status: res.status, error: null as string | null }),
        (error: Error) => ({ status: 0, error: error.message }),
      );
    await until(() => drain.inFlight === 1, 5000);
    const report = await drainAndClose(t.app, { graceMs: 300 });
    expect(finished).toBe(false);
    expect(report.cutOff).toBe(1);
    expect((await slow).status).toBe(0);
    finish();
    answer.mockRestore();
  });
});
