import { createSandbox, type SandboxOptions } from '../server';

/** A fixed instant for deterministic tests: 2026-06-15T12:34:56Z. */
export const NOW = Date.UTC(2026, 5, 15, 12, 34, 56);
export const JUP_KEY = 'sandbox-jupiter-key';
export const ALCHEMY_KEY = 'sandbox-alchemy-key';

/** A sandbox on a fixed clock (mutable through `clock.t`). */
export function fixedSandbox(options: SandboxOptions = {}) {
  const clock = { t: NOW };
  const sandbox = createSandbox({ seed: 42, now: () => clock.t, ...options });
  return { ...sandbox, clockRef: clock };
}

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
