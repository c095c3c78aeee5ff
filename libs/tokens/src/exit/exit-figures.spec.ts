import type { QuoteResponse } from '@scout/upstream';
import { exitQuote, exitSizes, fromRaw, rawAmountForUsd, roundTrip } from './exit-figures';

const quote = (outAmount: string, priceImpactPct: string, labels: string[]): QuoteResponse => ({
  inputMint: 'A',
  inAmount: '1',
  outputMint: 'B',
  outAmount,
  otherAmountThreshold: String(Math.floor(Number(outAmount) * 0.99)),
  swapMode: 'ExactIn',
  slippageBps: 100,
  priceImpactPct,
  routePlan: labels.map((label, i) => ({
    swapInfo: { ammKey: `amm${i}`, label, inputMint: 'A', outputMint: 'B', inAmount: '1', outAmount: '1' },
    percent: 100,
  })),
});

describe('exit figures', () => {
  it('quotes the ladder steps below the size asked, then the size', () => {
    expect(exitSizes(10_000)).toEqual([100, 1_000, 10_000]);
    expect(exitSizes(50_000)).toEqual([100, 1_000, 10_000, 50_000]);
    expect(exitSizes(500)).toEqual([100, 500]);
    expect(exitSizes(10)).toEqual([10]);
  });

  it('turns USD into a raw amount exactly, past 2^53, and refuses nothing to sell', () => {
    expect(rawAmountForUsd(100, 2, 6)).toBe(50_000_000n);
    // $1M of a coin at 1e-9 with 9 decimals: 1e24 raw units, beyond a double's exact integers.
    expect(rawAmountForUsd(1_000_000, 1e-9, 9)).toBe(10n ** 24n);
    expect(rawAmountForUsd(10, 3, 0)).toBe(3n);
    expect(rawAmountForUsd(1, 1e6, 0)).toBeNull();
    expect(rawAmountForUsd(10, 0, 6)).toBeNull();
    expect(fromRaw(10n ** 24n, 9)).toBe(1e15);
    expect(fromRaw('1500000', 6)).toBe(1.5);
  });

  it('reads a quote: received, the tolerance floor, slippage against the price, impact in percent, venues once each', () => {
    const q = exitQuote(1_000, 500_000_000n, 6, quote('985000000', '0.0123', ['Raydium', 'Orca', 'Raydium']), 6);
    expect(q).toEqual({
      usd: 1_000,
      routable: true,
      amountRaw: '500000000',
      amount: 500,
      receivedUsd: 985,
      minReceivedUsd: 975.15,
      slippagePct: 1.5,
      priceImpactPct: 1.23,
      venues: ['Raydium', 'Orca'],
    });
  });

  it('a round trip loses the difference; without either leg it is not routable and says why', () => {
    expect(roundTrip(1_000, 20, 970.5, null)).toMatchObject({ routable: true, backUsd: 970.5, lossPct: 2.95 });
    expect(roundTrip(1_000, null, null, 'COULD_NOT_FIND_ANY_ROUTE')).toEqual({
      usd: 1_000,
      routable: false,
      tokensBought: null,
      backUsd: null,
      lossPct: null,
      reason: 'COULD_NOT_FIND_ANY_ROUTE',
    });
  });
});
