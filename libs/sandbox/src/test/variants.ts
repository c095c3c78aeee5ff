import { runProbes, sandboxEndpoints, standaloneProviderClients, type ProviderClients, type ProviderProbe } from '@scout/upstream';
import type { Provider } from '../faults';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox, type StartSandboxOptions } from '../server';
import type { VariantContext } from '../variants';

/** A writer's context whose draws always say yes and pick the option at `pickIndex`, recording what was served. */
export function fixedVariantContext(provider: Provider, route: string, pickIndex: number, method = 'GET'): VariantContext & { names: string[] } {
  const names: string[] = [];
  return {
    provider,
    route,
    method,
    chance: () => true,
    pick: (options) => options[Math.min(pickIndex, options.length - 1)],
    served: (name) => names.push(name),
    names,
  };
}

/**
 * A sandbox serving every answer it can in a documented variant (rate 1 unless `options` say
 * otherwise), and Scout's clients on it, as the drift check builds them; both closed afterwards.
 */
export async function withVariantSandbox<T>(
  use: (sandbox: RunningSandbox, clients: ProviderClients) => Promise<T>,
  options: StartSandboxOptions = {},
): Promise<T> {
  const sandbox = await startSandbox({ variants: { rate: 1 }, ...options });
  const { clients, close } = standaloneProviderClients(sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS }), { timeoutMs: 10_000, retries: 0 });
  try {
    return await use(sandbox, clients);
  } finally {
    await close();
    await sandbox.close();
  }
}

/** The probes that did not come back ok, one at a time as the drift check runs them: `endpoint outcome: detail`. */
export async function probeFailures(probes: ProviderProbe[]): Promise<string[]> {
  const results = await runProbes(probes, 1);
  return results.filter((r) => r.outcome !== 'ok').map((r) => `${r.endpoint} ${r.outcome}: ${r.detail}`);
}
