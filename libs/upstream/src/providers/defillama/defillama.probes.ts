import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { DefiLlamaClient } from './defillama.client';
import type { OverviewDataType, OverviewKind } from './defillama.types';

/** USDC on Ethereum: priced on the live coins API and in the sandbox (FIXTURES.ethereumUsdc). */
const USDC_KEY = 'ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** Aave v3: listed live and in the sandbox (FIXTURES.protocolSlugs.lending). */
const PROTOCOL = 'aave-v3';
const CHAIN = 'Ethereum';
const DAY_SEC = 86_400;

/**
 * One cheap call per endpoint of DefiLlamaClient, labelled as the client labels them; the
 * overviews are asked in each form the tools ask them (kind, chain, dataType): dexs with and
 * without a chain (service_dex_volumes), open-interest (service_perps_open_interest), fees with
 * dailyFees and dailyRevenue with and without a chain (service_protocol_fees,
 * service_chain_revenue).
 */
export function defillamaProbes(client: DefiLlamaClient): ProviderProbe[] {
  const probe = probesOf('defillama');
  const overview = (kind: OverviewKind, chain?: string, dataType?: OverviewDataType) =>
    probe(`/overview/${kind}${chain ? '/{chain}' : ''}${dataType ? `?dataType=${dataType}` : ''}`, [kind, chain, dataType].filter(Boolean).join(', '), () =>
      client.overview(kind, { chain, dataType }),
    );
  const yesterday = Math.floor(Date.now() / 1000 / DAY_SEC) * DAY_SEC - DAY_SEC;
  return [
    probe('/v2/chains', 'every chain', () => client.chains()),
    probe('/v2/historicalChainTvl', 'all chains', () => client.historicalChainTvl()),
    probe('/v2/historicalChainTvl/{chain}', CHAIN, () => client.historicalChainTvl(CHAIN)),
    probe('/protocols', 'every protocol', () => client.protocols()),
    probe('/protocol/{slug}', PROTOCOL, () => client.protocol(PROTOCOL)),
    probe('/hacks', 'every hack', () => client.hacks()),
    probe('/stablecoins', 'every stablecoin, with prices', () => client.stablecoins()),
    probe('/stablecoinchains', 'every chain', () => client.stablecoinChains()),
    probe('/stablecoincharts/all', 'all chains', () => client.stablecoinCharts()),
    probe('/stablecoincharts/{chain}', CHAIN, () => client.stablecoinCharts(CHAIN)),
    probe('/pools', 'every pool', () => client.yieldPools()),
    overview('dexs'),
    overview('dexs', CHAIN),
    overview('open-interest'),
    overview('fees', undefined, 'dailyFees'),
    overview('fees', undefined, 'dailyRevenue'),
    overview('fees', CHAIN, 'dailyFees'),
    overview('fees', CHAIN, 'dailyRevenue'),
    probe('/prices/current/{coins}', 'USDC on Ethereum', () => client.pricesCurrent([USDC_KEY])),
    probe('/prices/historical/{timestamp}/{coins}', 'USDC on Ethereum, yesterday 00:00 UTC', () => client.pricesHistorical(yesterday, [USDC_KEY])),
  ];
}
