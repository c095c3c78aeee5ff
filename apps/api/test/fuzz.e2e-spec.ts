import fc from 'fast-check';
import { HTTP_STATUS_BY_CODE, type ErrorCode } from '@scout/core';
import type { FaultRule } from '@scout/sandbox';
import { entriesText, hostileInput, toJsonText, validEntries, type Entries, type Schema } from './support/schema-arbitraries';
import { rawRequest, type RawAnswer } from './support/raw-http';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Property-based fuzzing of every registered tool, generated from the JSON Schema each publishes
 * at GET /api/v1/tools (issue 9): schema-valid and hostile inputs, as GET query strings and POST
 * JSON bodies, from a funded account. Every answer is in the contract's error table (or Scout's
 * added codes) with the error shape, never a 500, and the ledger moves only for a 2xx, by
 * exactly the tool's cost. Calls run one at a time on one account, so each balance difference
 * belongs to one call.
 *
 * FUZZ_RUNS sets the inputs per tool: a short run in `npm test`, 1,000 in `npm run fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const REPORT = process.env.FUZZ_RUNS !== undefined;
const ALLOWED_STATUSES = new Set([200, 400, 401, 402, 403, 404, 405, 409, 422, 429, 502, 503]);
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

function callArbitrary(schema: Schema): fc.Arbitrary<Call> {
  const entries = fc.oneof(validEntries(schema), hostileInput(schema));
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
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const held = properties[HOLD_FIELD];
  return { ...schema, properties: { ...properties, [HOLD_FIELD]: { ...held, maximum: held.minimum ?? 1 } } };
}

describe(`fuzz: every tool's JSON Schema, ${RUNS} inputs per tool`, () => {
  let t: TestApp;
  let faulty: TestApp;
  let key: string;
  let accountId: string;
  let tools: CatalogTool[];
  const statuses = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    // No upstream retries: an injected fault fails its call at once (retries have their own tests).
    const env = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', UPSTREAM_RETRIES: '0' };
    [t, faulty] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
    ({ apiKey: key, accountId } = await t.createAccount('fuzz'));
    const funded = await t.http()
      .post(`/api/v1/admin/accounts/${accountId}/credits`)
      .set('Authorization', `Bearer ${t.adminKey}`)
      .send({ credits: 1_000_000_000, kind: 'grant', reason: 'fuzz test funds' });
    expect(funded.status).toBe(201);
    tools = (await t.http().get('/api/v1/tools')).body.tools as CatalogTool[];
  });
  afterAll(async () => {
    if (REPORT) {
      const lines = [...statuses].map(([tool, seen]) => `  ${tool}: ${[...seen].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
      process.stdout.write(`\nfuzz statuses (${RUNS} inputs per tool):\n${lines.join('\n')}\n`);
    }
    await Promise.all([t?.close(), faulty?.close()]);
  });

  it('covers every registered tool', () => {
    expect(tools.length).toBeGreaterThanOrEqual(18);
  });

  it('answers every input with a contract status and shape, and charges only a 2xx, by the tool\'s cost', async () => {
    for (const tool of tools) {
      const seen = new Map<number, number>();
      statuses.set(tool.name, seen);
      const path = `/api/v1/tools/${tool.name}`;
      const holding = holds(tool.inputSchema);
      await fc.assert(
        fc.asyncProperty(callArbitrary(holding ? shortHold(tool.inputSchema) : tool.inputSchema), async (call) => {
          const app = call.fault ? faulty : t;
          app.sandbox.control.clear();
          if (call.fault) app.sandbox.control.add(call.fault);
          const before = await t.spendable(accountId);
          const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
          const answer =
            call.method === 'GET'
              ? await rawRequest(app.url, { method: 'GET', path: path + queryString(call.entries), headers })
              : await rawRequest(app.url, { method: 'POST', path, headers, body: call.body });
          const moved = (await t.spendable(accountId)) - before;
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          const context = { tool: tool.name, status: answer.status, body: answer.body };
          if (!ALLOWED_STATUSES.has(answer.status)) throw new Error(`status outside the contract: ${JSON.stringify(context)}`);
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
        { numRuns: holding ? HOLDING_RUNS : RUNS },
      );
    }
  }, 60_000 + RUNS * 2_000 + HOLDING_RUNS * 2_000);
});
