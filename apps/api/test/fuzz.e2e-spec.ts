import fc from 'fast-check';
import { HTTP_STATUS_BY_CODE, ToolRegistry, type ErrorCode } from '@scout/core';
import type { FaultRule } from '@scout/sandbox';
import { ManualClock } from '../../../test/manual-clock';
import { callLedger, expectedCallLedger } from './support/call-ledger';
import { FUZZ_SANDBOX_KEYS, fieldSeeds, readKnownInputs, type KnownInputs } from './support/known-inputs';
import { entriesText, hostileInput, toJsonText, validEntries, type Entries, type Schema } from './support/schema-arbitraries';
import { rawRequest, type RawAnswer } from './support/raw-http';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Property-based fuzzing of every registered tool, generated from the JSON Schema each publishes
 * at GET /api/v1/tools (issue 9): schema-valid and hostile inputs, as GET query strings and POST
 * JSON bodies, from a funded account. Every answer is in the contract's error table (or Scout's
 * added codes) with the error shape, never a 500, and the ledger moves only for a 2xx, by
 * exactly the tool's cost. Calls run one at a time on one account, so each balance difference
 * belongs to one call; each call is also joined to its hold and usage entry by request id, so a
 * 200 whose hold was left pending (to be voided later) fails like a missing charge.
 *
 * Generated values mix in what the sandbox knows (known-inputs.ts: tracked traders, listed tokens,
 * trade ids, alerts and snapshots made for the run), and each tool's known inputs run first, so
 * every tool answers 200s, not only refusals. Both the sandbox and the app read one fixed instant,
 * so the world fuzzed is the same on every day.
 *
 * FUZZ_RUNS sets the inputs per tool: a short run in `npm test`, 1,000 in `npm run fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const REPORT = process.env.FUZZ_RUNS !== undefined;
const ALLOWED_STATUSES = new Set([200, 400, 401, 402, 403, 404, 405, 409, 422, 429, 502, 503]);
/** The instant the sandbox world and the app's clock hold still at. */
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
/** Bodies that are not a JSON object at all. */
const NOT_AN_OBJECT = ['[]', '[{"a":1}]', '"text"', '5', 'null', 'true', '{', '{"a":1,}', ''];

interface CatalogTool {
  name: string;
  cost: number;
  inputSchema: Schema;
}

/**
 * Upstream faults the sandbox injects before some calls (each for its next matching request), so
 * answers that failed after the charge began (502, refunded) are fuzzed too. They go to a second
 * app with its own sandbox, since the failures open its circuit breakers (30 s), which would
 * otherwise hide the answering path for the rest of the run. No key refusals or timeouts: the
 * first would leave a key pool empty, the second waits out the upstream timeout.
 */
const FAULTS: FaultRule[] = [
  { provider: '*', status: 500 },
  { provider: '*', status: 503 },
  { provider: '*', status: 404 },
  { provider: '*', malformed: 'truncated' },
  { provider: '*', malformed: 'shape' },
  { provider: '*', rateLimited: true },
];

type Call = ({ method: 'GET'; entries: Entries } | { method: 'POST'; body: string }) & { fault?: FaultRule };

function queryString(entries: Entries): string {
  const params = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? toJsonText(v) : String(v));
  for (const [key, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, text(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Schema-valid, hostile and known inputs; the first two take known values for some fields. */
function callArbitrary(schema: Schema, known: Entries[]): fc.Arbitrary<Call> {
  const seeds = fieldSeeds(known);
  const entries = fc.oneof(
    { weight: 2, arbitrary: validEntries(schema, seeds) },
    { weight: 2, arbitrary: hostileInput(schema, seeds) },
    ...(known.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...known) }] : []),
  );
  const call = fc.oneof(
    { weight: 4, arbitrary: entries.map((e): Call => ({ method: 'GET', entries: e })) },
    { weight: 4, arbitrary: entries.map((e): Call => ({ method: 'POST', body: entriesText(e) })) },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((body): Call => ({ method: 'POST', body })) },
  );
  // One call in eight meets an upstream fault.
  const fault = fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...FAULTS) });
  return fc.tuple(call, fault).map(([c, f]) => (f ? { ...c, fault: { ...f, times: 1 } } : c));
}

/** The contract's error shape: `{error: {code, message, issues? | details?}}`, plus `credits.remaining` for a keyed caller. */
function errorShapeProblem(answer: RawAnswer): string | null {
  const body = answer.body as { error?: Record<string, unknown>; credits?: unknown } | undefined;
  if (!body || typeof body !== 'object' || !body.error) return 'no error object';
  const extra = Object.keys(body).filter((k) => k !== 'error' && k !== 'credits');
  if (extra.length > 0) return `unexpected top-level fields ${extra.join(', ')}`;
  const { code, message, issues } = body.error;
  if (typeof code !== 'string' || !(code in HTTP_STATUS_BY_CODE)) return `unknown code ${String(code)}`;
  if (HTTP_STATUS_BY_CODE[code as ErrorCode] !== answer.status) return `code ${code} with status ${answer.status}`;
  if (typeof message !== 'string' || message === '') return 'no message';
  if (issues !== undefined) {
    const ok = Array.isArray(issues) && issues.every((i: { path?: unknown; message?: unknown }) => typeof i.path === 'string' && typeof i.message === 'string');
    if (!ok) return 'malformed issues';
  }
  if (answer.status === 502 && typeof body.error.details !== 'string') return '502 without details';
  return null;
}

/**
 * A tool that holds the request open on purpose (the watch stream: at least one second, up to
 * 120) is fuzzed with its hold cut to the minimum and fewer inputs, so the run stays short.
 */
const HOLD_FIELD = 'durationSeconds';
const HOLDING_RUNS = Math.min(RUNS, 10);

function holds(schema: Schema): boolean {
  return HOLD_FIELD in ((schema.properties ?? {}) as Record<string, unknown>);
}

function shortHold(schema: Schema): Schema {
  const properties = schema.properties ?? {};
  const held = properties[HOLD_FIELD];
  return { ...schema, properties: { ...properties, [HOLD_FIELD]: { ...held, maximum: held.minimum ?? 1 } } };
}

describe(`fuzz: every tool's JSON Schema, ${RUNS} inputs per tool`, () => {
  let t: TestApp;
  let faulty: TestApp;
  let key: string;
  let accountId: string;
  let tools: CatalogTool[];
  let registered: string[];
  let known: KnownInputs;
  const statuses = new Map<string, Map<number, number>>();
  const seconds = new Map<string, number>();
  const started = Date.now();
  /** Each call's x-request-id: unique to this run, so a call's ledger rows are its own. */
  const RUN_ID = Math.random().toString(36).slice(2, 10);
  let callCount = 0;

  beforeAll(async () => {
    // No upstream retries: an injected fault fails its call at once (retries have their own tests).
    const env = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', UPSTREAM_RETRIES: '0' };
    // The sandbox world and the app's clock at NOW; a FOMO key budget that lasts a long run.
    const pinned = () => ({ env, sandbox: { now: () => NOW, keys: FUZZ_SANDBOX_KEYS }, clock: new ManualClock(new Date(NOW)) });
    [t, faulty] = await Promise.all([startTestApp(pinned()), startTestApp(pinned())]);
    ({ apiKey: key, accountId } = await t.createAccount('fuzz'));
    const funded = await t
      .http()
      .post(`/api/v1/admin/accounts/${accountId}/credits`)
      .set('Authorization', `Bearer ${t.adminKey}`)
      .send({ credits: 1_000_000_000, kind: 'grant', reason: 'fuzz test funds' });
    expect(funded.status).toBe(201);
    tools = (await t.http().get('/api/v1/tools')).body.tools as CatalogTool[];
    registered = t.app
      .get(ToolRegistry)
      .list()
      .map((tool) => tool.name);
    known = await readKnownInputs(t, NOW, async (tool, body) => {
      const res = await t.http().post(`/api/v1/tools/${tool}`).set('Authorization', `Bearer ${key}`).send(body);
      return { status: res.status, body: res.body };
    });
  }, 120_000);
  afterAll(async () => {
    if (REPORT) {
      const lines = [...statuses].map(
        ([tool, seen]) =>
          `  ${tool}: ${[...seen]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')} (${seconds.get(tool)?.toFixed(1)} s)`,
      );
      const total = new Map<number, number>();
      for (const seen of statuses.values()) for (const [status, n] of seen) total.set(status, (total.get(status) ?? 0) + n);
      const all = [...total]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      const calls = [...total.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(
        `\nfuzz statuses (${RUNS} inputs per tool, after each tool's known inputs):\n${lines.join('\n')}\n` +
          `  all ${statuses.size} tools, ${calls} calls in ${((Date.now() - started) / 1000).toFixed(0)} s: ${all}\n`,
      );
    }
    await Promise.all([t?.close(), faulty?.close()]);
  });

  it('covers every registered tool', () => {
    expect(tools.length).toBeGreaterThanOrEqual(18);
    // The catalog lists every tool the app registered, and each has inputs the sandbox answers.
    expect(tools.map((tool) => tool.name).sort()).toEqual([...registered].sort());
    expect(registered.filter((name) => !(known[name]?.length > 0))).toEqual([]);
  });

  it(
    "answers every input with a contract status and shape, and charges only a 2xx, by the tool's cost",
    async () => {
      for (const tool of tools) {
        const seen = new Map<number, number>();
        statuses.set(tool.name, seen);
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
            seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
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
            // the query) and an answer refused before the app (over 16 KB of request line, where
            // the key may lie past what was read) may lack them, and then lack all three.
            const credits = ['x-credits-used', 'x-credits-cost', 'x-credits-remaining'].map((h) => answer.headers[h]);
            if ((echoed !== undefined && answer.status !== 401) || credits.some((h) => h !== undefined)) {
              const after = before + moved;
              expect({ ...context, credits }).toEqual({ ...context, credits: [String(-moved), String(tool.cost), String(after)] });
            }
            const ledger = await callLedger(t.sql, accountId, requestId);
            expect({ ...context, requestId, ledger }).toEqual({ ...context, requestId, ledger: expectedCallLedger(answer.status, tool.cost, ledger) });
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
              expect({ ...context, shape: errorShapeProblem(answer), moved }).toEqual({ ...context, shape: null, moved: 0 });
            }
          }),
          // The tool's known inputs first (as POST bodies, no fault), then the generated calls.
          { numRuns: holding ? HOLDING_RUNS : RUNS, examples: knownInputs.map((entries): [Call] => [{ method: 'POST', body: entriesText(entries) }]) },
        );
        seconds.set(tool.name, (Date.now() - toolStarted) / 1000);
      }
      // Every registered tool was fuzzed, and every one answered 200s (the charge rule ran for it).
      expect([...statuses.keys()].sort()).toEqual([...registered].sort());
      expect(tools.filter((tool) => !statuses.get(tool.name)?.get(200)).map((tool) => tool.name)).toEqual([]);
    },
    120_000 + RUNS * 2_000 + HOLDING_RUNS * 2_000,
  );
});
