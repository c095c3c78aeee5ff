import type { Type } from '@nestjs/common';
import { inputSchemaOf, NotFoundError, parseToolInput } from '@scout/core';
import { DefiHacksInput, ProtocolFeesInput, ProtocolReportInput } from './defi-tools.dto';
import type { LlamaHack, LlamaProtocolDetail } from '@scout/upstream';
import { ProtocolToolsService } from './protocol-tools.service';
import { fakeLlama, listedProtocol, overviewOf, protocolRow, upstreamDown, upstreamNotFound, upstreamTimeout } from './test/llama-fixtures';

function input<T extends object>(dto: Type<T>, raw: object = {}): Promise<T> {
  return parseToolInput(dto, raw, 'body', inputSchemaOf(dto));
}

const DAY = 86_400;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function hack(name: string, date: string, extra: Partial<LlamaHack> = {}): LlamaHack {
  return {
    date: day(date),
    name,
    classification: 'Protocol Logic',
    technique: 'Flash loan',
    amountUsd: null,
    chains: ['Ethereum'],
    bridgeHack: false,
    targetType: 'DeFi Protocol',
    sourceUrl: null,
    returnedFundsUsd: null,
    defillamaId: null,
    parentProtocolId: null,
    language: 'Solidity',
    ...extra,
  };
}

const protocols = [
  listedProtocol({
    id: '1',
    name: 'Aave V3',
    slug: 'aave-v3',
    tvlUsd: 30e9,
    parentProtocol: 'parent#aave',
    chains: ['Ethereum', 'Base'],
    audits: 2,
    auditLinks: ['https://a/1'],
    category: 'Lending',
  }),
  listedProtocol({ id: '2', name: 'Aave V2', slug: 'aave-v2', tvlUsd: 1e9, parentProtocol: 'parent#aave', chains: ['Ethereum', 'Polygon'], audits: 2 }),
  listedProtocol({
    id: '3',
    name: 'Jupiter Perpetual Exchange',
    slug: 'jupiter-perpetual-exchange',
    tvlUsd: 2e9,
    change1dPct: 2.123,
    change7dPct: -4.5,
    chains: ['Solana'],
    audits: 0,
    category: 'Derivatives',
    url: 'https://jup.ag',
  }),
];

/** 31 daily points ending 2025-03-31: 100 at the start, 124 a week before the end, 120 the day before, 130 at the end. */
function series(): LlamaProtocolDetail['tvlSeries'] {
  const start = day('2025-03-01');
  return Array.from({ length: 31 }, (_, i) => ({ date: start + i * DAY, valueUsd: i === 30 ? 130 : i === 29 ? 120 : i === 23 ? 124 : 100 + i }));
}

function detail(extra: Partial<LlamaProtocolDetail>): LlamaProtocolDetail {
  return {
    id: 'x',
    name: 'X',
    slug: 'x',
    symbol: null,
    url: null,
    category: null,
    chains: [],
    tvlSeries: series(),
    currentChainTvlsUsd: {},
    audits: null,
    auditNote: null,
    auditLinks: [],
    isParentProtocol: false,
    otherProtocols: [],
    mcapUsd: null,
    ...extra,
  };
}

const hacks = [
  hack('Aave V2', '2023-11-04', { amountUsd: 5e6, defillamaId: '2' }),
  hack('Aave Arc', '2024-05-01', { amountUsd: null }),
  hack('Jupiter Perps oracle', '2024-02-01', { amountUsd: 1e6, chains: ['Solana'] }),
  hack('Euler', '2023-03-13', { amountUsd: 197e6 }),
  hack('Venus', '2022-05-12', { amountUsd: 11e6, chains: ['BSC'] }),
  hack('Radiant', '2024-10-16', { amountUsd: 50e6, chains: ['Arbitrum', 'BSC'] }),
  hack('HyperDrive', '2025-09-26', { amountUsd: 0.7e6, chains: ['Hyperliquid L1'], technique: 'Router exploit' }),
];

function setup() {
  const llama = fakeLlama();
  return { llama, tools: new ProtocolToolsService(llama) };
}

