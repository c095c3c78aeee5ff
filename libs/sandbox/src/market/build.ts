/**
 * The token universe: assets, tokens, protocols, stablecoins and yield pools (pools.ts), built once
 * per seed (a few ms). Identities (addresses, slugs, pool ids) come from the fixed universe seed,
 * every level (prices, TVL, supplies, APYs) from the market seed, so a seed moves numbers, never
 * names.
 */
import { base58Address, evmAddress, hash32, hashString, mulberry32, pick, round } from '../prng';
import {
  ASSET_SPECS,
  CHAINS,
  LAUNCHPAD_QUOTE_ASSETS,
  LAUNCHPAD_QUOTE_TOKENS,
  MEME_NAMES,
  PROTOCOL_SPECS,
  SPL_TOKEN_PROGRAM,
  STABLECOIN_SPECS,
  TOKEN_2022_PROGRAM,
  TOKEN_SPECS,
  type AssetSpec,
  type ProtocolCategory,
  type ProtocolSpec,
  type TokenSpec,
} from './universe';
import { DAY_MS, type Asset, type Protocol, type Stablecoin, type Token, type YieldPool } from './types';
import { buildPools } from './pools';
import { PEER_COINS, peerAssetSpec, peerTokenSpec } from './peer-coins';
import { LAUNCHPAD_QUOTES, launchpadAssetSpec, launchpadCoins, launchpadTokenSpec } from './launchpad-coins';

const mround = Math.round;

/** Seed of the fixed identities (addresses of synthetic tokens, pool ids). Not the market seed. */
const UNIVERSE_SEED = 0x5eed5eed;

const VENUES = ['Raydium CLMM', 'Orca Whirlpool', 'Meteora DLMM', 'Raydium', 'Pump.fun Amm', 'Meteora DAMM v2'];

/** Everything a market holds, in the order the seeds drew it. */
export interface Universe {
  assets: Asset[];
  tokens: Token[];
  protocols: Protocol[];
  stablecoins: Stablecoin[];
  pools: YieldPool[];
}

