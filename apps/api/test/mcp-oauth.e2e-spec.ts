import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from './support/test-app';
import { signIn, TestOAuthClient } from './support/oauth-client';
import { structured } from './support/mcp-client';

/**
 * What the issue calls done, as an MCP client lives it: pointed at /mcp with no credential, the
 * SDK's transport meets the 401, discovers Scout's authorization server, registers and sends the
 * holder to the sign-in page; the holder approves with an `sc_` key; the client finishes the
 * sign-in and then lists every tool and calls them, drawing on the same balance as REST and
 * recorded in the ledger on the mcp channel.
 */
const REDIRECT = 'http://127.0.0.1:7788/callback';

describe('MCP with OAuth: an SDK client signs in through the 401 and calls tools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  const transportFor = (oauth: TestOAuthClient) => new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { authProvider: oauth });

  it('signs in from the 401, lists every tool, and a call is charged to the approving account on the mcp channel', async () => {
    const holder = await t.createAccount('mcp oauth holder');
    const oauth = new TestOAuthClient(REDIRECT, { name: 'Agent desktop' });

    // First contact: no token, so the transport runs the sign-in and stops at the redirect.
    const first = new Client({ name: 'agent', version: '1.0.0' });
    const firstTransport = transportFor(oauth);
    await expect(first.connect(firstTransport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(oauth.authorizationUrl?.origin).toBe(t.url);
    expect(oauth.authorizationUrl?.searchParams.get('resource')).toBe(`${t.url}/mcp`);

    const outcome = await signIn(oauth.authorizationUrl!, { apiKey: holder.apiKey, decision: 'approve' });
    expect(outcome.status).toBe(303);
    await firstTransport.finishAuth(outcome.location!.searchParams.get('code')!);
    expect(oauth.tokens()?.access_token).toMatch(/^sco_at_/);

    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(transportFor(oauth));
    try {
      const { tools } = await client.listTools();
      const rest = await t.http().get('/api/v1/tools');
      expect(tools.map((tool) => tool.name).sort()).toEqual(rest.body.tools.map((tool: { name: string }) => tool.name).sort());

      const before = await t.spendable(holder.accountId);
      const result = await client.callTool({ name: 'service_chain_health', arguments: { chains: ['ethereum'] } });
      expect(result.isError).toBeFalsy();
      const envelope = structured(result);
      expect(envelope.credits).toMatchObject({ creditsSpent: 250, remaining: before - 250 });
      expect(await t.spendable(holder.accountId)).toBe(before - 250);

      const entries = await t.sql.query(`SELECT tool, amount::int AS amount, channel FROM credit_entries WHERE account_id = $1 AND kind = 'usage'`, [
        holder.accountId,
      ]);
      expect(entries.rows).toEqual([{ tool: 'service_chain_health', amount: -250, channel: 'mcp' }]);

      // The same balance over REST with the holder's key.
      const me = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${holder.apiKey}`);
      expect(me.body.balance).toBe(before - 250);
      expect(me.body.usageByChannel).toEqual(expect.arrayContaining([{ channel: 'mcp', calls: 1, credits: 250 }]));
    } finally {
      await client.close();
    }
  });

  it('a revoked grant stops the MCP client at its next request', async () => {
    const holder = await t.createAccount('mcp oauth revoked');
    const oauth = new TestOAuthClient(REDIRECT, { name: 'Revoked agent' });
    const firstTransport = transportFor(oauth);
    await expect(new Client({ name: 'agent', version: '1.0.0' }).connect(firstTransport)).rejects.toBeInstanceOf(UnauthorizedError);
    const outcome = await signIn(oauth.authorizationUrl!, { apiKey: holder.apiKey, decision: 'approve' });
    await firstTransport.finishAuth(outcome.location!.searchParams.get('code')!);

    const grants = await t.http().get('/api/v1/me/oauth-grants').set('Authorization', `Bearer ${holder.apiKey}`);
    expect(grants.status).toBe(200);
    const [grant] = grants.body.grants as Array<{ id: string }>;
    expect((await t.http().delete(`/api/v1/me/oauth-grants/${grant.id}`).set('Authorization', `Bearer ${holder.apiKey}`)).status).toBe(200);

    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${oauth.tokens()!.access_token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata=/);
  });
});
