import fc from 'fast-check';
import { callLedger, expectedCallLedger } from './support/call-ledger';
import { errorShapeProblem, holds, inputEntries, NOT_AN_OBJECT, shortHold, startFuzzWorld, StatusTally, withFault, type FuzzWorld } from './support/fuzz-world';
import { entriesText, toJsonText, type Entries, type Schema } from './support/schema-arbitraries';
import { rawRequest } from './support/raw-http';

/**
 * Property-based fuzzing of every registered tool over REST, generated from the JSON Schema each
 * publishes at GET /api/v1/tools (issue 9): schema-valid and hostile inputs, as GET query strings
 * and POST JSON bodies, from a funded account. Every answer is in the contract's error table (or
 * Scout's added codes) with the error shape, never a 500, and the ledger moves only for a 2xx, by
 * exactly the tool's cost. Calls run one at a time on one account, so each balance difference
 * belongs to one call; each call is also joined to its hold and usage entry by request id, so a
 * 200 whose hold was left pending (to be voided later), or a paid 200 without its posted hold
 * that could not have been answered from cache, fails like a missing charge.
 *
 * Generated values mix in what the sandbox knows (known-inputs.ts: tracked traders, listed tokens,
 * trade ids, alerts and snapshots made for the run), and each tool's known inputs run first, so
 * every tool answers 200s, not only refusals. Both the sandbox and the app read one fixed instant,
 * so the world fuzzed is the same on every day. The same over MCP is fuzz-mcp.e2e-spec.ts.
 *
 * FUZZ_RUNS sets the inputs per tool: a short run in `npm test`, 1,000 in `npm run fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const HOLDING_RUNS = Math.min(RUNS, 10);
const REPORT = process.env.FUZZ_RUNS !== undefined;
const ALLOWED_STATUSES = new Set([200, 400, 401, 402, 403, 404, 405, 409, 422, 429, 502, 503]);

type Call = { method: 'GET'; entries: Entries } | { method: 'POST'; body: string };

function queryString(entries: Entries): string {
  const params = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? toJsonText(v) : String(v));
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, text(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Schema-valid, hostile and known inputs as a query or a body, and bodies that are not an object. */
function callArbitrary(schema: Schema, known: Entries[]) {
  const entries = inputEntries(schema, known);
  return withFault(
    fc.oneof(
      { weight: 4, arbitrary: entries.map((e): Call => ({ method: 'GET', entries: e })) },
      { weight: 4, arbitrary: entries.map((e): Call => ({ method: 'POST', body: entriesText(e) })) },
      { weight: 1, arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((body): Call => ({ method: 'POST', body })) },
    ),
  );
}