export function buildUniverse(seed: number): Universe {
  const rand = mulberry32(hash32(seed, hashString('attributes')));
  const uni = mulberry32(UNIVERSE_SEED);

  // Assets
  const assets = ASSET_SPECS.map((a) => makeAsset(a, rand));
  // Synthetic launchpad tokens (identities from the universe seed, prices from the market seed).
  const memeSpecs: TokenSpec[] = [];
  for (const [name, symbol] of MEME_NAMES) {
    const address = base58Address(uni, uni() < 0.6 ? 'pump' : '');
    const price = 10 ** (-5 + uni() * 3.5);
    const asset = makeAsset({ id: `MEME:${symbol}`, symbol, name, gecko: null, price, vol: 0.12 }, rand);
    assets.push(asset);
    memeSpecs.push({
      chain: 'Solana',
      address,
      symbol,
      name,
      decimals: 6,
      asset: asset.id,
      liquidity: mround(10 ** (4.3 + uni() * 2.2)),
      launchpad: 'pump.fun',
      circSupply: 999_990_000 - mround(uni() * 1e6),
      totalSupply: 999_990_000 + mround(uni() * 9000),
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(uni() * 500) * DAY_MS + Math.floor(uni() * DAY_MS)).toISOString(),
      tags: uni() < 0.3 ? ['community', 'birdeye-trending'] : ['pump'],
    });
  }
  // Special cases: a token nobody can price, a priced token with no route, an unpriced EVM token.
  const unpricedAsset = makeAsset({ id: 'NOPX', symbol: 'NOPX', name: 'No Price Token', gecko: null, price: 0, vol: 0, unpriced: true }, rand);
  const rugAsset = makeAsset({ id: 'RUGZ', symbol: 'RUGZ', name: 'Rugged Token', gecko: null, price: 0.0000031, vol: 0.2 }, rand);
  const unprEvmAsset = makeAsset({ id: 'UNPR', symbol: 'UNPR', name: 'Unpriced Base Token', gecko: null, price: 0, vol: 0, unpriced: true }, rand);
  assets.push(unpricedAsset, rugAsset, unprEvmAsset);
  const specials: TokenSpec[] = [
    {
      chain: 'Solana',
      address: base58Address(uni),
      symbol: 'NOPX',
      name: 'No Price Token',
      decimals: 6,
      asset: 'NOPX',
      liquidity: 0,
      tags: [],
      launchpad: 'pump.fun',
      createdAt: '2026-01-05T10:00:00.000Z',
    },
    {
      chain: 'Solana',
      address: base58Address(uni, 'pump'),
      symbol: 'RUGZ',
      name: 'Rugged Token',
      decimals: 6,
      asset: 'RUGZ',
      liquidity: 900,
      noRoute: true,
      sus: true,
      tags: ['pump'],
      launchpad: 'pump.fun',
      createdAt: '2025-09-14T03:12:00.000Z',
      tokenProgram: TOKEN_2022_PROGRAM,
    },
    { chain: 'Base', address: evmAddress(uni), symbol: 'UNPR', name: 'Unpriced Base Token', decimals: 18, asset: 'UNPR', liquidity: 0 },
  ];
  const assetById = new Map<string, Asset>();
  for (const a of assets) assetById.set(a.id, a);

  // Tokens
  const tokens = [...TOKEN_SPECS, ...memeSpecs, ...specials].map((t) => makeToken(t, assetById, rand, uni));

  // Protocols
  const protocols = PROTOCOL_SPECS.map((s, i) => makeProtocol(s, i, assets, tokens, assetById, rand));

  // Stablecoins
  const stablecoins: Stablecoin[] = STABLECOIN_SPECS.map((s) => {
    const scale = 0.8 + rand() * 0.4;
    const chainBase: Record<string, number> = {};
    const entries = Object.entries(s.chains)
      .map(([c, w]) => [c, w * (0.8 + rand() * 0.4)] as const)
      .sort((a, b) => b[1] - a[1]);
    const wsum = entries.reduce((a, [, w]) => a + w, 0);
    for (const [c, w] of entries) chainBase[c] = (s.supplyB * 1e9 * scale * w) / wsum;
    return {
      id: s.id,
      name: s.name,
      symbol: s.symbol,
      asset: assetById.get(s.asset)!,
      pegMechanism: s.pegMechanism,
      chains: entries.map(([c]) => c),
      chainBase,
      key: hashString(`stable:${s.id}`),
    };
  });

  // Yield pools (structure from the universe seed, levels from the market seed).
  const pools = buildPools(protocols, tokens, uni, rand);

  // The coins the peer names (peer-coins.ts), last and each on its own streams: they move nothing else.
  for (const coin of PEER_COINS) {
    const key = hashString(`peer:${coin.address}`);
    const asset = makeAsset(peerAssetSpec(coin), mulberry32(hash32(seed, key)));
    assetById.set(asset.id, asset);
    assets.push(asset);
    tokens.push(makeToken(peerTokenSpec(coin), assetById, mulberry32(hash32(seed, key, 1)), mulberry32(hash32(UNIVERSE_SEED, key))));
  }
  addLaunchpad(seed, assets, tokens, assetById);
  return { assets, tokens, protocols, stablecoins, pools };
}

/** The launchpad's quotes and coins (launchpad-coins.ts), after everything else and on their own streams. */
function addLaunchpad(seed: number, assets: Asset[], tokens: Token[], assetById: Map<string, Asset>): void {
  const push = (spec: TokenSpec, key: number) =>
    tokens.push(makeToken(spec, assetById, mulberry32(hash32(seed, key, 1)), mulberry32(hash32(UNIVERSE_SEED, key))));
  for (const a of LAUNCHPAD_QUOTE_ASSETS) {
    const asset = makeAsset(a, mulberry32(hash32(seed, hashString(`launchpad:asset:${a.id}`))));
    assetById.set(asset.id, asset);
    assets.push(asset);
  }
  for (const q of LAUNCHPAD_QUOTE_TOKENS) push(q, hashString(`launchpad:quote:${q.address}`));
  for (const coin of launchpadCoins(LAUNCHPAD_QUOTES)) {
    const rand = mulberry32(hash32(seed, coin.key));
    const spec = launchpadAssetSpec(coin, rand);
    const asset = makeAsset(spec, rand);
    assetById.set(asset.id, asset);
    assets.push(asset);
    push(launchpadTokenSpec(coin, spec, rand), coin.key);
    // The launchpad's creator is the coin's developer everywhere (Jupiter's audit, Solana Tracker).
    tokens[tokens.length - 1].dev = coin.creator;
  }
}

