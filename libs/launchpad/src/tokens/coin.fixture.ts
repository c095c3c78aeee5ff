import { launchpadLaunchRecordSchema, launchpadTokenSchema, type LaunchpadToken, type LaunchRecord } from '@scout/upstream';
import type { LaunchpadPort } from '../launchpad.ports';

/*
 * Launchpad answers for the tools' unit specs, shaped like the captured `/api/tokens` rows and read
 * through the site's schemas, so the fakes hand the services exactly what the client would.
 */

export const SPYX = 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W';
export const CREATOR = 'H6qoWz4hxRb9a65nMXv1ERZWHmbG3foFZoK6CEm7acRQ';
export const STONK = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';
export const ZCAT = 'HcRLc9VDgjLeK154xDawfb1dmVJ98DoSqcwTHGqiDeJR';

const spyxQuote = {
  mint: SPYX,
  symbol: 'SPYX',
  name: 'SP500',
  logoUrl: `https://launchpad.test/api/asset/quote-logo/${SPYX}?v=1`,
  category: 'xstock',
  categoryLabel: 'xStock',
};

/** A graduated standard coin with every field. */
export const stonkRow: LaunchpadToken = launchpadTokenSchema.parse({
  mint: STONK,
  pool: '7a8xxAJBELDo6P9dikSYctdw6ce8F4mWr3ahcAD8Ao49',
  name: 'STONK',
  symbol: 'STONK',
  quote: spyxQuote,
  creator: CREATOR,
  launchpad: 'raydium',
  mode: 'standard',
  quoteOnlyFees: false,
  imageUrl: null,
  links: {},
  market: {
    priceUsd: 0.2568,
    marketCapUsd: 206_991_540,
    fdvUsd: 206_991_540,
    volume24hUsd: 846_618,
    liquidityUsd: 1_250_000,
    priceChange24h: 1.93,
    peakMarketCapUsd: 330_810_898,
  },
  status: 'graduated',
  graduationProgress: 1,
  graduatedAt: '2026-07-23T19:24:05.347Z',
  createdAt: '2026-07-23T19:08:03.348Z',
});

/** A reward coin as the capture has some rows: no creator, no liquidity. */
export const zcatRow: LaunchpadToken = launchpadTokenSchema.parse({
  mint: ZCAT,
  pool: 'BTccxxTFi7a9xJTE1exKn38Jgie35s6gNeRxd8DM61Rc',
  name: 'Anonymous Cat',
  symbol: 'ZCAT',
  quote: { mint: 'A7bdiYdS5GjqGFtxf17ppRHtDKPkkRqbKtR27dxvQXaS', symbol: 'ZEC', name: 'Zcash', category: 'custom', categoryLabel: 'Custom' },
  launchpad: 'launchlab',
  mode: 'reward',
  quoteOnlyFees: true,
  transferFee: { bps: 300 },
  flywheel: { active: true },
  market: { priceUsd: 0.0455, marketCapUsd: 44_071_216, fdvUsd: 44_071_216, volume24hUsd: 1_042_068, priceChange24h: -7.87, peakMarketCapUsd: 172_605_806 },
  status: 'bonding',
  graduationProgress: 0.42,
  createdAt: '2026-08-30T23:30:26.185Z',
});

export const stonkLaunch: LaunchRecord = launchpadLaunchRecordSchema.parse({
  mint: STONK,
  pool: stonkRow.pool,
  name: 'STONK',
  symbol: 'STONK',
  creator: CREATOR,
  quote: spyxQuote,
  launchpad: 'raydium',
  mode: 'standard',
  startMarketCapUsd: 5_000,
  targetMarketCapUsd: 69_000,
  createdAt: '2026-07-23T19:08:03.348Z',
});

/** A port whose every method rejects unless the spec gives it: a call a tool should not make fails loudly. */
export function fakeLaunchpad(methods: Partial<LaunchpadPort>): LaunchpadPort {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected launchpad call: ${name}`));
  return new Proxy(methods, {
    get: (target, name: string): unknown => (Object.hasOwn(target, name) ? target[name as keyof LaunchpadPort] : unexpected(name)),
  }) as LaunchpadPort;
}
