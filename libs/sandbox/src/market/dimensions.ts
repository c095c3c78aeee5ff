/**
 * Trading activity by day (DefiLlama's dimensions): a protocol's volume, fees, revenue and open
 * interest on a chain for one UTC day, drawn from its TVL that day, its turnover and fee rates.
 */
import { hashString, unit } from '../prng';
import { DAY_MS, DAY_S, type DailyDims, type DimensionKind, type Protocol } from './types';
import { protocolChainTvlAt } from './tvl';

// Local bindings: global lookups are slow inside VM contexts (jest), and these run in hot loops.
const exp = Math.exp;
const mround = Math.round;

const WORD_KEYS = {
  dims: hashString('dims'),
  oi: hashString('oi-long-share'),
};

/** Whether a protocol reports a dimension. */
export function inDimension(p: Protocol, kind: DimensionKind): boolean {
  if (kind === 'dexs') return p.category === 'Dexs';
  if (kind === 'open-interest') return p.category === 'Derivatives';
  return true;
}

/** Every metric of one protocol on one chain for UTC day d (integers). Zero before listing. */
export function dayDims(seed: number, p: Protocol, chain: string, d: number): DailyDims {
  const zero: DailyDims = { volume: 0, fees: 0, revenue: 0, holdersRevenue: 0, oi: 0, longOi: 0 };
  let out = zero;
  if ((d + 1) * DAY_S > p.listedAt && p.chainBase[chain] !== undefined) {
    const tvl = protocolChainTvlAt(seed, p, chain, (d + 0.5) * DAY_MS);
    const noise = exp(0.5 * (unit(seed, p.chainKey[chain] ^ WORD_KEYS.dims, d) - 0.5));
    const weekday = new Date(d * DAY_MS).getUTCDay();
    const weekFactor = weekday === 0 || weekday === 6 ? 0.8 : 1.05;
    const volume = mround(tvl * p.turnover * noise * weekFactor);
    let fees: number;
    switch (p.category) {
      case 'Dexs':
      case 'Derivatives':
      case 'Options':
      case 'Prediction Market':
        fees = mround(volume * p.feeRate);
        break;
      case 'Lending':
        fees = mround(((tvl * 0.045) / 365) * noise);
        break;
      case 'Liquid Staking':
        fees = mround(((tvl * 0.03) / 365) * noise);
        break;
      case 'CDP':
        fees = mround(((tvl * 0.055) / 365) * noise);
        break;
      default:
        fees = mround(((tvl * 0.09) / 365) * noise);
    }
    const revenue = mround(fees * p.revenueShare);
    const holdersRevenue = mround(revenue * p.holdersShare);
    const oi = p.oiFactor > 0 ? mround(tvl * p.oiFactor * exp(0.2 * (unit(seed, p.key ^ WORD_KEYS.oi, d) - 0.5))) : 0;
    const longOi = mround(oi * (0.42 + 0.16 * unit(seed, p.chainKey[chain] ^ WORD_KEYS.oi, d)));
    out = { volume, fees, revenue, holdersRevenue, oi, longOi };
  }
  return out;
}

/** The metric of a dataType from a day's dimensions. */
export function dimensionMetric(kind: DimensionKind, dataType: string, d: DailyDims): number {
  if (kind === 'dexs') return d.volume;
  if (kind === 'open-interest') {
    if (dataType === 'longOpenInterestAtEnd') return d.longOi;
    if (dataType === 'shortOpenInterestAtEnd') return d.oi - d.longOi;
    return d.oi;
  }
  switch (dataType) {
    case 'dailyRevenue':
      return d.revenue;
    case 'dailyHoldersRevenue':
      return d.holdersRevenue;
    case 'dailySupplySideRevenue':
      return d.fees - d.revenue;
    case 'dailyProtocolRevenue':
      return d.revenue - d.holdersRevenue;
    default:
      return d.fees;
  }
}
