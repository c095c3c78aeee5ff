import {
  airdropFigures,
  backingFigures,
  burnRows,
  burnTotals,
  claimableFees,
  launchPathLabel,
  listedBurns,
  payoutRows,
  rewardFigures,
} from './token-economics-figures';

const T = '2026-09-01T12:00:00.000Z';

describe('burn figures', () => {
  const totals = { symbol: 'CAT', amountRaw: '3000000000', amountTokens: 3000, valueUsdAtBurn: 150, burnCount: 2, lastBurnAt: T };

  it('passes the totals on with the average USD price at burn', () => {
    expect(burnTotals(totals)).toEqual({ ...totals, avgPriceUsdAtBurn: 0.05 });
  });

  it('has no average price without a USD value or without anything burned', () => {
    expect(burnTotals({ ...totals, valueUsdAtBurn: null }).avgPriceUsdAtBurn).toBeNull();
    expect(burnTotals({ ...totals, amountRaw: '0', amountTokens: 0, valueUsdAtBurn: 0, burnCount: 0 }).avgPriceUsdAtBurn).toBeNull();
  });

  it('adds the listed burns and says whether they are all of them', () => {
    const rows = burnRows([
      { signature: 'a', symbol: 'CAT', amountTokens: 1000, valueUsdAtBurn: 40, source: 'flywheel', burnedAt: T },
      { signature: 'b', symbol: 'CAT', amountTokens: 2000, valueUsdAtBurn: 110, source: 'flywheel', burnedAt: T },
    ]);
    expect(rows[0]).toEqual({ signature: 'a', amountTokens: 1000, valueUsdAtBurn: 40, source: 'flywheel', burnedAt: T });
    expect(listedBurns(rows, 2)).toEqual({ count: 2, amountTokens: 3000, valueUsdAtBurn: 150, complete: true });
    expect(listedBurns(rows.slice(0, 1), 2)).toEqual({ count: 1, amountTokens: 1000, valueUsdAtBurn: 40, complete: false });
  });

  it('a listed burn without USD makes the listed USD null, not a partial sum', () => {
    const rows = burnRows([
      { signature: 'a', symbol: null, amountTokens: 1, valueUsdAtBurn: null, source: 'flywheel', burnedAt: T },
      { signature: 'b', symbol: null, amountTokens: 1, valueUsdAtBurn: 5, source: 'flywheel', burnedAt: T },
    ]);
    expect(listedBurns(rows, 2).valueUsdAtBurn).toBeNull();
  });
});

describe('reward figures', () => {
  const rewards = {
    distributedRaw: '7500000',
    distributedTokens: 7.5,
    undistributedRaw: '2500000',
    undistributedTokens: 2.5,
    queuedRaw: '1500000',
    queuedTokens: 1.5,
    inFlightRaw: '1000000',
    inFlightTokens: 1,
    strandedRaw: '0',
    strandedTokens: 0,
    payoutCount: 12,
    holderCount: 340,
    lastPayoutAt: T,
  };

  it('turns the raw amounts into tokens by the decimals, with the accrued total and the share paid out', () => {
    expect(rewardFigures(rewards, 6)).toEqual({
      distributed: { raw: '7500000', tokens: 7.5 },
      undistributed: { raw: '2500000', tokens: 2.5 },
      queued: { raw: '1500000', tokens: 1.5 },
      inFlight: { raw: '1000000', tokens: 1 },
      stranded: { raw: '0', tokens: 0 },
      accrued: { raw: '10000000', tokens: 10 },
      distributedPct: 75,
      payoutCount: 12,
      holderCount: 340,
      lastPayoutAt: T,
    });
  });

  it('reads the raw amounts, not the rounded token figures, with other decimals', () => {
    expect(rewardFigures(rewards, 8)!.distributed).toEqual({ raw: '7500000', tokens: 0.075 });
  });

  it('nothing accrued has no share paid out; standard mode (rewards null) stays null', () => {
    const none = { ...rewards, distributedRaw: '0', undistributedRaw: '0' };
    expect(rewardFigures(none, 6)).toMatchObject({ accrued: { raw: '0', tokens: 0 }, distributedPct: null });
    expect(rewardFigures(null, 6)).toBeNull();
  });

  it('payout rows carry raw and tokens', () => {
    expect(payoutRows([{ signature: 's', amountRaw: '1250000', amountTokens: 1.25, holderCount: 9, paidAt: T }], 6)).toEqual([
      { signature: 's', amount: { raw: '1250000', tokens: 1.25 }, holderCount: 9, paidAt: T },
    ]);
  });
});

describe('airdrop figures', () => {
  const airdrop = {
    supplySharePct: 5,
    walletCount: 3,
    snapshotSource: 'holders of SPYX',
    recipients: [
      { wallet: 'w1', amountTokens: 100 },
      { wallet: 'w2', amountTokens: 50 },
      { wallet: 'w3', amountTokens: 25 },
    ],
  };

  it('lists up to the limit and says whether the list is whole', () => {
    expect(airdropFigures(airdrop, 2)).toEqual({
      supplySharePct: 5,
      walletCount: 3,
      snapshotSource: 'holders of SPYX',
      recipients: airdrop.recipients.slice(0, 2),
      recipientsComplete: false,
      listedTokens: 150,
    });
    expect(airdropFigures(airdrop, 100)).toMatchObject({ recipientsComplete: true, listedTokens: 175 });
  });

  it('no airdrop is null', () => {
    expect(airdropFigures(null, 25)).toBeNull();
  });
});

describe('claimable fees', () => {
  it('pairs raw and whole tokens for base and quote', () => {
    expect(claimableFees({ baseRaw: '2000000000', baseTokens: 2, quoteRaw: '500000', quoteTokens: 0.5, valueUsd: 12.3 })).toEqual({
      base: { raw: '2000000000', tokens: 2 },
      quote: { raw: '500000', tokens: 0.5 },
      valueUsd: 12.3,
    });
    expect(claimableFees(null)).toBeNull();
  });
});

describe('backing figures', () => {
  const backing = {
    mint: 'm',
    launchpad: 'pump' as const,
    quote: { mint: 'q', symbol: 'USDC', decimals: 6 },
    lockedRaw: '25000000000',
    lockedTokens: 25_000,
    lockedUsd: 25_000,
    _generatedAt: null,
  };

  it('locked tokens from raw and the share of the market cap backed', () => {
    expect(backingFigures(backing, 100_000)).toEqual({
      quote: backing.quote,
      locked: { raw: '25000000000', tokens: 25_000 },
      lockedUsd: 25_000,
      marketCapUsd: 100_000,
      backedPctOfMarketCap: 25,
    });
  });

  it('no market cap or no USD value leaves the share null', () => {
    expect(backingFigures(backing, null).backedPctOfMarketCap).toBeNull();
    expect(backingFigures({ ...backing, lockedUsd: null }, 100_000).backedPctOfMarketCap).toBeNull();
  });

  it('names each launch path', () => {
    expect(launchPathLabel('launchlab')).toContain('LaunchLab');
    expect(launchPathLabel('raydium')).toContain('Raydium pool');
    expect(launchPathLabel('other')).toBe('other');
  });
});
