import { priceMet } from './alert-evaluator';
import { emailOf } from './alert-deliverer';
import type { FiringPayload } from '../alert.types';

describe('priceMet', () => {
  it('price_above fires at or above the target, price_below at or below', () => {
    expect(priceMet({ kind: 'price_above', priceUsd: 1 }, 1.01)).toBe(true);
    expect(priceMet({ kind: 'price_above', priceUsd: 1 }, 1)).toBe(true);
    expect(priceMet({ kind: 'price_above', priceUsd: 1 }, 0.99)).toBe(false);
    expect(priceMet({ kind: 'price_below', priceUsd: 1 }, 0.99)).toBe(true);
    expect(priceMet({ kind: 'price_below', priceUsd: 1 }, 1)).toBe(true);
    expect(priceMet({ kind: 'price_below', priceUsd: 1 }, 1.01)).toBe(false);
    expect(priceMet({ kind: 'smart_money_buy', priceUsd: null }, 5)).toBe(false);
  });
});

describe('emailOf', () => {
  const payload = (trigger: FiringPayload['data']['trigger'], kind: FiringPayload['data']['kind']): FiringPayload => ({
    type: 'alert.fired',
    timestamp: '2026-01-02T03:04:05.000Z',
    data: {
      alertId: 'a-1',
      kind,
      token: { address: 'Mint111', chain: 'solana' },
      priceUsd: kind === 'smart_money_buy' ? null : 2,
      minTraders: kind === 'smart_money_buy' ? 3 : null,
      note: 'check it',
      createdAt: '2026-01-01T00:00:00.000Z',
      trigger,
    },
  });

  it('says what fired, with the note and the payload', () => {
    const price = emailOf(payload({ priceUsd: 2.5, source: 'dexscreener' }, 'price_above'));
    expect(price.subject).toBe('Scout alert: price above on Mint111');
    expect(price.text).toContain('Mint111 (solana) rose to $2.5 (target $2)');
    expect(price.text).toContain('Note: check it');
    expect(price.text).toContain('"alertId": "a-1"');
    const smart = emailOf(payload({ traders: 4, userIds: ['u1', 'u2', 'u3', 'u4'], firstBuyAt: 'x', lastBuyAt: 'y' }, 'smart_money_buy'));
    expect(smart.text).toContain('was bought by 4 tracked traders (at least 3 asked)');
  });
});
