import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { callCharges } from '../../../test/ledger-rows';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { SANDBOX_NOW } from './support/fixed-time';
import { mcpClient, structured, textJson } from './support/mcp-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * MCP at /mcp through the SDK's own Client, against the booted app: the catalog is the REST
 * catalog, and tools/call runs the REST call path (the same holds, charges and errors), its
 * contract errors as isError results the model can read.
 */
describe('MCP tools over Streamable HTTP (/mcp)', () => {
  let t: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      modules: [FixtureToolsModule],
      toolCosts: FIXTURE_TOOL_COSTS,
      env: { UPSTREAM_RETRIES: '0' },
      sandbox: { now: () => SANDBOX_NOW },
    });
  });
  afterEach(async () => {
    t.sandbox.control.clear();
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => t?.close());

  /** A fresh account and an SDK client signed in with its key. */
  async function signedIn(name: string) {
    const account = await t.createAccount(name);
    const client = await mcpClient(t, account.apiKey);
    clients.push(client);
    return { ...account, client };
  }

  /** The account's holds and usage entries, oldest first. */
  async function ledgerOf(accountId: string) {
    const holds = await t.sql.query(`SELECT request_id, state, amount::int AS amount, channel FROM credit_holds WHERE account_id = $1 ORDER BY id`, [
      accountId,
    ]);
    const usage = await t.sql.query(`SELECT tool, amount::int AS amount, channel FROM credit_entries WHERE account_id = $1 AND kind = 'usage' ORDER BY id`, [
      accountId,
    ]);
    return {
      holds: holds.rows as Array<{ request_id: string; state: string; amount: number; channel: string }>,
      usage: usage.rows as Array<{ tool: string; amount: number; channel: string }>,
    };
  }

  describe('initialize and tools/list', () => {
    it('names the server, gives instructions, and lists the REST catalog: same names, order and input schemas', async () => {
      const { client } = await signedIn('mcp catalog');
      expect(client.getServerVersion()).toMatchObject({ name: 'scout', version: expect.any(String) });
      expect(client.getInstructions()).toMatch(/credits/);
      expect(client.getServerCapabilities()?.tools).toBeDefined();

      const { tools } = await client.listTools();
      const rest = await t.http().get('/api/v1/tools');
      expect(rest.status).toBe(200);
      const catalog = rest.body.tools as Array<{ name: string; cost: number; inputSchema: unknown }>;
      expect(tools.map((tool) => tool.name)).toEqual(catalog.map((tool) => tool.name));
      expect(tools.map((tool) => tool.name)).toEqual([...tools.map((tool) => tool.name)].sort((a, b) => a.localeCompare(b)));
      for (const [i, tool] of tools.entries()) {
        expect({ name: tool.name, inputSchema: tool.inputSchema }).toEqual({ name: catalog[i].name, inputSchema: catalog[i].inputSchema });
        expect({ name: tool.name, credits: tool._meta?.['scout/credits'] }).toEqual({ name: tool.name, credits: catalog[i].cost });
        expect(tool.title).toEqual(expect.any(String));
        expect(tool.description).toContain(catalog[i].cost === 0 ? 'Free: 0 credits' : `Costs ${catalog[i].cost} credits`);
      }
    });

    it('hints which tools only read (data tools read the open world) and which change state', async () => {
      const { client } = await signedIn('mcp annotations');
      const { tools } = await client.listTools();
      const hints = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
      expect(hints('service_chain_health')).toEqual({ readOnlyHint: true, openWorldHint: true });
      expect(hints('service_fomo_leaderboard')).toEqual({ readOnlyHint: true, openWorldHint: true });
      expect(hints('service_account')).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(hints('service_alert_list')).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(hints('service_alert_create')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      expect(hints('service_alert_delete')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(hints('service_fomo_token_snapshot')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    });
  });

  describe('tools/call answered: the envelope, charged once', () => {
    it('a paid data tool: structuredContent is the envelope, the text its JSON, the cost charged once', async () => {
      const { client, accountId, apiKey } = await signedIn('mcp paid');
      const before = await t.spendable(accountId);
      const result = await client.callTool({ name: 'service_chain_health', arguments: { chains: ['ethereum', 'base'] } });
      expect(result.isError).toBeFalsy();
      const envelope = structured(result);
      expect(textJson(result)).toEqual(envelope);
      expect(Object.keys(envelope).sort()).toEqual(['credits', 'data', 'meta', 'notes']);
      expect(envelope.meta.tool).toBe('service_chain_health');
      expect(envelope.credits).toMatchObject({ creditsSpent: 250, remaining: before - 250 });

      expect(await t.spendable(accountId)).toBe(before - 250);
      const ledger = await ledgerOf(accountId);
      expect(ledger.usage).toEqual([{ tool: 'service_chain_health', amount: -250, channel: 'mcp' }]);
      expect(ledger.holds).toEqual([{ request_id: envelope.meta.requestId, state: 'posted', amount: 250, channel: 'mcp' }]);
      const me = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${apiKey}`);
      expect(me.body.usageByTool).toEqual([expect.objectContaining({ tool: 'service_chain_health', calls: 1 })]);
      expect(me.body.usageByChannel).toEqual(
        expect.arrayContaining([expect.objectContaining({ channel: 'mcp', calls: 1 }), expect.objectContaining({ channel: 'rest', calls: 0 })]),
      );
    });

    it('a free tool answers with the balance and charges nothing; service_health works with the credential', async () => {
      const { client, accountId } = await signedIn('mcp free');
      const before = await t.spendable(accountId);
      const account = await client.callTool({ name: 'service_account', arguments: {} });
      expect(account.isError).toBeFalsy();
      expect(structured(account).credits).toMatchObject({ creditsSpent: 0, remaining: before });
      const health = await client.callTool({ name: 'service_health' });
      expect(health.isError).toBeFalsy();
      expect(structured(health).meta.tool).toBe('service_health');
      expect(await ledgerOf(accountId)).toEqual({ holds: [], usage: [] });
    });

    it('the same _meta["scout/idempotency-key"] replays the first answer without a second charge', async () => {
      const { client, accountId } = await signedIn('mcp idempotency');
      const before = await t.spendable(accountId);
      const params = { name: 'fixture_paid', arguments: { limit: 3 }, _meta: { 'scout/idempotency-key': 'mcp-order-1' } };
      const first = await client.callTool(params);
      const again = await client.callTool(params);
      expect(first.isError).toBeFalsy();
      expect(first._meta?.['scout/idempotent-replayed']).toBeUndefined();
      expect(again._meta?.['scout/idempotent-replayed']).toBe(true);
      expect(structured(again)).toEqual(structured(first));
      expect(await t.spendable(accountId)).toBe(before - 250);
      expect((await ledgerOf(accountId)).usage).toEqual([{ tool: 'fixture_paid', amount: -250, channel: 'mcp' }]);

      const reused = await client.callTool({ ...params, arguments: { limit: 4 } });
      expect(reused.isError).toBe(true);
      expect(structured(reused).error.code).toBe('idempotency_key_reused');
    });
  });

  describe('tools/call refused: isError with the contract error and the balance', () => {
    it('400 bad input: invalid_request with its issues, nothing held or charged', async () => {
      const { client, accountId } = await signedIn('mcp 400');
      const before = await t.spendable(accountId);
      const result = await client.callTool({ name: 'fixture_paid', arguments: { limit: 0, unknown: 1 } });
      expect(result.isError).toBe(true);
      const body = structured(result);
      expect(textJson(result)).toEqual(body);
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['limit', 'unknown']);
      expect(body.credits).toEqual({ remaining: before });
      expect(await ledgerOf(accountId)).toEqual({ holds: [], usage: [] });
    });

    it('400 for an Idempotency-Key in _meta that is not a string', async () => {
      const { client, accountId } = await signedIn('mcp 400 key');
      const result = await client.callTool({ name: 'fixture_paid', arguments: {}, _meta: { 'scout/idempotency-key': 42 } });
      expect(result.isError).toBe(true);
      expect(structured(result).error.code).toBe('invalid_request');
      expect(await ledgerOf(accountId)).toEqual({ holds: [], usage: [] });
    });

    it('402 without credits: out_of_credits, remaining 0, nothing charged', async () => {
      const { client, accountId } = await signedIn('mcp 402');
      await t.setBalance(accountId, 0);
      const result = await client.callTool({ name: 'service_chain_health', arguments: {} });
      expect(result.isError).toBe(true);
      const body = structured(result);
      expect(body.error).toMatchObject({ code: 'out_of_credits', required: 250, remaining: 0 });
      expect(body.credits).toEqual({ remaining: 0 });
      expect(await ledgerOf(accountId)).toEqual({ holds: [], usage: [] });
    });

    it('502 upstream failure: tool_error with details, the hold voided, nothing charged', async () => {
      const { client, accountId } = await signedIn('mcp 502');
      // Past any answer an earlier test left in the upstream cache.
      expect((await client.callTool({ name: 'service_usage', arguments: { clearCache: true } })).isError).toBeFalsy();
      const before = await t.spendable(accountId);
      t.sandbox.control.add({ provider: 'defillama', status: 503 });
      const result = await client.callTool({ name: 'service_chain_health', arguments: {} });
      expect(result.isError).toBe(true);
      const body = structured(result);
      expect(body.error.code).toBe('tool_error');
      expect(body.error.details).toMatch(/answered HTTP 503$/);
      expect(body.credits).toEqual({ remaining: before });
      expect(await t.spendable(accountId)).toBe(before);
      const { holds, usage } = await ledgerOf(accountId);
      expect(usage).toEqual([]);
      expect(holds.map((h) => ({ state: h.state, amount: h.amount }))).toEqual([{ state: 'voided', amount: 250 }]);
      expect(await callCharges(t.sql, accountId, holds[0].request_id)).toEqual([{ hold: 'voided', held: 250, charged: 0 }]);
    });

    it('an unknown tool is JSON-RPC -32602 (invalid params), not a tool result', async () => {
      const { client, accountId } = await signedIn('mcp unknown tool');
      const call = client.callTool({ name: 'service_does_not_exist', arguments: {} });
      await expect(call).rejects.toBeInstanceOf(McpError);
      await expect(call).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('Unknown tool "service_does_not_exist"') });
      expect(await ledgerOf(accountId)).toEqual({ holds: [], usage: [] });
    });
  });
});
