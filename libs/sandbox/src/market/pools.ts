/**
 * The yield pools of the token universe: a few per protocol and chain, by category (lending markets,
 * DEX pairs, staking, savings and LP vaults), structure from the universe seed and levels from the
 * market seed. One outlier pool carries an absurd reward APY.
 */
import { hashString, pick, uuid } from '../prng';
import type { Protocol, Token, YieldPool } from './types';

export function buildPools(protocols: readonly Protocol[], tokens: readonly Token[], uni: () => number, rand: () => number): YieldPool[] {
  const pools: YieldPool[] = [];
  for (const p of protocols) {
    // Spec order (not the seeded TVL order) so that pool identities do not depend on the seed.
    for (const chain of Object.keys(p.nominal)) {
      const chainTokens = tokens.filter((t) => t.chain.name === chain && !t.asset.unpriced && !t.asset.id.startsWith('MEME:') && t.symbol !== 'RUGZ');
      const stables = chainTokens.filter((t) => t.asset.peg !== null && t.asset.peg >= 0.99);
      const volatile = chainTokens.filter((t) => t.asset.peg === null);
      const specs: { symbol: string; tokens: typeof chainTokens; exposure: 'single' | 'multi'; meta: string | null }[] = [];
      const n = p.nominal[chain] > 1e9 ? 4 : p.nominal[chain] > 1e8 ? 3 : 2;
      switch (p.category) {
        case 'Lending':
          for (const t of [...stables, ...volatile].slice(0, n)) specs.push({ symbol: t.symbol.toUpperCase(), tokens: [t], exposure: 'single', meta: null });
          break;
        case 'Dexs': {
          const pairs: [Token, Token][] = [];
          for (const v of volatile) for (const s of stables) pairs.push([v, s]);
          if (stables.length >= 2) pairs.push([stables[0], stables[1]]);
          for (let i = 1; i < volatile.length; i++) pairs.push([volatile[i], volatile[0]]);
          for (const [a, b] of pairs.slice(0, n))
            specs.push({
              symbol: `${a.symbol.toUpperCase()}-${b.symbol.toUpperCase()}`,
              tokens: [a, b],
              exposure: 'multi',
              meta: uni() < 0.5 ? `${pick(uni, ['0.05%', '0.3%', '0.01%', '1%'])}` : null,
            });
          break;
        }
        case 'Liquid Staking':
          specs.push({
            symbol: chain === 'Solana' ? 'JITOSOL' : chain === 'Ethereum' ? 'STETH' : chain === 'Hyperliquid L1' ? 'KHYPE' : 'APRMON',
            tokens: volatile.slice(0, 1),
            exposure: 'single',
            meta: null,
          });
          break;
        case 'CDP':
          specs.push({ symbol: stables[0]?.symbol.toUpperCase() ?? 'USDS', tokens: stables.slice(0, 1), exposure: 'single', meta: 'Savings rate' });
          break;
        case 'Basis Trading':
          specs.push({ symbol: 'SUSDE', tokens: stables.slice(0, 1), exposure: 'single', meta: '7 days unstaking' });
          break;
        case 'Derivatives':
          specs.push({
            symbol:
              p.slug === 'hyperliquid-perps'
                ? 'HLP'
                : p.slug === 'jupiter-perpetual-exchange'
                  ? 'JLP'
                  : ((stables[0] ?? volatile[0])?.symbol.toUpperCase() ?? 'USDC'),
            tokens: stables.length ? stables.slice(0, 1) : volatile.slice(0, 1),
            exposure: p.slug === 'jupiter-perpetual-exchange' ? 'multi' : 'single',
            meta: 'Liquidity provider vault',
          });
          break;
        case 'Options':
          specs.push({
            symbol: `${volatile[0]?.symbol.toUpperCase() ?? 'WETH'}`,
            tokens: volatile.slice(0, 1),
            exposure: 'single',
            meta: 'Covered call vault',
          });
          break;
        default:
          break;
      }
      if (specs.length === 0) continue;
      for (const sp of specs) if (sp.tokens.length === 0) sp.tokens = chainTokens.slice(0, 1);
      const shares = specs.map(() => 0.2 + uni());
      const sum = shares.reduce((a, b) => a + b, 0) / 0.9;
      specs.forEach((s, i) => {
        const stable = s.tokens.length > 0 && s.tokens.every((t) => t.asset.peg !== null);
        const isLending = p.category === 'Lending';
        const hasReward = uni() < 0.45;
        const rewardToken = tokens.find((t) => t.chain.name === chain && p.symbol !== '-' && t.symbol.toUpperCase() === p.symbol.toUpperCase());
        const young = uni() < 0.06;
        const pool: YieldPool = {
          pool: uuid(uni),
          protocol: p,
          chain,
          symbol: s.symbol,
          share: shares[i] / sum,
          exposure: s.exposure,
          stablecoin: stable,
          ilRisk: s.exposure === 'multi' && !stable ? 'yes' : 'no',
          apyBaseLevel: isLending ? (stable ? 3 + rand() * 6 : 0.3 + rand() * 2.5) : p.category === 'Dexs' ? 2 + rand() * 35 : 2.5 + rand() * 9,
          apyRewardLevel: hasReward ? 0.2 + rand() * 6 : null,
          rewardTokens: hasReward ? [rewardToken?.address ?? s.tokens[0]?.address ?? '0x0000000000000000000000000000000000000000'] : null,
          underlyingTokens: s.tokens.map((t) => t.address),
          poolMeta: s.meta,
          ageDays: young ? 8 + Math.floor(uni() * 20) : 60 + Math.floor(uni() * 1000),
          outlier: false,
          predictedProbability: 50 + Math.floor(rand() * 49),
          hasVolume: p.category === 'Dexs',
          key: hashString(`pool:${p.slug}:${chain}:${s.symbol}:${i}`),
        };
        pools.push(pool);
      });
    }
  }
  // One outlier pool with an absurd reward APY.
  const outlier = pools.find((x) => x.protocol.slug === 'meteora-dlmm') ?? pools[pools.length - 1];
  outlier.outlier = true;
  outlier.apyRewardLevel = 400 + rand() * 200;
  outlier.rewardTokens = outlier.rewardTokens ?? outlier.underlyingTokens;
  return pools;
}
