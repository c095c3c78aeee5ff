import { startTokensApp, type Json, type TokensApp } from '../tokens/support';
import { evmTrader, NOBODY_EVM, sandboxPrice, sandboxTransfers, type TrackedWallets } from './support';

const TOOL = 'service_wallet_transfers';

/**
 * service_wallet_transfers end to end against the sandbox's node: a tracked trader's wallet moves
 * the tokens of their FOMO fills (funding in, swaps, sweeps out); both directions come back merged
 * in block order, each valued at today's price; bad input 400 (a Solana wallet naming
 * service_wallet_pnl), the node down 502, both uncharged; prices down is an answer with a note.
 */
describe('service_wallet_transfers (end to end against the sandbox)', () => {
  let app: TokensApp;
  let trader: TrackedWallets;

  beforeAll(async () => {
    app = await startTokensApp('wallet-transfers');
    trader = evmTrader(app);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  /** Both directions as the sandbox serves them, `hash|direction|asset` keyed, with each one's block. */
  const both = async (chain: TrackedWallets['evmChains'][number], order: 'asc' | 'desc') => {
    const [sent, received] = await Promise.all([
      sandboxTransfers(app, chain, 'fromAddress', trader.evm, { order }),
      sandboxTransfers(app, chain, 'toAddress', trader.evm, { order }),
    ]);
    const rows = [...sent.map((t: Json) => ({ t, direction: 'out' })), ...received.map((t: Json) => ({ t, direction: 'in' }))];
    return new Map(rows.map(({ t, direction }) => [`${t.hash}|${direction}|${t.asset}`, { block: parseInt(t.blockNum, 16), t }]));
  };

  it('merges sent and received newest first, cut to limit, each as the sandbox serves it, valued at today’s price, charged 500', async () => {
    const chain = trader.evmChains[0];
    const served = await both(chain, 'desc');
    expect(served.size).toBeGreaterThan(10);
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm, chain, limit: 10 });
    await app.expectCharged(TOOL, res, before);
    const d = res.body.data;
    expect(d).toMatchObject({ wallet: trader.evm, chain, order: 'desc', categories: ['external', 'erc20'] });
    expect(d.transfers).toHaveLength(10);
    const blocks = d.transfers.map((r: Json) => r.block);
    expect([...blocks].sort((a, b) => b - a)).toEqual(blocks);
    // The ten newest: none older than the tenth newest the sandbox lists.
    const tenth = [...served.values()].map((s) => s.block).sort((a, b) => b - a)[9];
    for (const r of d.transfers) {
      const s = served.get(`${r.hash}|${r.direction}|${r.asset}`);
      expect(s).toBeDefined();
      expect(r.block).toBeGreaterThanOrEqual(tenth);
      expect(r).toMatchObject({ time: s!.t.metadata.blockTimestamp, asset: s!.t.asset, tokenAddress: s!.t.rawContract.address, category: s!.t.category });
      expect(r.amount).toBeCloseTo(s!.t.value, 6);
      expect(r.counterparty).toBe(r.direction === 'out' ? s!.t.to : s!.t.from);
    }
    const token = d.transfers.find((r: Json) => r.tokenAddress !== null && r.priceUsdNow !== null);
    expect(token).toBeDefined();
    expect(token.priceUsdNow).toBe(await sandboxPrice(app, chain, token.tokenAddress));
    expect(token.usdNow).toBeCloseTo(token.amount * token.priceUsdNow, 6);
    expect(d.summary).toMatchObject({ count: 10, in: d.transfers.filter((r: Json) => r.direction === 'in').length });
  });

  it('asc starts with how the wallet started: its first transfer on the chain', async () => {
    const chain = trader.evmChains[0];
    const served = await both(chain, 'asc');
    const oldest = Math.min(...[...served.values()].map((s) => s.block));
    const res = await app.ok(TOOL, { wallet: trader.evm, chain, order: 'asc', limit: 3 });
    expect(res.data.transfers[0].block).toBe(oldest);
    expect(res.data.transfers.map((r: Json) => r.block)).toEqual([...res.data.transfers.map((r: Json) => r.block)].sort((a, b) => a - b));
  });

  it('internal off ethereum is a note, not an error; a wallet nobody owns has no transfers (a note)', async () => {
    const res = await app.ok(TOOL, { wallet: trader.evm, chain: 'base', categories: ['internal', 'erc20'] });
    expect(res.notes.join(' ')).toMatch(/internal transfers are not indexed on base/);
    expect(res.data.transfers.every((r: Json) => r.category === 'erc20')).toBe(true);
    const none = await app.ok(TOOL, { wallet: NOBODY_EVM, chain: 'ethereum', categories: ['internal'] });
    expect(none.data.transfers).toEqual([]);
    expect(none.notes.join(' ')).toMatch(/No internal transfers/);
  });

  it('prices down: the transfers still answer with usdNow null and a note, charged 500', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'alchemy', route: '/prices/v1', status: 503 });
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm, chain: trader.evmChains[0], limit: 5 });
    await app.expectCharged(TOOL, res, before);
    expect(res.body.data.transfers).toHaveLength(5);
    expect(res.body.data.transfers.every((r: Json) => r.usdNow === null)).toBe(true);
    expect(res.body.notes.join(' ')).toMatch(/prices did not answer/);
  });

  it.each([
    [{ wallet: 'So11111111111111111111111111111111111111112', chain: 'base' }, 'service_wallet_pnl'],
    [{ wallet: NOBODY_EVM, chain: 'solana' }, 'service_wallet_pnl'],
    [{ wallet: NOBODY_EVM }, 'chain'],
    [{ wallet: NOBODY_EVM, chain: 'tron' }, 'chain'],
    [{ wallet: NOBODY_EVM, chain: 'base', limit: 0 }, 'limit'],
    [{ wallet: NOBODY_EVM, chain: 'base', limit: 101 }, 'limit'],
    [{ wallet: NOBODY_EVM, chain: 'base', order: 'newest' }, 'order'],
    [{ wallet: NOBODY_EVM, chain: 'base', categories: ['nft'] }, 'categories'],
    [{ wallet: NOBODY_EVM, chain: 'base', categories: [] }, 'categories'],
    [{ wallet: 'nope', chain: 'base' }, 'wallet'],
  ])('400 for %j, uncharged', async (body, text) => {
    const before = await app.balance();
    const res = await app.call(TOOL, body);
    await app.expectUncharged(res, 400, before);
    expect(JSON.stringify(res.body.error)).toContain(text);
  });

  it('the chain’s node down is a 502, uncharged', async () => {
    await app.freshReads();
    const chain = trader.evmChains[0];
    app.t.sandbox.control.add({ provider: 'alchemy', route: '/', status: 503 });
    const before = await app.balance();
    await app.expectUncharged(await app.call(TOOL, { wallet: trader.evm, chain }), 502, before);
  });
});
