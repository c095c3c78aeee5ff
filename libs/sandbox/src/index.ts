export {
  SandboxMarket,
  createMarket,
  FIXTURES,
  CHAINS,
  DAY_MS,
  DAY_S,
  HISTORY_DAYS,
  FEES_DATA_TYPES,
  DEXS_DATA_TYPES,
  OI_DATA_TYPES,
  normaliseChain,
  type MarketOptions,
  type Asset,
  type Token,
  type Protocol,
  type Stablecoin,
  type YieldPool,
  type Hack,
  type DimensionKind,
  type DailyDims,
  type ChainInfo,
  type ProtocolCategory,
} from './market';
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
  classifyPath,
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
export { errorBody } from './errors';
export { mulberry32 } from './prng';