describe('service_protocol_report', () => {
  it('reports a parent protocol over all its versions with TVL changes, chains, audits and exploits', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue(protocols);
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockResolvedValue(detail({ id: 'parent#aave', name: 'Aave', slug: 'aave', isParentProtocol: true, chains: ['Ethereum', 'Avalanche'] }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'AAVE' }));
    expect(llama.protocol).toHaveBeenCalledWith('aave');
    expect(result).toEqual({
      data: {
        protocol: { name: 'Aave', slug: 'aave', category: null, url: null, isParent: true, versions: ['Aave V3', 'Aave V2'] },
        tvlUsd: 31e9,
        change1dPct: 8.33,
        change7dPct: 4.84,
        change30dPct: 30,
        chains: ['Ethereum', 'Base', 'Polygon', 'Avalanche'],
        audit: { audited: true, audits: 2, auditLinks: ['https://a/1'], note: null },
        exploits: [
          {
            date: iso(day('2024-05-01')),
            name: 'Aave Arc',
            amountLostUsd: null,
            returnedFundsUsd: null,
            classification: 'Protocol Logic',
            technique: 'Flash loan',
            targetType: 'DeFi Protocol',
            chains: ['Ethereum'],
            bridgeHack: false,
            source: null,
          },
          expect.objectContaining({ name: 'Aave V2', amountLostUsd: 5e6 }),
        ],
        exploitCount: 2,
        totalLostUsd: 5e6,
        otherMatches: [],
      },
      notes: undefined,
    });
  });

  it('takes 1-day and 7-day change from the protocol list and 30-day change from the history', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue(protocols);
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockResolvedValue(detail({ id: '3', name: 'Jupiter Perpetual Exchange', slug: 'jupiter-perpetual-exchange', chains: ['Solana'] }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'jupiter-perpetual-exchange' }));
    expect(result.data).toMatchObject({
      protocol: { name: 'Jupiter Perpetual Exchange', category: 'Derivatives', url: 'https://jup.ag', isParent: false, versions: [] },
      tvlUsd: 2e9,
      change1dPct: 2.12,
      change7dPct: -4.5,
      change30dPct: 30,
      chains: ['Solana'],
      audit: { audited: false, audits: 0, auditLinks: [] },
      exploits: [],
      exploitCount: 0,
      totalLostUsd: null,
    });
  });

  it('answers a name no protocol has as not found, without reading the history', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue(protocols);
    llama.hacks.mockResolvedValue(hacks);
    const failure = tools.protocolReport(await input(ProtocolReportInput, { protocol: 'nonexistent' }));
    await expect(failure).rejects.toBeInstanceOf(NotFoundError);
    await expect(failure).rejects.toMatchObject({ code: 'not_found', message: 'No DefiLlama protocol has the name or slug "nonexistent".' });
    expect(llama.protocol).not.toHaveBeenCalled();
  });

  it('leaves exploits null (not empty) when the exploit record fails', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue(protocols);
    llama.hacks.mockRejectedValue(upstreamTimeout());
    llama.protocol.mockResolvedValue(detail({ id: '3', name: 'Jupiter Perpetual Exchange', slug: 'jupiter-perpetual-exchange' }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'jupiter perpetual exchange' }));
    expect(result.data).toMatchObject({ tvlUsd: 2e9, exploits: null, exploitCount: null, totalLostUsd: null });
    expect(result.notes).toEqual(['DefiLlama /hacks did not answer (timeout): exploits left null.']);
  });

  it('leaves the 30-day change null when the history fails', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue(protocols);
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockRejectedValue(upstreamDown());
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'jupiter' }));
    expect(result.data).toMatchObject({ tvlUsd: 2e9, change1dPct: 2.12, change7dPct: -4.5, change30dPct: null, exploitCount: 1 });
    expect(result.notes).toEqual(['DefiLlama /protocol/{slug} did not answer (HTTP 503): the TVL history (change30dPct) left null.']);
  });

  it('answers from the protocol page when the list fails', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockRejectedValue(upstreamTimeout());
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockResolvedValue(detail({ id: '4', name: 'Euler', slug: 'euler', chains: ['Ethereum'], audits: 3 }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'Euler' }));
    expect(llama.protocol).toHaveBeenCalledWith('euler');
    expect(result.data).toMatchObject({
      protocol: { name: 'Euler', slug: 'euler', isParent: false },
      tvlUsd: 130,
      change1dPct: 8.33,
      change30dPct: 30,
      audit: { audited: true, audits: 3 },
      exploitCount: 1,
      totalLostUsd: 197e6,
    });
    expect(result.notes).toEqual([
      "DefiLlama /protocols did not answer (timeout): the name lookup (the name was read as a slug, without merging a parent protocol's versions); fields the protocol page does not give are left null.",
    ]);
  });

  it('answers chains null when neither the list nor the page gives them, and matches exploits by name without ids', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue([listedProtocol({ id: null, name: 'Euler', slug: 'euler', chains: null, tvlUsd: 5e8 })]);
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockResolvedValue(detail({ id: null, name: 'Euler', slug: 'euler', chains: null }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'euler' }));
    expect(result.data).toMatchObject({ protocol: { name: 'Euler', slug: 'euler' }, tvlUsd: 5e8, chains: null, exploitCount: 1, totalLostUsd: 197e6 });
  });

  it('takes the chains a source gives when another leaves them out', async () => {
    const { llama, tools } = setup();
    llama.protocols.mockResolvedValue([listedProtocol({ name: 'Euler', slug: 'euler', chains: null })]);
    llama.hacks.mockResolvedValue([]);
    llama.protocol.mockResolvedValue(detail({ name: 'Euler', slug: 'euler', chains: ['Ethereum', 'Base'] }));
    const result = await tools.protocolReport(await input(ProtocolReportInput, { protocol: 'euler' }));
    expect(result.data).toMatchObject({ chains: ['Ethereum', 'Base'] });
  });

  it('fails when the list fails and the page does not know the name', async () => {
    const { llama, tools } = setup();
    const first = upstreamTimeout();
    llama.protocols.mockRejectedValue(first);
    llama.hacks.mockResolvedValue(hacks);
    llama.protocol.mockRejectedValue(upstreamNotFound());
    await expect(tools.protocolReport(await input(ProtocolReportInput, { protocol: 'nonexistent' }))).rejects.toBe(first);
  });

  it('fails with the upstream error when every part fails', async () => {
    const { llama, tools } = setup();
    const first = upstreamDown();
    llama.protocols.mockRejectedValue(first);
    llama.hacks.mockRejectedValue(upstreamDown());
    llama.protocol.mockRejectedValue(upstreamDown());
    await expect(tools.protocolReport(await input(ProtocolReportInput, { protocol: 'aave' }))).rejects.toBe(first);
  });
});

