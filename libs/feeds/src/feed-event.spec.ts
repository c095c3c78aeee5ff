import type { FomoAlert } from '@scout/upstream';
import { eventTime, toFeedEvent } from './feed-event';
import { feedPredicate } from './tools/feed-filter';

const alert = (over: Partial<FomoAlert> = {}): FomoAlert => ({
  eventId: 'e1',
  type: 'buy',
  alertType: 'buy',
  userId: 'u1',
  tradeId: 't1',
  trader: 'Ann',
  token: 'MOO',
  tokenAddress: '0xAbCdEf0000000000000000000000000000000001',
  chain: 'base',
  chainId: 8453,
  usdValue: 5000,
  tradeUsd: 1200,
  text: 'Ann bought',
  ts: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('toFeedEvent', () => {
  it("splits FOMO's usdValue: a buy's is the position value, a sell's the realized PnL; the trade size stays apart", () => {
    expect(toFeedEvent(alert())).toMatchObject({ side: 'buy', positionUsd: 5000, realizedPnlUsd: null, tradeUsd: 1200 });
    expect(toFeedEvent(alert({ type: 'sell', alertType: 'sell', usdValue: -80 }))).toMatchObject({ side: 'sell', positionUsd: null, realizedPnlUsd: -80 });
  });

  it('lowercases EVM token addresses, keeps mints, maps the chain', () => {
    expect(toFeedEvent(alert())).toMatchObject({
      tokenAddress: '0xabcdef0000000000000000000000000000000001',
      chain: 'base',
      chainId: 8453,
      tokenSymbol: 'MOO',
    });
    expect(toFeedEvent(alert({ tokenAddress: 'So11111111111111111111111111111111111111112', chain: 'solana', chainId: '1399811149' }))).toMatchObject({
      tokenAddress: 'So11111111111111111111111111111111111111112',
      chain: 'solana',
      chainId: 1399811149,
    });
  });

  it('keeps only buys and sells with a token and a time', () => {
    expect(toFeedEvent(alert({ type: 'thesis', alertType: 'thesis' }))).toBeNull();
    expect(toFeedEvent(alert({ tokenAddress: null }))).toBeNull();
    expect(toFeedEvent(alert({ ts: 'soon' }))).toBeNull();
    expect(toFeedEvent(alert({ type: null, alertType: 'SELL' }))?.side).toBe('sell');
  });

  it('reads times as ISO, unix seconds or milliseconds', () => {
    expect(eventTime(1790910000)).toBe('2026-10-02T03:00:00.000Z');
    expect(eventTime('1790910000000')).toBe('2026-10-02T03:00:00.000Z');
    expect(eventTime(null)).toBeNull();
  });
});

describe('feedPredicate', () => {
  const e = toFeedEvent(alert())!;
  it.each([
    [{}, true],
    [{ side: 'buy' as const }, true],
    [{ side: 'sell' as const }, false],
    [{ chain: 'base' as const }, true],
    [{ chain: 'solana' as const }, false],
    [{ trader: '@ann' }, true],
    [{ trader: 'U1' }, true],
    [{ trader: 'bob' }, false],
    [{ token: '0xABCDEF0000000000000000000000000000000001' }, true],
    [{ token: '$moo' }, true],
    [{ token: 'cow' }, false],
    [{ minUsd: 1200 }, true],
    [{ minUsd: 1201 }, false],
  ])('%j matches: %s', (filter, expected) => {
    expect(feedPredicate(filter)(e)).toBe(expected);
  });

  it('an event without a known trade size does not pass minUsd', () => {
    expect(feedPredicate({ minUsd: 0 })({ ...e, tradeUsd: null })).toBe(false);
  });
});
