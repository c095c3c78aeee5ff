import type { LlamaHack } from '@scout/upstream';
import { compact, containsText, hacksOf, resolveProtocol, resolvedTvl } from './protocol-match';
import { listedProtocol } from './test/llama-fixtures';

const protocols = [
  listedProtocol({ id: '1', name: 'Aave V3', slug: 'aave-v3', tvlUsd: 30e9, parentProtocol: 'parent#aave' }),
  listedProtocol({ id: '2', name: 'Aave V2', slug: 'aave-v2', tvlUsd: 1e9, parentProtocol: 'parent#aave' }),
  listedProtocol({ id: '3', name: 'Jupiter Perpetual Exchange', slug: 'jupiter-perpetual-exchange', tvlUsd: 2e9 }),
  listedProtocol({ id: '4', name: 'Jupiter Lend', slug: 'jupiter-lend', tvlUsd: 1e9 }),
  listedProtocol({ id: '5', name: 'Raydium AMM', slug: 'raydium-amm', tvlUsd: 2e9 }),
  listedProtocol({ id: '6', name: 'Compound V3', slug: 'compound-v3', tvlUsd: null }),
];

function hack(name: string, extra: Partial<LlamaHack> = {}): LlamaHack {
  return {
    date: 1,
    name,
    classification: null,
    technique: null,
    amountUsd: null,
    chains: [],
    bridgeHack: null,
    targetType: null,
    sourceUrl: null,
    returnedFundsUsd: null,
    defillamaId: null,
    parentProtocolId: null,
    language: null,
    ...extra,
  };
}

describe('resolveProtocol', () => {
  it('takes an exact slug or name first', () => {
    expect(resolveProtocol(protocols, 'aave-v3')).toMatchObject({ slug: 'aave-v3', isParent: false, members: [protocols[0]] });
    expect(resolveProtocol(protocols, 'Raydium AMM')).toMatchObject({ slug: 'raydium-amm', name: 'Raydium AMM' });
  });

  it('resolves a parent name to all its versions', () => {
    const aave = resolveProtocol(protocols, 'Aave');
    expect(aave).toMatchObject({ slug: 'aave', name: 'Aave', entry: null, isParent: true });
    expect(aave?.members.map((m) => m.name)).toEqual(['Aave V3', 'Aave V2']);
    expect(resolvedTvl(aave!)).toBe(31e9);
  });

  it('matches the same letters and digits', () => {
    expect(resolveProtocol(protocols, 'aave v2')?.slug).toBe('aave-v2');
    expect(resolveProtocol(protocols, 'AAVEV2')?.slug).toBe('aave-v2');
  });

  it('falls back to the largest protocol containing the query and lists the others', () => {
    expect(resolveProtocol(protocols, 'jupiter')).toMatchObject({ slug: 'jupiter-perpetual-exchange', otherMatches: ['Jupiter Lend'] });
    expect(resolveProtocol(protocols, 'raydium')).toMatchObject({ slug: 'raydium-amm', otherMatches: [] });
  });

  it('is null when nothing matches', () => {
    expect(resolveProtocol(protocols, 'nonexistent swap')).toBeNull();
    expect(resolveProtocol(protocols, '--')).toBeNull();
  });

  it('leaves the TVL of a protocol DefiLlama has no figure for unknown', () => {
    expect(resolvedTvl(resolveProtocol(protocols, 'compound-v3')!)).toBeNull();
  });
});

describe('hacksOf', () => {
  const hacks = [
    hack('Aave V2', { defillamaId: null }),
    hack('Aave Arc oracle', {}),
    hack('Some Lender', { defillamaId: '1' }),
    hack('Unrelated', { parentProtocolId: 'parent#aave' }),
    hack('Compounder Finance'),
    hack('Compound'),
    hack('Raydium'),
  ];

  it('matches by id, by parent id and by leading name words', () => {
    const aave = resolveProtocol(protocols, 'aave')!;
    expect(hacksOf(hacks, aave, 'parent#aave').map((h) => h.name)).toEqual(['Aave V2', 'Aave Arc oracle', 'Some Lender', 'Unrelated']);
  });

  it('keeps a version to its own record', () => {
    const v3 = resolveProtocol(protocols, 'aave-v3')!;
    expect(hacksOf(hacks, v3, null).map((h) => h.name)).toEqual(['Some Lender']);
  });

  it('does not take a longer word for the name', () => {
    const compound = resolveProtocol(protocols, 'compound-v3')!;
    expect(hacksOf(hacks, compound, null).map((h) => h.name)).toEqual([]);
    const raydium = resolveProtocol(protocols, 'raydium amm')!;
    expect(hacksOf(hacks, raydium, null).map((h) => h.name)).toEqual([]);
  });

  it('counts incidents named by what the user asked for', () => {
    const raydium = resolveProtocol(protocols, 'raydium')!;
    expect(raydium.slug).toBe('raydium-amm');
    expect(hacksOf(hacks, raydium, null).map((h) => h.name)).toEqual(['Raydium']);
    expect(hacksOf(hacks, resolveProtocol(protocols, 'compound')!, null).map((h) => h.name)).toEqual(['Compound']);
  });
});

describe('text helpers', () => {
  it('compacts to lower-case letters and digits', () => {
    expect(compact('Aave V3 (Arc)')).toBe('aavev3arc');
  });

  it('finds a query in any of the texts, ignoring case and nulls', () => {
    expect(containsText('uni', null, 'Uniswap V3')).toBe(true);
    expect(containsText('curve', 'Uniswap', null)).toBe(false);
  });
});