describe('service_defi_hacks', () => {
  it('lists incidents newest first with amounts and methods, up to the limit', async () => {
    const { llama, tools } = setup();
    llama.hacks.mockResolvedValue(hacks);
    const result = await tools.defiHacks(await input(DefiHacksInput, { limit: 2 }));
    expect(result.data).toEqual({
      matched: 7,
      showing: 2,
      totalLostUsd: 264.7e6,
      hacks: [
        {
          date: iso(day('2025-09-26')),
          name: 'HyperDrive',
          amountLostUsd: 0.7e6,
          returnedFundsUsd: null,
          classification: 'Protocol Logic',
          technique: 'Router exploit',
          targetType: 'DeFi Protocol',
          chains: ['Hyperliquid L1'],
          bridgeHack: false,
          source: null,
        },
        expect.objectContaining({ name: 'Radiant' }),
      ],
    });
  });

  it('filters by name and by chain', async () => {
    const { llama, tools } = setup();
    llama.hacks.mockResolvedValue(hacks);
    const byName = await tools.defiHacks(await input(DefiHacksInput, { query: 'aave' }));
    expect(byName.data).toMatchObject({ matched: 2, totalLostUsd: 5e6 });
    expect(byName.data.hacks.map((h) => h.name)).toEqual(['Aave Arc', 'Aave V2']);
    const bsc = await tools.defiHacks(await input(DefiHacksInput, { chain: 'bsc' }));
    expect(bsc.data.hacks.map((h) => h.name)).toEqual(['Radiant', 'Venus']);
    const hyperliquid = await tools.defiHacks(await input(DefiHacksInput, { chain: 'hyperliquid', query: 'drive' }));
    expect(hyperliquid.data.hacks.map((h) => h.name)).toEqual(['HyperDrive']);
  });

  it('answers an empty list, with no total, when nothing matches', async () => {
    const { llama, tools } = setup();
    llama.hacks.mockResolvedValue(hacks);
    const result = await tools.defiHacks(await input(DefiHacksInput, { chain: 'brokerage' }));
    expect(result.data).toEqual({ matched: 0, showing: 0, totalLostUsd: null, hacks: [] });
  });

  it('fails with the upstream error when the record cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.hacks.mockRejectedValue(failure);
    await expect(tools.defiHacks(await input(DefiHacksInput))).rejects.toBe(failure);
  });
});