function makeProtocol(s: ProtocolSpec, i: number, assets: Asset[], tokens: Token[], assetById: ReadonlyMap<string, Asset>, rand: () => number): Protocol {
  const scale = 0.6 + rand();
  const total = s.tvlM * 1e6 * scale;
  const weights = Object.entries(s.chains).map(([c, w]) => [c, w * (0.75 + rand() * 0.5)] as const);
  const wsum = weights.reduce((a, [, w]) => a + w, 0);
  const sorted = [...weights].sort((a, b) => b[1] - a[1]);
  const chainBase: Record<string, number> = {};
  const chainKey: Record<string, number> = {};
  for (const [c, w] of sorted) {
    chainBase[c] = (total * w) / wsum;
    chainKey[c] = hashString(`tvl:${s.slug}:${c}`);
  }
  const audits = String(Math.floor(rand() * 4)) as Protocol['audits'];
  const govAsset = s.symbol ? assets.find((a) => a.symbol === s.symbol) : undefined;
  const govToken = govAsset ? tokens.find((t) => t.asset === govAsset) : undefined;
  const cat = s.category;
  const tokenMix: Protocol['tokenMix'] = {};
  for (const [c] of sorted) tokenMix[c] = makeTokenMix(c, cat, assetById, rand);
  const p: Protocol = {
    index: i,
    id: String(2000 + i * 37),
    name: s.name,
    slug: s.slug,
    category: cat,
    symbol: s.symbol ?? '-',
    geckoId: s.gecko ?? null,
    cmcId: s.cmcId ?? null,
    twitter: s.twitter ?? null,
    chains: sorted.map(([c]) => c),
    chainBase,
    nominal: Object.fromEntries(Object.entries(s.chains).map(([c, w]) => [c, (s.tvlM * 1e6 * w) / Object.values(s.chains).reduce((a, b) => a + b, 0)])),
    chainKey,
    listedAt: Math.floor(Date.parse(`${s.listed}T00:00:00Z`) / 1000) + Math.floor(rand() * 20) * 3600,
    audits,
    auditLinks: Array.from({ length: Number(audits) }, (_, k) => `https://github.com/${s.slug}/audits/blob/main/audit-${k + 1}.pdf`),
    url: `https://${s.slug.replace(/-/g, '')}.example`,
    logo: `https://icons.llama.fi/${s.slug}.png`,
    description: `${s.name} is a ${cat.toLowerCase()} protocol on ${sorted.map(([c]) => c).join(', ')}.`,
    methodology:
      cat === 'Dexs'
        ? 'Counts the tokens locked in AMM pools'
        : cat === 'Lending'
          ? 'Counts the tokens supplied, minus tokens borrowed'
          : 'Counts the value of the assets deposited in the protocol contracts',
    address: govToken ? (govToken.chain.name === 'Ethereum' ? govToken.address : `${govToken.chain.coinsPrefix}:${govToken.address}`) : null,
    forkedFrom: s.forkedFrom ?? [],
    oracles: s.oracles ?? [],
    tvlVol: 0.012 + rand() * 0.02,
    turnover: (s.turnover ?? 0) * (0.7 + rand() * 0.6),
    feeRate:
      cat === 'Dexs'
        ? 0.0005 + rand() * 0.0025
        : cat === 'Derivatives'
          ? 0.0002 + rand() * 0.0006
          : cat === 'Options'
            ? 0.01 + rand() * 0.02
            : cat === 'Prediction Market'
              ? 0.002 + rand() * 0.01
              : 0,
    revenueShare:
      cat === 'Dexs'
        ? rand() * 0.25
        : cat === 'Derivatives'
          ? 0.3 + rand() * 0.7
          : cat === 'CDP'
            ? 0.8 + rand() * 0.2
            : cat === 'Liquid Staking'
              ? 0.1
              : 0.1 + rand() * 0.3,
    holdersShare: rand() < 0.45 ? 0 : 0.2 + rand() * 0.8,
    oiFactor: (s.oiFactor ?? 0) * (0.8 + rand() * 0.4),
    mcapBase: s.symbol ? total * (0.3 + rand() * 2) : null,
    tokenMix,
    key: hashString(`protocol:${s.slug}`),
  };
  return p;
}

function makeAsset(a: AssetSpec, rand: () => number): Asset {
  const scale = a.peg !== undefined || a.ref ? 1 : 0.75 + rand() * 0.55;
  return {
    id: a.id,
    symbol: a.symbol,
    name: a.name,
    geckoId: a.gecko,
    base: a.price * scale,
    vol: a.vol,
    peg: a.peg ?? null,
    ref: a.ref ?? null,
    unpriced: a.unpriced ?? false,
    launch: a.launch ?? null,
    key: hashString(`asset:${a.id}`),
  };
}