describe(`fuzz: every tool's JSON Schema, ${RUNS} inputs per tool`, () => {
  let world: FuzzWorld;
  const tally = new StatusTally();
  /** Each call's x-request-id: unique to this run, so a call's ledger rows are its own. */
  const RUN_ID = Math.random().toString(36).slice(2, 10);
  let callCount = 0;

  beforeAll(async () => {
    world = await startFuzzWorld('fuzz');
  }, 120_000);
  afterAll(async () => {
    if (REPORT) process.stdout.write(tally.report(`fuzz statuses over REST (${RUNS} inputs per tool, after each tool's known inputs)`));
    await world?.close();
  });

  it('covers every registered tool', () => {
    const { tools, registered, known } = world;
    expect(tools.length).toBeGreaterThanOrEqual(18);
    // The catalog lists every tool the app registered, and each has inputs the sandbox answers.
    expect(tools.map((tool) => tool.name).sort()).toEqual([...registered.keys()].sort());
    expect([...registered.keys()].filter((name) => !(known[name]?.length > 0))).toEqual([]);
  });

  it(
    "answers every input with a contract status and shape, and charges only a 2xx, by the tool's cost",
    async () => {
      const { t, faulty, key, accountId, tools, registered, known } = world;
      for (const tool of tools) {
        const readsOnly = registered.get(tool.name)?.readsOnly === true;
        const path = `/api/v1/tools/${tool.name}`;
        const holding = holds(tool.inputSchema);
        const knownInputs = known[tool.name] ?? [];
        const toolStarted = Date.now();
        await fc.assert(
          fc.asyncProperty(callArbitrary(holding ? shortHold(tool.inputSchema) : tool.inputSchema, knownInputs), async (call) => {
            const app = call.fault ? faulty : t;
            app.sandbox.control.clear();
            if (call.fault) app.sandbox.control.add(call.fault);
            const before = await t.spendable(accountId);
            callCount += 1;
            const requestId = `fuzz-${RUN_ID}-${callCount}`;
            const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'x-request-id': requestId };
            const answer =
              call.method === 'GET'
                ? await rawRequest(app.url, { method: 'GET', path: path + queryString(call.entries), headers })
                : await rawRequest(app.url, { method: 'POST', path, headers, body: call.body });
            const moved = (await t.spendable(accountId)) - before;
            tally.count(tool.name, answer.status);
            const context = { tool: tool.name, status: answer.status, body: answer.body };
            if (!ALLOWED_STATUSES.has(answer.status)) throw new Error(`status outside the contract: ${JSON.stringify(context)}`);
            // The call's own hold and usage entry, by request id: a paid 2xx posted at the cost,
            // anything else voided or never held, and no usage entry. The app takes the caller's id;
            // only a request refused before it (a header block over 16 KB) comes back without one.
            const echoed = answer.headers['x-request-id'];
            if (echoed !== requestId && (echoed !== undefined || answer.status < 300))
              throw new Error(`x-request-id ${String(echoed)}, sent ${requestId}: ${JSON.stringify(context)}`);
            // The credit headers say what the balance did: used is the move, remaining the balance
            // after, cost the price. Only a 401 (the key was not accepted: a second credential in
            // the query) and an answer refused before the app (over 16 KB of request line, when
            // the key could not be read from what followed) may lack them, and then lack all three.
            const credits = ['x-credits-used', 'x-credits-cost', 'x-credits-remaining'].map((h) => answer.headers[h]);
            if ((echoed !== undefined && answer.status !== 401) || credits.some((h) => h !== undefined)) {
              const after = before + moved;
              expect({ ...context, credits }).toEqual({ ...context, credits: [String(-moved), String(tool.cost), String(after)] });
            }
            const ledger = await callLedger(t.sql, accountId, requestId);
            const envelopeCredits = answer.status === 200 ? (answer.body as { credits?: { calls: number; cachedCalls: number } }).credits : undefined;
            const expected = expectedCallLedger({ status: answer.status, cost: tool.cost, readsOnly, credits: envelopeCredits }, ledger);
            expect({ ...context, requestId, ledger }).toEqual({ ...context, requestId, ledger: expected });
            if (answer.status >= 200 && answer.status < 300) {
              const body = answer.body as { data?: unknown; credits?: { creditsSpent?: number }; meta?: { tool?: string } };
              expect({ ...context, hasData: body.data !== undefined, tool: body.meta?.tool, spent: body.credits?.creditsSpent, moved }).toEqual({
                ...context,
                hasData: true,
                tool: tool.name,
                spent: tool.cost,
                moved: 0 - tool.cost,
              });
            } else {
              expect({ ...context, shape: errorShapeProblem(answer.status, answer.body), moved }).toEqual({ ...context, shape: null, moved: 0 });
            }
          }),
          // The tool's known inputs first (as POST bodies, no fault), then the generated calls.
          { numRuns: holding ? HOLDING_RUNS : RUNS, examples: knownInputs.map((entries): [Call] => [{ method: 'POST', body: entriesText(entries) }]) },
        );
        tally.timed(tool.name, (Date.now() - toolStarted) / 1000);
      }
      // Every registered tool was fuzzed, and every one answered 200s (the charge rule ran for it).
      expect(tally.tools().sort()).toEqual([...registered.keys()].sort());
      expect(tools.filter((tool) => !tally.saw(tool.name, 200)).map((tool) => tool.name)).toEqual([]);
    },
    120_000 + RUNS * 2_000 + HOLDING_RUNS * 2_000,
  );
});
