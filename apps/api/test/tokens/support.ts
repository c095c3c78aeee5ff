import type { Response } from 'supertest';
import { TOOL_CATALOG } from '@scout/core';
import { FeedStore, toFeedEvent, type FeedEvent } from '@scout/feeds';
import { DAY_MS } from '@scout/sandbox';
import type { FomoAlert } from '@scout/upstream';
import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/*
 * Shared by the token tool end-to-end specs: one app per file on a pinned clock (the app's and the
 * sandbox's, so time windows see the sandbox's events), a funded caller, and the charge checks
 * every outcome makes.
 */

/** A fixed noon, UTC (the same every day): the sandbox and the app both read this instant. */
export const NOW = SANDBOX_NOW;
export { DAY_MS };
export type Json = any;

/** Well formed, but no token the sandbox knows. */
export const UNKNOWN_MINT = 'ScoutNoSuchMint1111111111111111111111111pump';
export const UNKNOWN_EVM = `0x${'5c'.repeat(20)}`;

export interface TokensApp {
  t: TestApp;
  accountId: string;
  /** POST a tool with a JSON body as the funded caller. */
  call(tool: string, body: object): Promise<Response>;
  /** The same, expecting a 200; returns the body. */
  ok(tool: string, body: object): Promise<Json>;
  /** What the sandbox FOMO provider itself serves at `path`. */
  fomo(path: string): Promise<Json>;
  /** Makes the caller's next upstream reads skip Scout's cache, so a fault set now is hit. */
  freshReads(): Promise<void>;
  /** Spendable credits now. */
  balance(): Promise<number>;
  /** The call answered `status`, charged the tool's catalog cost exactly once, and the balance moved by it. */
  expectCharged(tool: string, res: Response, before: number): Promise<void>;
  /** The call answered `status` with the error shape, and nothing was charged. */
  expectUncharged(res: Response, status: number, before: number): Promise<void>;
}

/**
 * Boots the API on the pinned clock with retries off (a faulted route fails once, at once) and an
 * upstream timeout of 5 s: a hung route gives up well inside the tool's deadline, and a busy CI
 * host (where 1.5 s cut real answers) does not make a healthy read time out. A spec whose answer
 * depends on many reads all arriving passes a longer one. On a sandbox whose FOMO world is built
 * before the first call, plus a caller with a generous balance.
 */
export async function startTokensApp(name: string, options: { upstreamTimeoutMs?: number } = {}): Promise<TokensApp> {
  const t = await startTestApp({
    // Warm: the world's first build (about a second of CPU) must not eat the timeout.
    sandbox: { now: () => NOW, warm: true },
    clock: new ManualClock(new Date(NOW)),
    env: { UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs ?? 5_000) },
  });
  const { apiKey, accountId } = await t.createAccount(name);
  await t.setBalance(accountId, 5_000_000);
  const call = (tool: string, body: object) =>
    t
      .http()
      .post(`/api/v1/tools/${tool}`)
      .set({ Authorization: `Bearer ${apiKey}` })
      .send(body);
  const cost = (tool: string) => TOOL_CATALOG[tool as keyof typeof TOOL_CATALOG].cost;
  return {
    t,
    accountId,
    call,
    async ok(tool, body) {
      const res = await call(tool, body);
      expect({ tool, status: res.status, error: res.body.error }).toEqual({ tool, status: 200, error: undefined });
      return res.body;
    },
    fomo: (path) => readFomo(t, path),
    async freshReads() {
      expect((await call('service_usage', { clearCache: true })).status).toBe(200);
    },
    balance: () => t.spendable(accountId),
    async expectCharged(tool, res, before) {
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
      expect(res.body.credits.creditsSpent).toBe(cost(tool));
      expect(await callCharges(t.sql, accountId, res.headers['x-request-id'])).toEqual([{ hold: 'posted', held: cost(tool), charged: cost(tool) }]);
      expect(await t.spendable(accountId)).toBe(before - cost(tool));
    },
    async expectUncharged(res, status, before) {
      expect(res.status).toBe(status);
      expect(res.body.error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
      expect(res.body.data).toBeUndefined();
      for (const c of await callCharges(t.sql, accountId, res.headers['x-request-id'])) expect(c).toMatchObject({ hold: 'voided', charged: 0 });
      expect(await t.spendable(accountId)).toBe(before);
    },
  };
}

