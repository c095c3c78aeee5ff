import type { FomoComment, FomoSpotlight, FomoSwap, FomoThesis, FomoTokenDev, FomoTokenRef, FomoTopToken, FomoTrade } from '@scout/upstream';
import type { PositionThesis, SpotlightTrade, SwapToken, TradeComment, TraderSpotlight, TraderThesis, TraderTokenRef, TraderTopToken } from './fomo-views';

/** True only when A and B are the same type (each field's presence, optionality and type). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/*
 * Compile-time checks: each interface is exactly the output of its zod schema in @scout/upstream.
 * A schema change that the interface does not follow fails type checking here (tsc, ts-jest).
 */
const mirrors = {
  tokenRef: true satisfies Same<TraderTokenRef, FomoTokenRef>,
  topToken: true satisfies Same<TraderTopToken, FomoTopToken>,
  swapTokenIn: true satisfies Same<SwapToken, FomoSwap['tokenIn']>,
  swapTokenOut: true satisfies Same<SwapToken, FomoSwap['tokenOut']>,
  positionThesis: true satisfies Same<PositionThesis, NonNullable<FomoTrade['thesis']>>,
  devThesis: true satisfies Same<PositionThesis, NonNullable<FomoTokenDev['thesis']>>,
  thesis: true satisfies Same<TraderThesis, FomoThesis>,
  spotlightTrade: true satisfies Same<SpotlightTrade, FomoSpotlight['bestTrades'][number]>,
  spotlight: true satisfies Same<TraderSpotlight, FomoSpotlight>,
  comment: true satisfies Same<TradeComment, FomoComment>,
};

describe('FOMO views', () => {
  it('mirror the outputs of the FOMO zod schemas', () => {
    expect(Object.values(mirrors).every(Boolean)).toBe(true);
  });
});
