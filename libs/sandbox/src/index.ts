// The market's surface is the one its folder hands on (market/index.ts), not a second list.
export * from './market';
export { classifyPath } from './classify-path';
export {
  FaultControl,
  validateFaultRule,
  PROVIDERS,
  type FaultRule,
  type ActiveFault,
  type Provider,
  type MalformedKind,
  type RequestCounts,
  type RequestRecord,
} from './faults';
export {
  startSandbox,
  createSandbox,
  createSandboxApp,
  SandboxClock,
  SANDBOX_KEYS,
  type Sandbox,
  type RunningSandbox,
  type SandboxOptions,
  type StartSandboxOptions,
  type SandboxKeys,
} from './server';
export { type JupiterKey } from './providers/jupiter/router';
export { type FomoKey, RESOLVING_TRADER_INDICES, DEFAULT_FOMO_CREDITS } from './providers/fomo/credits';
export { fomoFixtures } from './providers/fomo/fixtures';
export { type FomoProvider } from './providers/fomo/router';
export { type LaunchpadProvider } from './providers/launchpad/router';
export { launchpadFixtures } from './providers/launchpad/fixtures';
export { errorBody } from './errors';
export { VariantControl, type VariantSettings, type ProviderVariants, type VariantContext } from './variants';
export { mulberry32 } from './prng';
