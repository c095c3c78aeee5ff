/**
 * The sandbox's synthetic market (market.ts), with the vocabulary every provider reads: what the
 * market is made of (types.ts), the chains (universe.ts) and the fixed identities (fixtures.ts).
 */
export { SandboxMarket, createMarket, type MarketOptions } from './market';
export {
  DAY_S,
  DAY_MS,
  HISTORY_DAYS,
  FEES_DATA_TYPES,
  DEXS_DATA_TYPES,
  OI_DATA_TYPES,
  type Asset,
  type Token,
  type Protocol,
  type Stablecoin,
  type YieldPool,
  type Hack,
  type DimensionKind,
  type DailyDims,
  type TrackedFlow,
  type TrackedFlowSource,
  type TrackedDeveloper,
  type DeveloperSource,
  NO_TRACKED_FLOW,
} from './types';
export { CHAINS, type ChainInfo, type ProtocolCategory } from './universe';
export { FIXTURES } from './fixtures';
export { normaliseChain } from './lookups';
export {
  GRADUATION_THRESHOLDS,
  LAUNCHPAD_COIN_COUNT,
  LAUNCHPAD_DECIMALS,
  LAUNCHPAD_NAME,
  LAUNCHPAD_QUOTES,
  LAUNCHPAD_START,
  LAUNCHPAD_SUPPLY,
  PATHS as LAUNCH_PATH_NAMES,
  isLaunchpadAddition,
  launchpadCoins,
  type LaunchPathName,
  type LaunchpadCoin,
  type LaunchpadQuoteInfo,
} from './launchpad-coins';
