import fc from 'fast-check';
import { holds, inputEntries, shortHold, startFuzzWorld, type FuzzWorld } from './support/fuzz-world';
import { callToolOverMcp, mcpDecision, restDecision, type Decision } from './support/mcp-call';
import { rawRequest } from './support/raw-http';
import { entriesText, type Entries } from './support/schema-arbitraries';

/**
 * REST and MCP decide alike (issue 33): for every registered tool, the same inputs (the fuzz
 * tier's valid, boundary, hostile and known ones, seeded, plus a `__proto__` key and a
 * `constructor` key for every tool) go as a POST body to /api/v1/tools/<tool> and as the arguments
 * of a tools/call on /mcp, as the same JSON text. Both must answer or both refuse, with the same
 * error code and issue paths, and charge the same. The calls run one at a time on one account,
 * REST first: what REST fetched is cached for MCP, which answers the same.
 *
 * One difference is the contract's: REST refuses a top-level `access_token` field as a credential
 * in the body (401, passport would honour it); MCP's arguments are no credential position, so
 * MCP refuses it as an unknown field (400 naming it, or another field its screen finds first).
 *
 * PARITY_RUNS sets the generated inputs per tool (after its known inputs and the prototype keys).
 */
const RUNS = Number(process.env.PARITY_RUNS ?? process.env.FUZZ_RUNS ?? 6);
/** The tools whose known inputs use up what they name (a deleted alert is gone for the second call). */
const CONSUMES_KNOWN_INPUTS = new Set(['service_alert_delete']);
const PROTOTYPE_PROBES: Entries[] = [[['__proto__', { x: 1 }]], [['constructor', { x: 1 }]]];

/**
 * What the contract says MCP must decide, given REST's decision on the same text and what MCP
 * answered: REST's, but for a top-level `access_token`, an invalid_request naming what was wrong.
 */
function mcpShouldDecide(rest: Decision, entries: Entries, mcp: Decision): Decision {
  if (rest.code !== 'unauthorized' || !entries.some(([field]) => field === 'access_token')) return rest;
  // REST's credential check comes before any other; MCP's screen may name another field first.
  return { answered: false, code: 'invalid_request', paths: mcp.paths.length > 0 ? mcp.paths : ['access_token'] };
}

describe(`REST and MCP decide and charge alike: every tool, ${RUNS} generated inputs each`, () => {
  let world: FuzzWorld;
  const RUN_ID = Math.random().toString(36).slice(2, 10);
  let callCount = 0;

  beforeAll(async () => {
    world = await startFuzzWorld('parity');
  }, 120_000);
  afterAll(() => world?.close());

  it('the same decision, error code, issue paths and charge over both transports', async () => {
    const { t, key, accountId, tools, known } = world;
    const compared = new Map<string, number>();
    for (const tool of tools) {
      const holding = holds(tool.inputSchema);
      const knownInputs = CONSUMES_KNOWN_INPUTS.has(tool.name) ? [] : (known[tool.name] ?? []);
      const seeds = known[tool.name] ?? [];
      await fc.assert(
        fc.asyncProperty(inputEntries(holding ? shortHold(tool.inputSchema) : tool.inputSchema, seeds), async (entries) => {
          const text = entriesText(entries);
          const requestId = `parity-${RUN_ID}-${(callCount += 1)}`;
          const before = await t.spendable(accountId);
          const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'x-request-id': `${requestId}-rest` };
          const rest = await rawRequest(t.url, { method: 'POST', path: `/api/v1/tools/${tool.name}`, headers, body: text });
          const middle = await t.spendable(accountId);
          const mcp = await callToolOverMcp(t.url, { credential: key, tool: tool.name, argumentsText: text, requestId: `${requestId}-mcp` });
          const after = await t.spendable(accountId);
          const restSide = { ...restDecision(rest), charged: before - middle };
          const mcpSide = mcpDecision(mcp);
          const expected = { ...mcpShouldDecide(restDecision(rest), entries, mcpSide), charged: before - middle };
          const context = { tool: tool.name, input: text.slice(0, 300), rest: JSON.stringify(rest.body).slice(0, 300) };
          expect({ ...context, mcp: { ...mcpSide, charged: middle - after } }).toEqual({ ...context, mcp: expected });
          compared.set(tool.name, (compared.get(tool.name) ?? 0) + 1);
          // Both charged the tool's cost or nothing.
          expect({ ...context, charged: restSide.charged }).toEqual({ ...context, charged: restSide.answered ? tool.cost : 0 });
          // Alerts made on the way are deleted, so the account stays under its active-alert limit.
          await deleteCreatedAlerts(tool.name, [rest.body, mcp.answer?.result?.structuredContent]);
        }),
        {
          numRuns: (holding ? Math.min(RUNS, 3) : RUNS) + knownInputs.length + PROTOTYPE_PROBES.length,
          examples: [...PROTOTYPE_PROBES, ...knownInputs].map((e): [Entries] => [e]),
        },
      );
    }
    expect([...compared.keys()].sort()).toEqual(tools.map((tool) => tool.name).sort());
  }, 600_000);

  async function deleteCreatedAlerts(tool: string, answers: unknown[]): Promise<void> {
    if (tool !== 'service_alert_create') return;
    for (const answer of answers) {
      const id = (answer as { data?: { alert?: { id?: string }; id?: string } } | undefined)?.data;
      const alertId = id?.alert?.id ?? id?.id;
      if (typeof alertId !== 'string') continue;
      const res = await world.t.http().post('/api/v1/tools/service_alert_delete').set('Authorization', `Bearer ${world.key}`).send({ id: alertId });
      if (res.status !== 200) throw new Error(`could not delete alert ${alertId}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
});
