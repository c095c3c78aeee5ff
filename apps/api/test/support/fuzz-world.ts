import fc from 'fast-check';
import { HTTP_STATUS_BY_CODE, ToolRegistry, type ErrorCode, type RegisteredTool } from '@scout/core';
import type { FaultRule } from '@scout/sandbox';
import { ManualClock } from '../../../../test/manual-clock';
import { FUZZ_SANDBOX_KEYS, fieldSeeds, readKnownInputs, type KnownInputs } from './known-inputs';
import { hostileInput, validEntries, type Entries, type Schema } from './schema-arbitraries';
import { startTestApp, type TestApp } from './test-app';

/**
 * What the fuzz passes (REST and MCP) and the REST/MCP parity test share: two apps on one fixed
 * instant (the second for calls that meet an injected upstream fault, whose open circuit breakers
 * would otherwise hide the answering path), a funded account, the published catalog, the
 * registry, and inputs the sandbox answers.
 */

/** The instant the sandbox world and the app's clock hold still at. */
export const FUZZ_NOW = Date.parse('2026-11-20T12:00:00.000Z');

/** Bodies (or MCP arguments) that are not a JSON object at all; the last three are not JSON. */
export const NOT_AN_OBJECT = ['[]', '[{"a":1}]', '"text"', '5', 'null', 'true', '{', '{"a":1,}', ''];

/**
 * Upstream faults the sandbox injects before some calls (each for its next matching request), so
 * answers that failed after the charge began (502, refunded) are fuzzed too. No key refusals or
 * timeouts: the first would leave a key pool empty, the second waits out the upstream timeout.
 */
export const FAULTS: FaultRule[] = [
  { provider: '*', status: 500 },
  { provider: '*', status: 503 },
  { provider: '*', status: 404 },
  { provider: '*', malformed: 'truncated' },
  { provider: '*', malformed: 'shape' },
  { provider: '*', rateLimited: true },
];

export interface CatalogTool {
  name: string;
  cost: number;
  inputSchema: Schema;
}

export interface FuzzWorld {
  t: TestApp;
  faulty: TestApp;
  key: string;
  accountId: string;
  tools: CatalogTool[];
  registered: Map<string, RegisteredTool>;
  known: KnownInputs;
  close(): Promise<void>;
}

export async function startFuzzWorld(name: string): Promise<FuzzWorld> {
  // No upstream retries: an injected fault fails its call at once (retries have their own tests).
  const env = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', UPSTREAM_RETRIES: '0' };
  const pinned = (extra: Record<string, string> = {}) => ({
    env: { ...env, ...extra },
    sandbox: { now: () => FUZZ_NOW, keys: FUZZ_SANDBOX_KEYS },
    clock: new ManualClock(new Date(FUZZ_NOW)),
  });
  // The first app at its own address (the OAuth issuer and resource an agent signs in to); the
  // second names the same one, so an access token works on both (they share the database).
  const t = await startTestApp({ ...pinned(), atPublicUrl: true });
  const faulty = await startTestApp(pinned({ PUBLIC_URL: t.url }));
  const { apiKey: key, accountId } = await t.createAccount(name);
  await fund(t, accountId);
  const tools = (await t.http().get('/api/v1/tools')).body.tools as CatalogTool[];
  const registered = new Map(
    t.app
      .get(ToolRegistry)
      .list()
      .map((tool) => [tool.name, tool] as const),
  );
  const known = await readKnownInputs(t, FUZZ_NOW, async (tool, body) => {
    const res = await t.http().post(`/api/v1/tools/${tool}`).set('Authorization', `Bearer ${key}`).send(body);
    return { status: res.status, body: res.body };
  });
  // From here a quarter of the healthy sandbox's answers are in a shape the provider documents but
  // the everyday sandbox never sends (variants.ts): a random input also meets a random variant.
  t.sandbox.variants.set({ rate: 0.25 });
  return { t, faulty, key, accountId, tools, registered, known, close: () => Promise.all([t.close(), faulty.close()]).then(() => undefined) };
}

export async function fund(t: TestApp, accountId: string): Promise<void> {
  const funded = await t
    .http()
    .post(`/api/v1/admin/accounts/${accountId}/credits`)
    .set('Authorization', `Bearer ${t.adminKey}`)
    .send({ credits: 1_000_000_000, kind: 'grant', reason: 'fuzz test funds' });
  if (funded.status !== 201) throw new Error(`could not fund ${accountId}: ${funded.status}`);
}

