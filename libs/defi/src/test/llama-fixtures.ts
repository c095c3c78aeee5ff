import type { DefiLlamaClient, LlamaOverview, LlamaProtocol, OverviewProtocol, OverviewTotals } from '@scout/upstream';
import { UpstreamError } from '@scout/upstream';

const EMPTY_TOTALS: OverviewTotals = {
  total24h: null,
  total48hto24h: null,
  total7d: null,
  total14dto7d: null,
  total30d: null,
  total60dto30d: null,
  total1y: null,
  totalAllTime: null,
  total7DaysAgo: null,
  total30DaysAgo: null,
  change1dPct: null,
  change7dPct: null,
  change1mPct: null,
  change7dOver7dPct: null,
  change30dOver30dPct: null,
  breakdown24h: null,
  breakdown30d: null,
};

/** An overview row with every figure unknown unless given. */
export function protocolRow(row: Partial<OverviewProtocol>): OverviewProtocol {
  return {
    ...EMPTY_TOTALS,
    defillamaId: null,
    name: 'Protocol',
    displayName: null,
    slug: null,
    category: null,
    protocolType: null,
    parentProtocol: null,
    chains: [],
    ...row,
  };
}

export function overviewOf(protocols: OverviewProtocol[], totals: Partial<OverviewTotals> = {}, chain: string | null = null): LlamaOverview {
  return { ...EMPTY_TOTALS, ...totals, chain, allChains: [], protocols };
}

export function listedProtocol(p: Partial<LlamaProtocol> & { name: string }): LlamaProtocol {
  return {
    id: p.name,
    slug: p.name.toLowerCase().replace(/ /g, '-'),
    symbol: null,
    url: null,
    category: null,
    chains: [],
    tvlUsd: null,
    chainTvlsUsd: {},
    change1hPct: null,
    change1dPct: null,
    change7dPct: null,
    audits: null,
    auditNote: null,
    auditLinks: [],
    parentProtocol: null,
    listedAt: null,
    mcapUsd: null,
    ...p,
  };
}

export type FakeLlama = jest.Mocked<
  Pick<
    DefiLlamaClient,
    | 'chains'
    | 'historicalChainTvl'
    | 'protocols'
    | 'protocol'
    | 'hacks'
    | 'stablecoins'
    | 'stablecoinChains'
    | 'stablecoinCharts'
    | 'yieldPools'
    | 'overview'
    | 'pricesCurrent'
    | 'pricesHistorical'
  >
>;

/** A DefiLlama client whose every method fails until a test gives it an answer. */
export function fakeLlama(): FakeLlama & DefiLlamaClient {
  const unanswered = () => jest.fn().mockRejectedValue(new Error('this test did not expect the call'));
  return {
    chains: unanswered(),
    historicalChainTvl: unanswered(),
    protocols: unanswered(),
    protocol: unanswered(),
    hacks: unanswered(),
    stablecoins: unanswered(),
    stablecoinChains: unanswered(),
    stablecoinCharts: unanswered(),
    yieldPools: unanswered(),
    overview: unanswered(),
    pricesCurrent: unanswered(),
    pricesHistorical: unanswered(),
  } as unknown as FakeLlama & DefiLlamaClient;
}

export const upstreamTimeout = () => new UpstreamError('defillama', 'timeout', 'no answer within 5000 ms');
export const upstreamNotFound = () => new UpstreamError('defillama', 'http', 'HTTP 404', 404);
export const upstreamDown = () => new UpstreamError('defillama', 'http', 'HTTP 503', 503);
