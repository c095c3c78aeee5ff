/** DefiLlama stand-in: yields.llama.fi, mounted at /defillama/yields (pools and pool charts). */
import { Router } from 'express';
import { DAY_MS, DAY_S, HISTORY_DAYS, type SandboxMarket, type YieldPool } from '../../market';
import { round } from '../../prng';
import { iso } from '../../util';
import { notFound } from './errors';

interface PoolDailyStats {
  apyBase7d: number | null;
  apyMean30d: number;
  mu: number;
  sigma: number;
  volumeUsd1d: number | null;
  volumeUsd7d: number | null;
}

function poolDailyStats(m: SandboxMarket, pool: YieldPool, today: number): PoolDailyStats {
  const samples: { apy: number; apyBase: number }[] = [];
  const n = Math.min(30, pool.ageDays);
  for (let i = 1; i <= n; i++) samples.push(m.poolState(pool, (today - i) * DAY_MS));
  const mean = samples.reduce((a, s) => a + s.apy, 0) / Math.max(1, samples.length);
  const variance = samples.reduce((a, s) => a + (s.apy - mean) ** 2, 0) / Math.max(1, samples.length);
  const base7 = samples.slice(0, 7);
  let vol1: number | null = null;
  let vol7: number | null = null;
  if (pool.hasVolume) {
    vol1 = 0;
    vol7 = 0;
    for (let i = 1; i <= 7; i++) {
      const v = Math.round(m.dailyDims(pool.protocol, pool.chain, today - i).volume * pool.share);
      if (i === 1) vol1 = v;
      vol7 += v;
    }
  }
  return {
    apyBase7d: base7.length < 7 ? null : round(base7.reduce((a, s) => a + s.apyBase, 0) / 7, 5),
    apyMean30d: round(mean, 5),
    mu: round(mean, 5),
    sigma: round(Math.sqrt(variance), 5),
    volumeUsd1d: vol1,
    volumeUsd7d: vol7,
  };
}

export function defillamaYieldsRouter(m: SandboxMarket): Router {
  const r = Router();
  const dailyCache = new Map<string, PoolDailyStats>();
  const daily = (pool: YieldPool, today: number) => {
    const k = `${pool.pool}|${today}`;
    let s = dailyCache.get(k);
    if (!s) {
      if (dailyCache.size > 5000) dailyCache.clear();
      s = poolDailyStats(m, pool, today);
      dailyCache.set(k, s);
    }
    return s;
  };

  r.get('/pools', (_req, res) => {
    const t = m.nowMs();
    const today = m.today(t);
    const data = m.pools
      .filter((pool) => pool.protocol.listedAt * 1000 <= t)
      .map((pool) => {
        const s = m.poolState(pool, t);
        const d1 = m.poolState(pool, t - DAY_MS);
        const d7 = m.poolState(pool, t - 7 * DAY_MS);
        const d30 = m.poolState(pool, t - 30 * DAY_MS);
        const ds = daily(pool, today);
        const apyPct30D = pool.ageDays < 30 ? null : round(s.apy - d30.apy, 5);
        const prob = pool.predictedProbability;
        return {
          chain: pool.chain,
          project: pool.protocol.slug,
          symbol: pool.symbol,
          tvlUsd: s.tvlUsd,
          apyBase: s.apyBase,
          apyReward: s.apyReward,
          apy: s.apy,
          rewardTokens: pool.rewardTokens ? [...pool.rewardTokens] : null,
          pool: pool.pool,
          apyPct1D: round(s.apy - d1.apy, 5),
          apyPct7D: pool.ageDays < 7 ? null : round(s.apy - d7.apy, 5),
          apyPct30D,
          stablecoin: pool.stablecoin,
          ilRisk: pool.ilRisk,
          exposure: pool.exposure,
          predictions: {
            predictedClass: (apyPct30D ?? 0) >= 0 ? 'Stable/Up' : 'Down',
            predictedProbability: prob,
            binnedConfidence: prob >= 80 ? 3 : prob >= 65 ? 2 : 1,
          },
          poolMeta: pool.poolMeta,
          mu: ds.mu,
          sigma: ds.sigma,
          count: pool.ageDays,
          outlier: pool.outlier,
          underlyingTokens: pool.underlyingTokens ? [...pool.underlyingTokens] : null,
          il7d: pool.ilRisk === 'yes' ? round(-Math.abs(s.apyBase - d7.apyBase) / 50, 5) : null,
          apyBase7d: ds.apyBase7d,
          apyMean30d: ds.apyMean30d,
          volumeUsd1d: ds.volumeUsd1d,
          volumeUsd7d: ds.volumeUsd7d,
          apyBaseInception: null,
        };
      });
    res.json({ status: 'success', data });
  });

  r.get('/chart/:pool', (req, res) => {
    const pool = m.pools.find((p) => p.pool === String(req.params.pool));
    const t = m.nowMs();
    if (!pool || pool.protocol.listedAt * 1000 > t) return notFound(res, 'Pool not found');
    const today = m.today(t);
    const first = Math.max(today - Math.min(pool.ageDays, HISTORY_DAYS - 1), Math.floor(pool.protocol.listedAt / DAY_S) + 1);
    const data: unknown[] = [];
    const point = (at: number, il: boolean) => {
      const s = m.poolState(pool, at);
      const prev = m.poolState(pool, at - 7 * DAY_MS);
      return {
        timestamp: iso(at),
        tvlUsd: s.tvlUsd,
        apy: s.apy,
        apyBase: s.apyBase,
        apyReward: s.apyReward,
        il7d: il ? round(-Math.abs(s.apyBase - prev.apyBase) / 50, 5) : null,
        apyBase7d: null,
      };
    };
    for (let d = first; d < today; d++) data.push(point(d * DAY_MS, pool.ilRisk === 'yes'));
    data.push(point(t, pool.ilRisk === 'yes'));
    res.json({ status: 'success', data });
  });
  return r;
}
