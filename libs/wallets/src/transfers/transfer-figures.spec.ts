import type { AssetTransfer } from '@scout/upstream';
import { batches, mergeTransfers, priceKey, toPrice, transferRow, transferSummary } from './transfer-figures';

const ME = '0x00000000000000000000000000000000000000aa';
const OTHER = '0x00000000000000000000000000000000000000bb';

const transfer = (id: string, block: number, over: Partial<AssetTransfer> = {}): AssetTransfer => ({
  chain: 'base',
  blockNumber: block,
  hash: `0xh${id}`,
  uniqueId: `0xh${id}:log:0`,
  category: 'erc20',
  from: ME,
  to: OTHER,
  asset: 'AAA',
  tokenAddress: '0xtoken',
  amount: 10,
  rawValue: '10',
  decimals: 0,
  tokenId: null,
  timestamp: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('mergeTransfers', () => {
  const sent = [transfer('a', 5), transfer('b', 3)];
  const received = [transfer('c', 4, { from: OTHER, to: ME }), transfer('d', 1, { from: OTHER, to: ME })];

  it('orders both directions by block, newest first or oldest first, cut to the limit', () => {
    expect(mergeTransfers(sent, received, 'desc', 3).map((t) => t.blockNumber)).toEqual([5, 4, 3]);
    expect(mergeTransfers([...sent].reverse(), [...received].reverse(), 'asc', 10).map((t) => t.blockNumber)).toEqual([1, 3, 4, 5]);
  });

  it('counts a transfer to itself once', () => {
    const self = transfer('s', 7, { to: ME });
    expect(mergeTransfers([self], [self], 'desc', 10)).toHaveLength(1);
  });
});

describe('transferRow', () => {
  const prices = new Map([
    ['address:0xtoken', 2],
    ['symbol:ETH', 3000],
  ]);

  it('is out with the recipient as counterparty when the wallet sent it, in with the sender otherwise', () => {
    expect(transferRow(ME, transfer('a', 1), prices)).toMatchObject({ direction: 'out', counterparty: OTHER, priceUsdNow: 2, usdNow: 20 });
    expect(transferRow(ME.toUpperCase().replace('0X', '0x'), transfer('b', 1, { from: OTHER, to: ME }), prices)).toMatchObject({
      direction: 'in',
      counterparty: OTHER,
    });
  });

  it('prices the native coin by ticker; an unpriced token or an NFT has usdNow null', () => {
    expect(transferRow(ME, transfer('n', 1, { category: 'external', tokenAddress: null, asset: 'ETH', amount: 0.5 }), prices).usdNow).toBe(1500);
    expect(transferRow(ME, transfer('u', 1, { tokenAddress: '0xother' }), prices)).toMatchObject({ priceUsdNow: null, usdNow: null });
    expect(transferRow(ME, transfer('nft', 1, { category: 'erc721', amount: null, tokenId: '0x1' }), prices)).toMatchObject({
      priceUsdNow: null,
      usdNow: null,
    });
  });
});

describe('transferSummary', () => {
  it('counts each way and sums the priced USD, null when a side has none priced', () => {
    const prices = new Map([['address:0xtoken', 2]]);
    const rows = [transfer('a', 1), transfer('b', 2, { tokenAddress: '0xother' }), transfer('c', 3, { from: OTHER, to: ME, tokenAddress: '0xother' })].map(
      (t) => transferRow(ME, t, prices),
    );
    expect(transferSummary(rows)).toEqual({ count: 3, in: 1, out: 2, usdInNow: null, usdOutNow: 20, unpriced: 2 });
  });
});

describe('pricing inputs', () => {
  it('asks for each fungible contract and native ticker once, never for an NFT', () => {
    const list = [
      transfer('a', 1, { tokenAddress: '0xABC' }),
      transfer('b', 1, { tokenAddress: '0xabc' }),
      transfer('c', 1, { tokenAddress: null, asset: 'eth', category: 'external' }),
      transfer('d', 1, { tokenAddress: '0xnft', amount: null, category: 'erc721' }),
    ];
    expect(toPrice(list)).toEqual({ addresses: ['0xabc'], symbols: ['ETH'] });
    expect(priceKey({ tokenAddress: null, asset: null })).toBeNull();
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
