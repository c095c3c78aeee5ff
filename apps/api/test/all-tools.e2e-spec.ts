import { TOOL_CATALOG, TOOL_NAMES, ToolRegistry, type ToolName } from '@scout/core';
import { READS_ONLY } from '../../../test/chaos/calls';
import { callLedger, expectedCallLedger } from './support/call-ledger';
import type { KnownInputs } from './support/known-inputs';
import { startKnownInputsApp } from './support/known-inputs-app';
import { entriesText } from './support/schema-arbitraries';
import type { TestApp } from './support/test-app';

/**
 * All 80 tools of the contract answer (issue 21, "the whole catalog"): each called once, as POST,
 * with the first of its known inputs (known-inputs.ts: values the sandbox itself serves), from one
 * funded account, one call at a time. Each answers 200 with its data, the envelope's creditsSpent
 * is its catalog cost, and the ledger holds exactly that: a posted hold at the cost and one usage
 * entry under the call's request id (nothing for a free tool), the balance moved by the cost.
 * The sandbox and the app read one fixed instant, as in the fuzz test, so the inputs stay valid.
 */
const RUN_ID = Math.random().toString(36).slice(2, 10);

describe('all 80 tools answer their known inputs, each charged its catalog cost', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let known: KnownInputs;

  beforeAll(async () => {
    ({ t, key, accountId, known } = await startKnownInputsApp('all tools'));
  }, 120_000);
  afterAll(() => t?.close());

  it('the catalog holds 80 tools, the app serves every one, and each has an input the sandbox answers', () => {
    expect(TOOL_NAMES).toHaveLength(80);
    expect(t.app.get(ToolRegistry).unserved()).toEqual([]);
    expect(TOOL_NAMES.filter((name) => !(known[name]?.length > 0))).toEqual([]);
  });

  it("the chaos tier's list of readsOnly tools (the only ones it lets charge without a hold) is the registry's", () => {
    const registered = t.app
      .get(ToolRegistry)
      .list()
      .filter((tool) => tool.readsOnly)
      .map((tool) => tool.name);
    expect([...READS_ONLY].sort()).toEqual(registered.sort());
  });

  it.each(TOOL_NAMES.map((name) => [name]))(
    '%s: 200, charged exactly its catalog cost',
    async (name: ToolName) => {
      const entries = known[name]?.[0];
      expect({ name, knownInput: entries !== undefined }).toEqual({ name, knownInput: true });
      const cost = TOOL_CATALOG[name].cost;
      const requestId = `all-tools-${RUN_ID}-${name}`;
      const before = await t.spendable(accountId);
      const res = await t
        .http()
        .post(`/api/v1/tools/${name}`)
        .set({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'x-request-id': requestId })
        .send(entriesText(entries));
      expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 200, error: undefined });
      expect(res.body.data).toBeDefined();
      expect(res.body.meta.tool).toBe(name);
      expect(res.body.credits.creditsSpent).toBe(cost);
      expect(res.headers['x-credits-cost']).toBe(String(cost));
      const ledger = await callLedger(t.sql, accountId, requestId);
      const readsOnly = t.app.get(ToolRegistry).resolve(name).readsOnly === true;
      expect(ledger).toEqual(expectedCallLedger({ status: 200, cost, readsOnly, credits: res.body.credits }, ledger));
      expect(await t.spendable(accountId)).toBe(before - cost);
    },
    60_000,
  );
});
