import fc from 'fast-check';
import { HTTP_STATUS_BY_CODE, type ErrorCode } from '@scout/core';
import { callLedger, expectedCallLedger } from './support/call-ledger';
import { errorShapeProblem, holds, inputEntries, NOT_AN_OBJECT, shortHold, startFuzzWorld, StatusTally, withFault, type FuzzWorld } from './support/fuzz-world';
import { callToolOverMcp, type McpCallOutcome } from './support/mcp-call';
import { connect, TestOAuthClient } from './support/oauth-client';
import { entriesText, type Schema, type Entries } from './support/schema-arbitraries';

/**
 * The fuzz tier over MCP: every tool called through `/mcp` with an OAuth access token (signed in
 * as an agent would be), with the REST pass's inputs (fuzz.e2e-spec.ts) sent as a tools/call's
 * arguments, as raw text. Every answer is one of three things, and each is checked:
 *  - a success result: the envelope of the tool, charged once at its catalog cost, the hold posted
 *    (or none for a read answered from cache) and one usage entry, both on channel `mcp`;
 *  - an isError result: the contract's error body with a known code, nothing charged, a hold (if
 *    one was placed) voided;
 *  - a JSON-RPC error, only for arguments that are not a JSON object: -32602 for JSON of another
 *    kind, -32700 for text that is not JSON; `data.code` invalid_request, nothing charged.
 *
 * FUZZ_RUNS sets the inputs per tool: a short run in `npm test`, 1,000 in `npm run fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const HOLDING_RUNS = Math.min(RUNS, 10);
const REPORT = process.env.FUZZ_RUNS !== undefined;
const REDIRECT = 'http://127.0.0.1:7799/callback';

/** The JSON-RPC code arguments of this text must be refused with; null when they are an object (the tool decides). */
function expectedRpcCode(argumentsText: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch {
    return -32700;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? null : -32602;
}

function argumentsArbitrary(schema: Schema, known: Entries[]) {
  return withFault(
    fc.oneof(
      { weight: 8, arbitrary: inputEntries(schema, known).map((entries) => ({ argumentsText: entriesText(entries) })) },
      { weight: 1, arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((argumentsText) => ({ argumentsText })) },
    ),
  );
}

/** The outcome's kind, for the tally: `ok`, `isError <code>` or `rpc <code>`. */
function outcomeLabel(outcome: McpCallOutcome): string {
  const { answer } = outcome;
  if (answer?.error) return `rpc ${answer.error.code}`;
  if (answer?.result?.isError) return `isError ${answer.result.structuredContent?.error?.code}`;
  return answer?.result ? 'ok' : `HTTP ${outcome.status}`;
}

describe(`fuzz over MCP with an OAuth access token: ${RUNS} inputs per tool`, () => {
  let world: FuzzWorld;
  let accessToken: string;
  const tally = new StatusTally();
  const RUN_ID = Math.random().toString(36).slice(2, 10);
  let callCount = 0;

  beforeAll(async () => {
    world = await startFuzzWorld('fuzz mcp');
    // The agent signs in for the fuzzing account (both apps share the database, so the token works on both).
    ({
      tokens: { access_token: accessToken },
    } = await connect(`${world.t.url}/mcp`, new TestOAuthClient(REDIRECT), world.key));
  }, 120_000);
  afterAll(async () => {
    if (REPORT) process.stdout.write(tally.report(`fuzz outcomes over MCP (${RUNS} inputs per tool, after each tool's known inputs)`));
    await world?.close();
  });

  it(
    "answers every input as a result, an isError result or (for arguments that are not an object) a JSON-RPC error, and charges only a success, by the tool's cost, on channel mcp",
    async () => {
      const { t, faulty, accountId, tools, registered, known } = world;
      for (const tool of tools) {
        const readsOnly = registered.get(tool.name)?.readsOnly === true;
        const holding = holds(tool.inputSchema);
        const knownInputs = known[tool.name] ?? [];
        const toolStarted = Date.now();
        await fc.assert(
          fc.asyncProperty(argumentsArbitrary(holding ? shortHold(tool.inputSchema) : tool.inputSchema, knownInputs), async (call) => {
            const app = call.fault ? faulty : t;
            app.sandbox.control.clear();
            if (call.fault) app.sandbox.control.add(call.fault);
            const before = await t.spendable(accountId);
            callCount += 1;
            const requestId = `fuzz-mcp-${RUN_ID}-${callCount}`;
            const outcome = await callToolOverMcp(app.url, { credential: accessToken, tool: tool.name, argumentsText: call.argumentsText, requestId });
            const moved = (await t.spendable(accountId)) - before;
            tally.count(tool.name, outcomeLabel(outcome));
            const context = { tool: tool.name, arguments: call.argumentsText.slice(0, 200), status: outcome.status, body: outcome.text.slice(0, 500) };
            expect({ ...context, requestId: outcome.headers.get('x-request-id') }).toEqual({ ...context, requestId });

            const ledger = await callLedger(t.sql, accountId, requestId);
            const channels = await t.sql.query(
              `SELECT channel FROM credit_holds WHERE request_id = $1 UNION SELECT channel FROM credit_entries WHERE request_id = $1 AND kind = 'usage'`,
              [requestId],
            );
            expect({ ...context, channels: channels.rows.map((r) => r.channel) }).toEqual({ ...context, channels: channels.rows.length ? ['mcp'] : [] });

            const rpcCode = expectedRpcCode(call.argumentsText);
            const { answer } = outcome;
            if (rpcCode !== null) {
              // Refused before any tool ran: a JSON-RPC error naming the arguments, nothing held.
              expect({ ...context, code: answer?.error?.code, data: answer?.error?.data?.code, moved, ledger }).toEqual({
                ...context,
                code: rpcCode,
                data: 'invalid_request',
                moved: 0,
                ledger: { holds: [], usage: [] },
              });
              return;
            }
            const result = answer?.result;
            expect({ ...context, result: result !== undefined, status: outcome.status }).toEqual({ ...context, result: true, status: 200 });
            const envelope = result!.structuredContent;
            if (result!.isError) {
              const code = envelope?.error?.code as ErrorCode;
              const status = HTTP_STATUS_BY_CODE[code] ?? 0;
              expect({ ...context, shape: errorShapeProblem(status, envelope), moved }).toEqual({ ...context, shape: null, moved: 0 });
              expect({ ...context, ledger }).toEqual({ ...context, ledger: expectedCallLedger({ status, cost: tool.cost, readsOnly }, ledger) });
            } else {
              expect({ ...context, tool: envelope?.meta?.tool, spent: envelope?.credits?.creditsSpent, moved, requestId: envelope?.meta?.requestId }).toEqual({
                ...context,
                tool: tool.name,
                spent: tool.cost,
                moved: 0 - tool.cost,
                requestId,
              });
              const expected = expectedCallLedger({ status: 200, cost: tool.cost, readsOnly, credits: envelope.credits }, ledger);
              expect({ ...context, ledger }).toEqual({ ...context, ledger: expected });
            }
          }),
          {
            numRuns: holding ? HOLDING_RUNS : RUNS,
            examples: knownInputs.map((entries): [{ argumentsText: string }] => [{ argumentsText: entriesText(entries) }]),
          },
        );
        tally.timed(tool.name, (Date.now() - toolStarted) / 1000);
      }
      expect(tally.tools().sort()).toEqual([...registered.keys()].sort());
      expect(tools.filter((tool) => !tally.saw(tool.name, 'ok')).map((tool) => tool.name)).toEqual([]);
    },
    180_000 + RUNS * 2_000 + HOLDING_RUNS * 2_000,
  );
});
