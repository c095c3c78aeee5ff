import { SANDBOX_KEYS } from '@scout/sandbox';
import type { Json, TokensApp } from '../tokens/support';

/*
 * Shared by the launchpad end-to-end specs: what the sandbox's launchpad stand-in serves, read past
 * Scout (the answers to compare with), and the inputs it names under `launchpad` in its fixtures.
 */

/** Well formed (base58, 88 characters), but no payment the sandbox's launchpad knows. */
export const UNKNOWN_SIGNATURE = `ScoutNoSuchPayment${'1'.repeat(70)}`;
/** Well formed, but no mint or wallet the launchpad knows. */
export const UNKNOWN_ADDRESS = 'ScoutNoSuchLaunchpadMint11111111111111111';

/** GET `path` from the sandbox's launchpad with its key; throws unless it answers `status`. */
export async function readLaunchpad(app: Pick<TokensApp, 't'>, path: string, status = 200): Promise<Json> {
  const res = await fetch(`${app.t.sandbox.urls.launchpad}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.launchpad } });
  if (res.status !== status) throw new Error(`sandbox launchpad ${path} answered ${res.status}, not ${status}`);
  return res.json();
}

/** The inputs the sandbox names under `launchpad` in /__control/fixtures, at its clock now. */
export async function launchpadFixtures(app: Pick<TokensApp, 't'>): Promise<Json> {
  const res = await fetch(`${app.t.sandbox.url}/__control/fixtures`);
  return ((await res.json()) as Json).launchpad;
}

/** `a` equals `b` to 12 significant digits (Scout reads the same raw numbers through one division). */
export function expectNear(a: number | null, b: number): void {
  expect(a).not.toBeNull();
  expect(Math.abs(a! - b)).toBeLessThanOrEqual(Math.abs(b) * 1e-12);
}
