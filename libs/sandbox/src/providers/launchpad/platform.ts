/** The platform's figures at an instant: stats, revenue and rewards, each the sum of its coins'. */
import { GRADUATION_THRESHOLDS, LAUNCH_PATH_NAMES } from '../../market';
import { iso } from '../../util';
import { burnSignature, buybackSignature, payoutSignature, tokensOf, type Burn, type LaunchpadEconomics, type Payout } from './economics';
import { ABOUT_TO_GRADUATE, type LaunchpadWorld } from './world';

interface Ledger {
  burns: Burn[];
  payouts: Payout[];
  daily: { d: number; holders: number; protocol: number }[];
}

/** Every burn, payout and day at t, kept for a few instants. */
export class PlatformBook {
  private readonly memo = new Map<number, Ledger>();
  constructor(
    private readonly world: LaunchpadWorld,
    private readonly econ: LaunchpadEconomics,
  ) {}

  ledger(t: number): Ledger {
    const hit = this.memo.get(t);
    if (hit) return hit;
    const burns: Burn[] = [];
    const payouts: Payout[] = [];
    for (const c of this.world.launched(t)) {
      burns.push(...this.econ.burns(c, t));
      payouts.push(...this.econ.payouts(c, t));
    }
    const out = { burns, payouts, daily: this.econ.daily(t) };
    if (this.memo.size >= 4) this.memo.delete(this.memo.keys().next().value as number);
    this.memo.set(t, out);
    return out;
  }

  stats(t: number) {
    const states = this.world.states(t);
    const { burns, daily } = this.ledger(t);
    const holders = daily.reduce((a, r) => a + r.holders, 0);
    const protocol = daily.reduce((a, r) => a + r.protocol, 0);
    const burned = burns.reduce((a, b) => a + b.cents, 0);
    let mcap = 0;
    let volume = 0;
    for (const s of states) {
      mcap += s.marketCap ?? 0;
      volume += s.volume24h;
    }
    return {
      totals: {
        tokens: states.length,
        graduated: states.filter((s) => s.status === 'graduated').length,
        aboutToGraduate: states.filter((s) => s.status === 'bonding' && s.graduationProgress >= ABOUT_TO_GRADUATE).length,
        rewardLaunches: states.filter((s) => s.coin.mode === 'reward').length,
        totalMarketCapUsd: Math.round(mcap * 100) / 100,
        volume24hUsd: Math.round(volume * 100) / 100,
      },
      revenue: { totalUsd: (holders + protocol) / 100, holdersUsd: holders / 100, protocolUsd: protocol / 100, buybackUsd: burned / 100 },
      burns: { totalUsd: burned / 100, burnCount: burns.length },
      config: {
        graduationThresholds: { ...GRADUATION_THRESHOLDS },
        launchPaths: Object.fromEntries(LAUNCH_PATH_NAMES.map((p) => [p, true])),
      },
      _generatedAt: iso(t),
    };
  }

  revenue(t: number, limit: number, history: boolean) {
    const { burns, daily } = this.ledger(t);
    const holders = daily.reduce((a, r) => a + r.holders, 0);
    const protocol = daily.reduce((a, r) => a + r.protocol, 0);
    const burned = burns.reduce((a, b) => a + b.cents, 0);
    const events = burns
      .flatMap((b) => [
        { b, kind: 'buyback' as const, at: b.buybackAt },
        { b, kind: 'burn' as const, at: b.burnedAt },
      ])
      .sort((x, y) => y.at - x.at || (x.kind === 'burn' ? -1 : 1))
      .slice(0, limit)
      .map(({ b, kind, at }) => ({
        signature: kind === 'burn' ? burnSignature(b) : buybackSignature(b),
        kind,
        mint: b.coin.mint,
        valueUsd: b.cents / 100,
        at: iso(at),
      }));
    return {
      revenue: { totalUsd: (holders + protocol) / 100, holdersUsd: holders / 100, protocolUsd: protocol / 100 },
      buybacks: { totalUsd: burned / 100, count: burns.length },
      burnsBySource: { flywheel: { valueUsd: burned / 100, count: burns.length } },
      recent: events,
      daily: history
        ? daily.map((r) => ({
            day: iso(r.d * 86_400_000).slice(0, 10),
            dailyRevenue: (r.holders + r.protocol) / 100,
            dailyHoldersRevenue: r.holders / 100,
            dailyProtocolRevenue: r.protocol / 100,
          }))
        : null,
      _generatedAt: iso(t),
    };
  }

  rewards(t: number, limit: number) {
    const { payouts } = this.ledger(t);
    const coins = this.world
      .launched(t)
      .filter((c) => c.mode === 'reward')
      .map((c) => {
        const q = this.world.quote(c.quoteMint)!;
        const own = payouts.filter((p) => p.coin === c);
        const raw = own.reduce((a, p) => a + p.raw, 0n);
        const cents = own.reduce((a, p) => a + p.cents, 0);
        return {
          mint: c.mint,
          symbol: c.symbol,
          quote: { mint: q.mint, symbol: q.symbol, decimals: q.decimals },
          distributedRaw: raw.toString(),
          distributedTokens: tokensOf(raw, q.decimals),
          distributedUsd: cents / 100,
          payoutCount: own.length,
          lastPayoutAt: own.length ? iso(own[own.length - 1].paidAt) : null,
        };
      })
      .sort((a, b) => (b.distributedUsd ?? 0) - (a.distributedUsd ?? 0));
    const recent = [...payouts]
      .sort((a, b) => b.paidAt - a.paidAt)
      .slice(0, limit)
      .map((p) => ({
        signature: payoutSignature(p),
        mint: p.coin.mint,
        amountTokens: tokensOf(p.raw, this.world.quote(p.coin.quoteMint)!.decimals),
        valueUsd: p.cents / 100,
        holderCount: this.world.market.holderCount(this.world.token(p.coin.mint), p.paidAt),
        paidAt: iso(p.paidAt),
      }));
    return { coins, recent, _generatedAt: iso(t) };
  }
}