/** Schema-valid, hostile and known inputs; the first two take known values for some fields. */
export function inputEntries(schema: Schema, known: Entries[]): fc.Arbitrary<Entries> {
  const seeds = fieldSeeds(known);
  return fc.oneof(
    { weight: 2, arbitrary: validEntries(schema, seeds) },
    { weight: 2, arbitrary: hostileInput(schema, seeds) },
    ...(known.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...known) }] : []),
  );
}

/** One call in eight meets an upstream fault. */
export function withFault<T extends object>(call: fc.Arbitrary<T>): fc.Arbitrary<T & { fault?: FaultRule }> {
  const fault = fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...FAULTS) });
  return fc.tuple(call, fault).map(([c, f]) => (f ? { ...c, fault: { ...f, times: 1 } } : c));
}

/**
 * A tool that holds the request open on purpose (the watch stream: at least one second, up to
 * 120) is fuzzed with its hold cut to the minimum and fewer inputs, so the run stays short.
 */
const HOLD_FIELD = 'durationSeconds';

export function holds(schema: Schema): boolean {
  return HOLD_FIELD in ((schema.properties ?? {}) as Record<string, unknown>);
}

export function shortHold(schema: Schema): Schema {
  const properties = schema.properties ?? {};
  const held = properties[HOLD_FIELD];
  return { ...schema, properties: { ...properties, [HOLD_FIELD]: { ...held, maximum: held.minimum ?? 1 } } };
}

/**
 * The contract's error body: `{error: {code, message, issues? | details?}}`, plus
 * `credits.remaining` for a keyed caller, with `status` the HTTP status its code maps to. Null when
 * it holds; else what is wrong.
 */
export function errorShapeProblem(status: number, body: unknown): string | null {
  const shaped = body as { error?: Record<string, unknown>; credits?: unknown } | undefined;
  if (!shaped || typeof shaped !== 'object' || !shaped.error) return 'no error object';
  const extra = Object.keys(shaped).filter((k) => k !== 'error' && k !== 'credits');
  if (extra.length > 0) return `unexpected top-level fields ${extra.join(', ')}`;
  const { code, message, issues } = shaped.error;
  if (typeof code !== 'string' || !(code in HTTP_STATUS_BY_CODE)) return `unknown code ${String(code)}`;
  if (HTTP_STATUS_BY_CODE[code as ErrorCode] !== status) return `code ${code} with status ${status}`;
  if (typeof message !== 'string' || message === '') return 'no message';
  if (issues !== undefined) {
    const ok = Array.isArray(issues) && issues.every((i: { path?: unknown; message?: unknown }) => typeof i.path === 'string' && typeof i.message === 'string');
    if (!ok) return 'malformed issues';
  }
  if (status === 502 && typeof shaped.error.details !== 'string') return '502 without details';
  return null;
}

/** Answers counted by status (or outcome) per tool, printed at the end of a long run. */
export class StatusTally {
  private readonly seen = new Map<string, Map<string, number>>();
  private readonly seconds = new Map<string, number>();
  private readonly started = Date.now();

  count(tool: string, outcome: string | number): void {
    const tally = this.seen.get(tool) ?? new Map<string, number>();
    this.seen.set(tool, tally);
    tally.set(String(outcome), (tally.get(String(outcome)) ?? 0) + 1);
  }

  timed(tool: string, seconds: number): void {
    this.seconds.set(tool, seconds);
  }

  tools(): string[] {
    return [...this.seen.keys()];
  }

  saw(tool: string, outcome: string | number): boolean {
    return (this.seen.get(tool)?.get(String(outcome)) ?? 0) > 0;
  }

  report(title: string): string {
    const line = (tally: Map<string, number>) =>
      [...tally]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
    const total = new Map<string, number>();
    for (const tally of this.seen.values()) for (const [s, n] of tally) total.set(s, (total.get(s) ?? 0) + n);
    const calls = [...total.values()].reduce((a, b) => a + b, 0);
    const lines = [...this.seen].map(([tool, tally]) => `  ${tool}: ${line(tally)} (${this.seconds.get(tool)?.toFixed(1)} s)`);
    return `\n${title}:\n${lines.join('\n')}\n  all ${this.seen.size} tools, ${calls} calls in ${((Date.now() - this.started) / 1000).toFixed(0)} s: ${line(total)}\n`;
  }
}