function makeToken(t: TokenSpec, assetById: ReadonlyMap<string, Asset>, rand: () => number, uni: () => number): Token {
  const chain = CHAINS.find((c) => c.name === t.chain)!;
  const asset = assetById.get(t.asset)!;
  const isMeme = t.launchpad === 'pump.fun';
  const verified = t.verified ?? false;
  const mintAuthorityDisabled = !t.sus;
  const venue =
    t.symbol === 'SOL' || t.symbol === 'USDC' || t.symbol === 'USDT'
      ? 'Meteora DLMM'
      : isMeme
        ? uni() < 0.7
          ? 'Pump.fun Amm'
          : 'Raydium'
        : pick(uni, VENUES.slice(0, 3));
  const organicScore = verified ? round(85 + rand() * 14.9, 2) : t.sus ? round(rand() * 15, 2) : round(20 + rand() * 60, 2);
  const created = t.createdAt ?? new Date(Date.UTC(2021, 0, 1) + Math.floor(uni() * 1400) * DAY_MS).toISOString();
  return {
    chain,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    asset,
    coinsKey: `${chain.coinsPrefix}:${t.address}`,
    liquidityBase: t.liquidity * (t.liquidity > 0 ? 0.7 + rand() * 0.6 : 0),
    confidence: t.confidence ?? round(0.8 + rand() * 0.15, 2),
    noRoute: t.noRoute ?? false,
    verified,
    tags: t.tags ?? [],
    circSupply: t.circSupply ?? 1e9,
    totalSupply: t.totalSupply ?? 1e9,
    createdAt: created,
    launchpad: t.launchpad ?? null,
    sus: t.sus ?? false,
    logo: t.logo !== undefined ? t.logo : `https://static.sandbox.example/tokens/${t.symbol.toLowerCase()}.png`,
    tokenProgram: t.tokenProgram ?? SPL_TOKEN_PROGRAM,
    holderBase: mround(verified ? 2e5 + rand() * 3e6 : isMeme ? 800 + rand() * 40000 : 5000 + rand() * 2e5),
    organicScore,
    dev: chain.evm ? null : isMeme || t.sus ? base58Address(uni) : null,
    mintAuthority: mintAuthorityDisabled ? null : base58Address(uni),
    freezeAuthority: t.sus ? base58Address(uni) : null,
    topHoldersPercentage: round(verified ? 5 + rand() * 20 : t.sus ? 70 + rand() * 25 : 12 + rand() * 40, 2),
    devBalancePercentage: round(t.sus ? 20 + rand() * 30 : isMeme ? rand() * 4 : 0, 2),
    devMints: t.sus ? 7 : isMeme ? 1 + Math.floor(rand() * 3) : 1,
    firstPool: { id: base58Address(uni), createdAt: created },
    venue,
    ammKey: base58Address(uni),
    turnover: isMeme ? 0.5 + rand() * 3 : 0.05 + rand() * 0.4,
    twitter: verified || isMeme ? `https://x.com/${t.symbol.toLowerCase()}` : null,
    website: verified ? `https://${t.symbol.toLowerCase()}.example` : null,
    telegram: isMeme ? `https://t.me/${t.symbol.toLowerCase()}` : null,
    key: hashString(`token:${chain.name}:${t.address}`),
  };
}

function makeTokenMix(
  chain: string,
  cat: ProtocolCategory,
  assetById: ReadonlyMap<string, Asset>,
  rand: () => number,
): { symbol: string; asset: string; weight: number }[] {
  const native = CHAINS.find((c) => c.name === chain)?.nativeAsset ?? 'ETH';
  const nativeSym = assetById.get(native)?.symbol ?? native;
  const mix: { symbol: string; asset: string }[] =
    cat === 'Liquid Staking'
      ? [{ symbol: nativeSym, asset: native }]
      : cat === 'Basis Trading'
        ? [
            { symbol: 'USDT', asset: 'USDT' },
            { symbol: 'ETH', asset: 'ETH' },
            { symbol: 'BTC', asset: 'BTC' },
          ]
        : cat === 'Prediction Market'
          ? [{ symbol: 'USDC', asset: 'USDC' }]
          : [
              { symbol: 'USDC', asset: 'USDC' },
              { symbol: nativeSym, asset: native },
              { symbol: 'USDT', asset: 'USDT' },
            ];
  const weights = mix.map(() => 0.2 + rand());
  const sum = weights.reduce((a, b) => a + b, 0);
  return mix.map((m, i) => ({ ...m, weight: weights[i] / sum }));
}
