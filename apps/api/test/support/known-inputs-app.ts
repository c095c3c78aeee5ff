import { ManualClock } from '../../../../test/manual-clock';
import { FUZZ_SANDBOX_KEYS, readKnownInputs, type KnownInputs } from './known-inputs';
import { startTestApp, type TestApp } from './test-app';

/** The instant the app and its sandbox read, so the known inputs stay valid on any day. */
export const KNOWN_INPUTS_NOW = Date.parse('2026-11-20T12:00:00.000Z');

export interface KnownInputsApp {
  t: TestApp;
  key: string;
  accountId: string;
  known: KnownInputs;
}

/**
 * An app on a pinned clock with one funded account and every tool's known inputs (values the
 * sandbox itself serves; the alerts and snapshots the delete and compare tools need are made
 * through Scout, as a caller would).
 */
export async function startKnownInputsApp(accountName: string): Promise<KnownInputsApp> {
  const t = await startTestApp({
    env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' },
    sandbox: { now: () => KNOWN_INPUTS_NOW, keys: FUZZ_SANDBOX_KEYS, warm: true },
    clock: new ManualClock(new Date(KNOWN_INPUTS_NOW)),
  });
  const { apiKey: key, accountId } = await t.createAccount(accountName);
  await t.setBalance(accountId, 5_000_000);
  const known = await readKnownInputs(t, KNOWN_INPUTS_NOW, async (tool, body) => {
    const res = await t.http().post(`/api/v1/tools/${tool}`).set('Authorization', `Bearer ${key}`).send(body);
    return { status: res.status, body: res.body };
  });
  return { t, key, accountId, known };
}