/** The first page of the sandbox's trending board, ranked. */
export async function trendingBoard(app: Pick<TokensApp, 'fomo'>): Promise<Json[]> {
  return (await app.fomo('/v2/leaderboard/tokens/trending?limit=100')).tokens;
}

/** Every sell alert of `address` since `since` (ms), read page by page from the sandbox. */
/** The sandbox feed's sells of one token from `since` to NOW (its whole feed, not the REST ring), oldest first. */
export function sandboxSells(app: Pick<TokensApp, 't'>, address: string, since: number): Json[] {
  return app.t.sandbox.fomo.feed
    .between(since, NOW)
    .map((e) => e.body)
    .filter((a) => a.type === 'sell' && a.tokenAddress === address);
}

/** Stores the sandbox's whole feed from `since` to NOW in feed_events, as the ingestion would. */
export async function storeSandboxFeed(app: Pick<TokensApp, 't'>, since: number): Promise<void> {
  const events = app.t.sandbox.fomo.feed
    .between(since, NOW)
    .map((e) => toFeedEvent(e.body as unknown as FomoAlert))
    .filter((e): e is FeedEvent => e !== null);
  await app.t.app.get(FeedStore).insert(events, 'backfill');
}

/** The token with the most sells in the sandbox's feed over the day before NOW. */
export function busiestSoldToken(app: Pick<TokensApp, 't'>): string {
  const counts = new Map<string, number>();
  for (const e of app.t.sandbox.fomo.feed.between(NOW - DAY_MS, NOW)) {
    if (e.body.type === 'sell' && e.body.chain === 'solana') counts.set(e.body.tokenAddress, (counts.get(e.body.tokenAddress) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

/** `tool` called with `input` is refused: a 400 `invalid_request` whose error mentions `text`, nothing charged. */
export async function expectRefused(app: TokensApp, tool: string, input: object, text: string): Promise<void> {
  const before = await app.balance();
  const res = await app.call(tool, input);
  await app.expectUncharged(res, 400, before);
  expect(res.body.error.code).toBe('invalid_request');
  expect(JSON.stringify(res.body.error)).toContain(text);
}

/** A 400 naming `field` among its issues. */
export function expectIssueOn(res: Response, field: string): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_request');
  expect(res.body.error.issues.map((i: { path: string }) => i.path.split(/[.[]/)[0])).toContain(field);
}

/**
 * The address rules of a single-token tool: both families answer when well formed for their chain;
 * a malformed address, one of the wrong family for the chain, an unknown chain or none at all is a
 * 400 naming the field, uncharged.
 */
export async function expectAddressRules(
  app: TokensApp,
  tool: string,
  mint: string,
  evm: { address: string; chain: string },
  extra: object = {},
): Promise<void> {
  await app.ok(tool, { ...extra, address: evm.address, chain: evm.chain });
  await app.ok(tool, { ...extra, address: mint, chain: 'solana' });
  const before = await app.balance();
  for (const [body, field, message] of [
    [{ address: 'not-a-token-address!' }, 'address', /Solana mint.*0x/],
    [{ address: mint.slice(0, 31) }, 'address', /Solana mint/],
    [{ address: `${evm.address}0` }, 'address', /Solana mint.*0x/],
    [{ address: evm.address, chain: 'solana' }, 'address', /Solana address/],
    [{ address: mint, chain: 'base' }, 'address', /EVM address on Base/],
    [{ address: mint, chain: 'tron' }, 'chain', /chain/],
    [{}, 'address', /address/],
  ] as const) {
    const res = await app.call(tool, { ...extra, ...body });
    await app.expectUncharged(res, 400, before);
    expectIssueOn(res, field);
    expect(res.body.error.issues.map((i: { message: string }) => i.message).join(' ')).toMatch(message);
  }
}
