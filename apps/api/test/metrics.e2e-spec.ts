import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreditHoldsService } from '@scout/ledger';
import { looksLikeIdentifier, parsePrometheusText, sampleSum, type MetricFamily } from '@scout/metrics';
import { MetricsEndpoint } from '../src/metrics/metrics-endpoint.service';
import { mcpClient, structured } from './support/mcp-client';
import { connect, TestOAuthClient } from './support/oauth-client';
import { freePort, startTestApp, type TestApp } from './support/test-app';

type Families = Map<string, MetricFamily>;

/** GET over plain HTTP (the metrics server is node:http, not the app). */
function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('Prometheus metrics of the API (METRICS_PORT)', () => {
  let t: TestApp;
  let port: number;
  let account: { accountId: string; apiKey: string; keyId: string };
  const scrape = async (): Promise<{ text: string; families: Families }> => {
    const res = await get(port, '/metrics');
    expect(res.status).toBe(200);
    return { text: res.body, families: parsePrometheusText(res.body) };
  };

  beforeAll(async () => {
    // At its public URL, so an OAuth client can sign in (the tokens issued are counted).
    t = await startTestApp({ atPublicUrl: true, env: { METRICS_PORT: String(await freePort()) } });
    const address = t.app.get(MetricsEndpoint).address;
    if (!address) throw new Error('the metrics endpoint did not start');
    port = address.port;
    account = await t.createAccount('metrics');
  });
  afterAll(async () => {
    await t.close();
    // The endpoint closes with the application.
    await expect(get(port, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('listens on loopback by default, on its own port, and answers the text format', async () => {
    expect(t.app.get(MetricsEndpoint).address?.host).toBe('127.0.0.1');
    const res = await get(port, '/metrics');
    expect(res.type).toContain('text/plain; version=0.0.4');
    expect((await get(port, '/api/v1/tools')).status).toBe(404);
    // The API's own port does not serve them.
    expect((await t.http().get('/metrics')).status).not.toBe(200);
  });

  it('counts a paid REST call: its call, credits, duration and upstream requests', async () => {
    const before = (await scrape()).families;
    const res = await t.http().get('/api/v1/tools/service_fomo_leaderboard?window=7d').set(bearer(account.apiKey));
    expect(res.status).toBe(200);
    const after = (await scrape()).families;
    const delta = (sample: string, where: Record<string, string>) => sampleSum(after, sample, where) - sampleSum(before, sample, where);

    const call = { tool: 'service_fomo_leaderboard', channel: 'rest' };
    expect(delta('scout_tool_calls_total', { ...call, outcome: 'answered' })).toBe(1);
    expect(delta('scout_tool_credits_charged_total', call)).toBe(res.body.credits.creditsSpent);
    expect(res.body.credits.creditsSpent).toBe(250);
    expect(delta('scout_tool_call_duration_seconds_count', call)).toBe(1);
    expect(delta('scout_tool_call_duration_seconds_sum', call)).toBeGreaterThan(0);
    expect(delta('scout_upstream_requests_total', { source: 'fomo', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(delta('scout_upstream_request_duration_seconds_count', { source: 'fomo', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(delta('scout_upstream_cache_lookups_total', { source: 'fomo', tier: 'memory', result: 'miss' })).toBeGreaterThanOrEqual(1);
    // The hold and its post went through the group commits.
    expect(delta('scout_ledger_group_commit_batch_size_count', { kind: 'hold' })).toBeGreaterThanOrEqual(1);
    expect(delta('scout_ledger_group_commit_wait_seconds_count', { kind: 'post' })).toBeGreaterThanOrEqual(1);

    // The same call again is answered from this process's cache and charged once, without a hold.
    const again = await t.http().get('/api/v1/tools/service_fomo_leaderboard?window=7d').set(bearer(account.apiKey));
    expect(again.status).toBe(200);
    const last = (await scrape()).families;
    expect(sampleSum(last, 'scout_upstream_cache_lookups_total', { source: 'fomo', tier: 'memory', result: 'hit' })).toBeGreaterThan(
      sampleSum(after, 'scout_upstream_cache_lookups_total', { source: 'fomo', tier: 'memory', result: 'hit' }),
    );
    expect(sampleSum(last, 'scout_tool_credits_charged_total', call) - sampleSum(after, 'scout_tool_credits_charged_total', call)).toBe(250);
  });

  it('counts a paid MCP call under its channel, and a refused call by its code, charging nothing', async () => {
    const before = (await scrape()).families;
    const client = await mcpClient(t, account.apiKey);
    try {
      const result = await client.callTool({ name: 'service_chain_health', arguments: { chains: ['ethereum', 'base'] } });
      expect(result.isError).toBeFalsy();
      expect(structured(result).credits.creditsSpent).toBe(250);
    } finally {
      await client.close();
    }
    const refused = await t.http().get('/api/v1/tools/service_fomo_leaderboard?window=1y').set(bearer(account.apiKey));
    expect(refused.status).toBe(400);
    const after = (await scrape()).families;
    const delta = (sample: string, where: Record<string, string>) => sampleSum(after, sample, where) - sampleSum(before, sample, where);

    const mcp = { tool: 'service_chain_health', channel: 'mcp' };
    expect(delta('scout_tool_calls_total', { ...mcp, outcome: 'answered' })).toBe(1);
    expect(delta('scout_tool_credits_charged_total', mcp)).toBe(250);
    expect(delta('scout_tool_call_duration_seconds_count', mcp)).toBe(1);
    expect(delta('scout_upstream_requests_total', { source: 'defillama-api', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(delta('scout_tool_calls_total', { tool: 'service_fomo_leaderboard', channel: 'rest', outcome: 'refused_invalid_request' })).toBe(1);
    expect(delta('scout_tool_credits_charged_total', { tool: 'service_fomo_leaderboard', channel: 'rest' })).toBe(0);
  });

  it('counts the tokens it issues by grant type: an authorization code exchanged, then a refresh', async () => {
    const before = (await scrape()).families;
    const client = new TestOAuthClient('http://127.0.0.1:7777/callback', { name: 'metrics app' });
    const { tokens } = await connect(`${t.url}/mcp`, client, account.apiKey);
    const refreshed = await fetch(`${t.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: client.clientInformation()!.client_id,
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const after = (await scrape()).families;
    const issued = (grant_type: string) =>
      sampleSum(after, 'scout_oauth_tokens_issued_total', { grant_type }) - sampleSum(before, 'scout_oauth_tokens_issued_total', { grant_type });
    expect(issued('authorization_code')).toBe(1);
    expect(issued('refresh_token')).toBe(1);
  });

  it('counts refused token requests by grant type and reason', async () => {
    const before = (await scrape()).families;
    const res = await fetch(`${t.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', client_id: 'no-such-client', code_verifier: 'x'.repeat(43) }).toString(),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const reason = ((await res.json()) as { error: string }).error;
    const after = (await scrape()).families;
    const where = { grant_type: 'authorization_code', reason };
    expect(sampleSum(after, 'scout_oauth_token_refusals_total', where) - sampleSum(before, 'scout_oauth_token_refusals_total', where)).toBe(1);
  });

  it('reads the pulled gauges: breaker state and keys of the sources, open holds, open watches and streams', async () => {
    const { families } = await scrape();
    expect(sampleSum(families, 'scout_upstream_breaker_state', { source: 'fomo' })).toBe(0);
    expect(sampleSum(families, 'scout_upstream_keys', { source: 'fomo', state: 'healthy' })).toBeGreaterThanOrEqual(1);
    expect(
      families
        .get('scout_upstream_keys')
        ?.samples.filter((s) => s.labels.source === 'fomo')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['exhausted', 'healthy', 'invalid']);
    expect(families.get('scout_ledger_holds_open')?.samples).toHaveLength(1);
    expect(sampleSum(families, 'scout_feed_watches_open')).toBe(0);
    expect(sampleSum(families, 'scout_feed_streams_open')).toBe(0);
  });

  it('counts holds the expiry sweep voids (a call that never finished), the open-holds gauge counting it while it is pending', async () => {
    // The open-holds gauge counts every pending hold of the database, which the suites running
    // beside this one share (their calls' holds come and go, and the sweep below voids their stale
    // ones too): so this test follows its own hold in the database, not the gauge's exact value.
    const holds = t.app.get(CreditHoldsService);
    const pendingOfOurs = async () =>
      (await t.sql.query(`SELECT count(*)::int AS n FROM credit_holds WHERE request_id = 'metrics-expiry' AND state = 'pending'`)).rows[0].n as number;
    const expiredBefore = sampleSum((await scrape()).families, 'scout_ledger_holds_expired_total');
    // What a call that crashed after its hold leaves behind: a hold nobody posts or voids.
    await holds.place({ accountId: account.accountId, tool: 'service_chain_health', amount: 250, requestId: 'metrics-expiry', channel: 'rest', ttlMs: 50 });
    expect(await pendingOfOurs()).toBe(1);
    expect(sampleSum((await scrape()).families, 'scout_ledger_holds_open')).toBeGreaterThanOrEqual(1);
    await sleep(200);
    expect(await holds.voidExpired()).toBeGreaterThanOrEqual(1);
    expect(await pendingOfOurs()).toBe(0);
    const after = await scrape();
    expect(sampleSum(after.families, 'scout_ledger_holds_expired_total')).toBeGreaterThanOrEqual(expiredBefore + 1);
  });

  it('labels a failing upstream: the call as upstream_error, its requests by failure, the breaker open', async () => {
    const before = (await scrape()).families;
    t.sandbox.control.add({ provider: 'defillama', route: '/api/overview/fees', status: 500 });
    try {
      let families = before;
      // Five failures in a row open the breaker: a call makes up to three attempts per request.
      for (let i = 0; i < 6 && sampleSum(families, 'scout_upstream_breaker_state', { source: 'defillama-api' }) !== 2; i++) {
        const res = await t.http().post('/api/v1/tools/service_protocol_fees').set(bearer(account.apiKey)).send({ limit: 5 });
        expect(res.status).toBe(502);
        families = (await scrape()).families;
      }
      const delta = (sample: string, where: Record<string, string>) => sampleSum(families, sample, where) - sampleSum(before, sample, where);
      expect(sampleSum(families, 'scout_upstream_breaker_state', { source: 'defillama-api' })).toBe(2);
      expect(delta('scout_tool_calls_total', { tool: 'service_protocol_fees', channel: 'rest', outcome: 'upstream_error' })).toBeGreaterThanOrEqual(1);
      expect(delta('scout_tool_credits_charged_total', { tool: 'service_protocol_fees' })).toBe(0);
      expect(delta('scout_upstream_requests_total', { source: 'defillama-api', outcome: 'http' })).toBeGreaterThanOrEqual(1);
    } finally {
      t.sandbox.control.clear();
    }
  });

  it('reads the open watches and event streams at scrape time', async () => {
    const open = async () => {
      const { families } = await scrape();
      return [sampleSum(families, 'scout_feed_watches_open'), sampleSum(families, 'scout_feed_streams_open')];
    };
    const until = async (expected: number[], what: string) => {
      const end = Date.now() + 10_000;
      while (JSON.stringify(await open()) !== JSON.stringify(expected)) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
      }
    };
    const watchStop = new AbortController();
    const watching = fetch(`${t.url}/api/v1/tools/service_fomo_watch_stream`, {
      method: 'POST',
      headers: { ...bearer(account.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ durationSeconds: 60, includeReplay: false }),
      signal: watchStop.signal,
    }).catch(() => undefined);
    const streamStop = new AbortController();
    const stream = await fetch(`${t.url}/api/v1/stream/alerts`, { headers: bearer(account.apiKey), signal: streamStop.signal });
    expect(stream.status).toBe(200);
    await until([1, 1], 'one watch and one stream');
    watchStop.abort();
    streamStop.abort();
    await watching;
    await until([0, 0], 'the watch and the stream to close');
  });

  it('never carries an account id, a key or any identifier in a label', async () => {
    const { text, families } = await scrape();
    for (const secret of [account.accountId, account.apiKey, account.keyId, t.adminKey]) expect(text).not.toContain(secret);
    for (const family of families.values()) {
      for (const sample of family.samples) {
        for (const [label, value] of Object.entries(sample.labels)) {
          if (looksLikeIdentifier(value)) throw new Error(`${sample.name}{${label}="${value}"} looks like an identifier`);
        }
      }
    }
  });
});
