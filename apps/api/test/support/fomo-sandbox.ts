import { SANDBOX_KEYS } from '@scout/sandbox';
import type { TestApp } from './test-app';

/**
 * A direct read of the test app's sandbox FOMO provider, past Scout, for comparing a tool's answer
 * with what the provider itself serves. Anything but a 200 fails the test.
 */
export async function readFomo(t: Pick<TestApp, 'sandbox'>, path: string): Promise<any> {
  const res = await fetch(`${t.sandbox.urls.fomo}${path}`, { headers: { authorization: `Bearer ${SANDBOX_KEYS.fomo}` } });
  if (res.status !== 200) throw new Error(`sandbox FOMO ${path} answered HTTP ${res.status}: ${await res.text()}`);
  return res.json();
}