describe('service_protocol_fees', () => {
  const fees = overviewOf(
    [
      protocolRow({
        defillamaId: '10',
        name: 'Uniswap',
        slug: 'uniswap',
        category: 'Dexs',
        chains: ['Ethereum', 'Base'],
        total24h: 3e6,
        total7d: 20e6,
        total14dto7d: 16e6,
        total30d: 80e6,
      }),
      protocolRow({ defillamaId: '11', name: 'Tether', slug: 'tether', total24h: 20e6, total7d: 140e6, total14dto7d: 140e6, total30d: 600e6 }),
      protocolRow({ defillamaId: '12', name: 'Lido', slug: 'lido', total24h: 4e6, total7d: 28e6, total14dto7d: 35e6, total30d: 120e6 }),
      protocolRow({ defillamaId: '13', name: 'Uniswap Labs Interface', slug: 'uniswap-labs', total24h: 0.1e6, total7d: null, total30d: 3e6 }),
    ],
    { total24h: 27.1e6, total7d: 188e6, total14dto7d: 191e6, total30d: 803e6 },
  );
  const revenue = overviewOf(
    [
      protocolRow({
        defillamaId: '10',
        name: 'Uniswap',
        total24h: 0.3e6,
        total7d: 2e6,
        total14dto7d: 1e6,
        total30d: 8e6,
        breakdown24h: { ethereum: { 'Uniswap V3': 0.2e6, 'Uniswap V2': 0.05e6 }, base: { 'Uniswap V3': 0.05e6 } },
        breakdown30d: { ethereum: { 'Uniswap V3': 6e6 }, base: { 'Uniswap V3': 2e6 }, unichain: { 'Uniswap V4': null } },
      }),
      protocolRow({ defillamaId: '11', name: 'Tether', total24h: 20e6, total7d: 140e6, total14dto7d: 140e6, total30d: 600e6 }),
      protocolRow({ defillamaId: '12', name: 'Lido', total24h: 0.4e6, total7d: 2.8e6, total14dto7d: 3.5e6, total30d: 12e6 }),
    ],
    { total24h: 20.7e6, total7d: 144.8e6, total14dto7d: 144.5e6, total30d: 620e6 },
  );

  function answer(llama: ReturnType<typeof fakeLlama>, failFees: Error | null = null, failRevenue: Error | null = null) {
    llama.overview.mockImplementation(async (_kind, opts = {}) => {
      if (opts.dataType === 'dailyRevenue') {
        if (failRevenue) throw failRevenue;
        return revenue;
      }
      if (failFees) throw failFees;
      return fees;
    });
  }

  it('joins fees and revenue per protocol, ranked by 7-day fees, with fees kept, trends and revenue by chain', async () => {
    const { llama, tools } = setup();
    answer(llama);
    const result = await tools.protocolFees(await input(ProtocolFeesInput, { limit: 3 }));
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: undefined, dataType: 'dailyFees' });
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: undefined, dataType: 'dailyRevenue' });
    const data = result.data as Record<string, any>;
    expect(data).toMatchObject({ chain: null, sortBy: 'fees', matched: 4, showing: 3 });
    expect(data.totals).toEqual({
      fees: { usd24h: 27.1e6, usd7d: 188e6, usd30d: 803e6, weekOverWeekPct: -1.57, trend: 'flat' },
      revenue: { usd24h: 20.7e6, usd7d: 144.8e6, usd30d: 620e6, weekOverWeekPct: 0.21, trend: 'flat' },
      shareOfFeesKept30dPct: 77.21,
    });
    expect(data.protocols.map((p: { name: string }) => p.name)).toEqual(['Tether', 'Lido', 'Uniswap']);
    expect(data.protocols[2]).toEqual({
      name: 'Uniswap',
      displayName: null,
      slug: 'uniswap',
      category: 'Dexs',
      chains: ['Ethereum', 'Base'],
      fees: { usd24h: 3e6, usd7d: 20e6, usd30d: 80e6, weekOverWeekPct: 25, trend: 'up' },
      revenue: { usd24h: 0.3e6, usd7d: 2e6, usd30d: 8e6, weekOverWeekPct: 100, trend: 'up' },
      shareOfFeesKept30dPct: 10,
      revenueByChain: [
        { chain: 'ethereum', scoutChain: 'ethereum', usd24h: 0.25e6, usd30d: 6e6 },
        { chain: 'base', scoutChain: 'base', usd24h: 0.05e6, usd30d: 2e6 },
        { chain: 'unichain', scoutChain: null, usd24h: null, usd30d: null },
      ],
    });
    expect(data.protocols[1]).toMatchObject({ name: 'Lido', fees: { trend: 'down', weekOverWeekPct: -20 }, shareOfFeesKept30dPct: 10, revenueByChain: null });
    expect(result.notes).toBeUndefined();
  });

  it('ranks by 7-day revenue and filters by name on request', async () => {
    const { llama, tools } = setup();
    answer(llama);
    const byRevenue = await tools.protocolFees(await input(ProtocolFeesInput, { sortBy: 'revenue' }));
    expect((byRevenue.data as any).protocols.map((p: { name: string }) => p.name)).toEqual(['Tether', 'Lido', 'Uniswap', 'Uniswap Labs Interface']);
    const uni = await tools.protocolFees(await input(ProtocolFeesInput, { query: 'UNISWAP' }));
    expect(uni.data).toMatchObject({ matched: 2, showing: 2 });
    expect((uni.data as any).protocols[1]).toMatchObject({
      name: 'Uniswap Labs Interface',
      revenue: { usd24h: null, usd7d: null, usd30d: null, weekOverWeekPct: null, trend: null },
      shareOfFeesKept30dPct: null,
    });
  });

  it('reads one chain from the per-chain overviews', async () => {
    const { llama, tools } = setup();
    answer(llama);
    await tools.protocolFees(await input(ProtocolFeesInput, { chain: 'brokerage' }));
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: 'Robinhood Chain', dataType: 'dailyFees' });
    expect(llama.overview).toHaveBeenCalledWith('fees', { chain: 'Robinhood Chain', dataType: 'dailyRevenue' });
  });

  it('answers with fees alone when revenue fails, ranking by fees even when revenue was asked', async () => {
    const { llama, tools } = setup();
    answer(llama, null, upstreamTimeout());
    const result = await tools.protocolFees(await input(ProtocolFeesInput, { sortBy: 'revenue', limit: 1 }));
    const data = result.data as Record<string, any>;
    expect(data.sortBy).toBe('fees');
    expect(data.totals.revenue).toEqual({ usd24h: null, usd7d: null, usd30d: null, weekOverWeekPct: null, trend: null });
    expect(data.protocols[0]).toMatchObject({
      name: 'Tether',
      fees: { usd7d: 140e6 },
      revenue: { usd7d: null },
      shareOfFeesKept30dPct: null,
      revenueByChain: null,
    });
    expect(result.notes).toEqual([
      'DefiLlama /overview/fees?dataType=dailyRevenue did not answer (timeout): the revenue figures left null.',
      'Ranked by 7-day fees: revenue was not available.',
    ]);
  });

  it('answers with revenue alone when fees fail', async () => {
    const { llama, tools } = setup();
    answer(llama, upstreamDown(), null);
    const result = await tools.protocolFees(await input(ProtocolFeesInput));
    const data = result.data as Record<string, any>;
    expect(data).toMatchObject({ sortBy: 'revenue', matched: 3 });
    expect(data.protocols[0]).toMatchObject({ name: 'Tether', fees: { usd24h: null }, revenue: { usd24h: 20e6 } });
    expect(result.notes).toEqual([
      'DefiLlama /overview/fees?dataType=dailyFees did not answer (HTTP 503): the fees figures left null.',
      'Ranked by 7-day revenue: fees were not available.',
    ]);
  });

  it('says a chain DefiLlama does not list has no fees, without failing', async () => {
    const { llama, tools } = setup();
    llama.overview.mockRejectedValue(upstreamNotFound());
    const result = await tools.protocolFees(await input(ProtocolFeesInput, { chain: 'monad' }));
    expect(result.data).toMatchObject({ chain: 'monad', matched: 0, showing: 0, protocols: [] });
    expect(result.notes).toEqual([
      'DefiLlama lists no fees for Monad: the fees figures are null.',
      'DefiLlama lists no revenue for Monad: the revenue figures are null.',
    ]);
  });

  it('fails with the upstream error when both parts fail', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.overview.mockRejectedValue(failure);
    await expect(tools.protocolFees(await input(ProtocolFeesInput))).rejects.toBe(failure);
  });
});
