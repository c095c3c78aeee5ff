import { EARLIEST_PRICE_SEC, parseMoment, toLlamaCoinKey } from './coin-key';

describe('toLlamaCoinKey', () => {
  it('maps Scout chains to DefiLlama coin prefixes', () => {
    expect(toLlamaCoinKey('solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263')).toEqual({
      ok: true,
      key: 'solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    });
    expect(toLlamaCoinKey('brokerage:0xabc')).toEqual({ ok: true, key: 'robinhood:0xabc' });
    expect(toLlamaCoinKey('hyperliquid:0xabc')).toEqual({ ok: true, key: 'hyperliquid:0xabc' });
    expect(toLlamaCoinKey('Ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7')).toEqual({
      ok: true,
      key: 'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
  });

  it('passes aggregator ids through', () => {
    expect(toLlamaCoinKey('coingecko:bitcoin')).toEqual({ ok: true, key: 'coingecko:bitcoin' });
    expect(toLlamaCoinKey(' coingecko:usd-coin ')).toEqual({ ok: true, key: 'coingecko:usd-coin' });
  });

  it('refuses unknown prefixes, naming the item and the prefix', () => {
    const result = toLlamaCoinKey('robinhood:0xabc');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(
      '"robinhood:0xabc" has an unknown prefix "robinhood": use a chain (solana, ethereum, base, bsc, monad, hyperliquid, brokerage) or coingecko',
    );
    expect(toLlamaCoinKey('arbitrum:0xabc').ok).toBe(false);
  });

  it('refuses items that are not prefix:id', () => {
    expect(toLlamaCoinKey('bitcoin')).toEqual({ ok: false, message: '"bitcoin" is not <chain>:<address> or <aggregator>:<id>' });
    expect(toLlamaCoinKey(':abc').ok).toBe(false);
    expect(toLlamaCoinKey('solana:').ok).toBe(false);
    expect(toLlamaCoinKey('solana:ab c').ok).toBe(false);
  });
});

describe('parseMoment', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('reads unix seconds', () => {
    expect(parseMoment('1700000000', now)).toEqual({ ok: true, unixSeconds: 1700000000 });
  });

  it('reads ISO 8601 dates and date-times, UTC unless an offset is given', () => {
    expect(parseMoment('2024-01-15', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T00:00:00Z') / 1000 });
    expect(parseMoment('2024-01-15T10:30:00Z', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T10:30:00Z') / 1000 });
    expect(parseMoment('2024-01-15T10:30', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T10:30:00Z') / 1000 });
    expect(parseMoment('2024-01-15 10:30:00.250z', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T10:30:00Z') / 1000 });
    expect(parseMoment('2024-01-15T10:30:00+02:00', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T08:30:00Z') / 1000 });
    expect(parseMoment('2024-01-15T10:30:00-0500', now)).toEqual({ ok: true, unixSeconds: Date.parse('2024-01-15T15:30:00Z') / 1000 });
  });

  it('refuses text that is neither, and dates that do not exist', () => {
    expect(parseMoment('yesterday', now)).toEqual({ ok: false, message: '"yesterday" is neither an ISO 8601 timestamp nor unix seconds' });
    expect(parseMoment('2024-02-30', now)).toEqual({ ok: false, message: '"2024-02-30" is not a real date and time' });
    expect(parseMoment('2024-01-15T24:10', now).ok).toBe(false);
    expect(parseMoment('15/01/2024', now).ok).toBe(false);
  });

  it('refuses the future, milliseconds, and moments before any price', () => {
    expect(parseMoment('2025-06-01T12:00:01Z', now)).toEqual({
      ok: false,
      message: '"2025-06-01T12:00:01Z" is in the future; omit at for the current price',
    });
    expect(parseMoment(String(now / 1000 + 1), now).ok).toBe(false);
    expect(parseMoment(String(now / 1000), now)).toEqual({ ok: true, unixSeconds: now / 1000 });
    expect(parseMoment('1700000000000', now)).toEqual({ ok: false, message: '"1700000000000" looks like milliseconds; give unix seconds' });
    expect(parseMoment(String(EARLIEST_PRICE_SEC - 1), now).ok).toBe(false);
    expect(parseMoment(String(EARLIEST_PRICE_SEC), now)).toEqual({ ok: true, unixSeconds: EARLIEST_PRICE_SEC });
  });
});
