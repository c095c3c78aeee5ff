import { CHAIN_IDS } from '@scout/upstream';
import { DAY_MS, NOW, startTokensApp, type Json, type TokensApp } from '../tokens/support';
import { EVM_CHAINS, evmTrader, NOBODY_EVM, sandboxRpc, type TrackedWallets } from './support';

const TOOL = 'service_wallet_age';
const ALL_KINDS = ['external', 'internal', 'erc20', 'erc721', 'erc1155'];

/**
 * service_wallet_age end to end against the sandbox's nodes: per chain, the oldest transfer either
 * way and the nonce, as the sandbox serves them, aged on the app's clock; a chain whose node fails is
 * listed; a wallet with no activity is an empty answer; bad input 400 (a Solana wallet naming
 * service_wallet_pnl), every node down 502, both uncharged.
 */
describe('service_wallet_age (end to end against the sandbox)', () => {
  let app: TokensApp;
  let trader: TrackedWallets;

  beforeAll(async () => {
    app = await startTokensApp('wallet-age');
    trader = evmTrader(app);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  /** The oldest transfer the sandbox lists on `chain` in one direction (internal only where indexed). */
  const oldest = async (chain: (typeof EVM_CHAINS)[number], side: 'fromAddress' | 'toAddress'): Promise<Json> => {
    const category = chain === 'ethereum' ? ALL_KINDS : ALL_KINDS.filter((k) => k !== 'internal');
    const result = await sandboxRpc(app, chain, 'alchemy_getAssetTransfers', [
      { [side]: trader.evm, category, order: 'asc', maxCount: '0x1', withMetadata: true },
    ]);
    return result.transfers[0] ?? null;
  };

  it('per chain: the first activity either way, its age on the app clock and the sent count, as the sandbox serves them, charged 500', async () => {
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm });
    await app.expectCharged(TOOL, res, before);
    const d = res.body.data;
    expect(d.failedChains).toEqual([]);
    // Active: where the sandbox lists a transfer either way (the chains of the trader's fills).
    const active: string[] = [];
    for (const chain of EVM_CHAINS) if ((await oldest(chain, 'fromAddress')) || (await oldest(chain, 'toAddress'))) active.push(chain);
    expect(active).toEqual(expect.arrayContaining(trader.evmChains));
    expect(d.chains.map((c: Json) => c.chain).sort()).toEqual(active.sort());
    expect([...d.chains.map((c: Json) => c.chain), ...d.inactiveChains].sort()).toEqual([...EVM_CHAINS].sort());
    for (const row of d.chains) {
      const [sent, received] = await Promise.all([oldest(row.chain, 'fromAddress'), oldest(row.chain, 'toAddress')]);
      const first = [sent, received].filter(Boolean).sort((a, b) => parseInt(a.blockNum, 16) - parseInt(b.blockNum, 16))[0];
      expect(row).toMatchObject({ firstActivityAt: first.metadata.blockTimestamp, firstActivityHash: first.hash });
      expect(row.ageDays).toBe(Math.round(((NOW - Date.parse(first.metadata.blockTimestamp)) / DAY_MS) * 10) / 10);
      expect(row.outboundCount).toBe(parseInt(await sandboxRpc(app, row.chain, 'eth_getTransactionCount', [trader.evm, 'latest']), 16));
      expect(row.outboundCount).toBeGreaterThan(0);
    }
    const firsts = d.chains.map((c: Json) => c.firstActivityAt).sort();
    expect(d.summary).toMatchObject({ firstActivityAt: firsts[0], outboundCount: d.chains.reduce((s: number, c: Json) => s + c.outboundCount, 0) });
  });

  it('a wallet with no activity anywhere is an empty answer with a note, charged 500', async () => {
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: NOBODY_EVM, chains: ['base', 'bsc'] });
    await app.expectCharged(TOOL, res, before);
    expect(res.body.data).toMatchObject({
      chains: [],
      inactiveChains: ['base', 'bsc'],
      failedChains: [],
      summary: { firstActivityAt: null, ageDays: null, outboundCount: 0 },
    });
    expect(res.body.notes.join(' ')).toMatch(/No transfer and no sent transaction on base, bsc/);
  });

  it('a chain whose node fails is in failedChains, the others answer, charged 500', async () => {
    await app.freshReads();
    const [failing, ...others] = trader.evmChains;
    app.t.sandbox.control.add({ provider: 'alchemy', route: `/${CHAIN_IDS[failing].alchemyNetwork}/v2`, status: 503 });
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm, chains: trader.evmChains });
    await app.expectCharged(TOOL, res, before);
    expect(res.body.data.failedChains).toEqual([failing]);
    expect(res.body.data.chains.map((c: Json) => c.chain).sort()).toEqual([...others].sort());
    expect(res.body.notes.join(' ')).toMatch(new RegExp(`Wallet activity on ${failing} did not answer`));
  });

  it.each([
    [{ wallet: 'So11111111111111111111111111111111111111112' }, 'service_wallet_pnl'],
    [{ wallet: NOBODY_EVM, chains: ['solana'] }, 'service_wallet_pnl'],
    [{ wallet: NOBODY_EVM, chains: [] }, 'chains'],
    [{ wallet: NOBODY_EVM, chains: [...EVM_CHAINS, 'base'] }, 'chains'],
    [{ wallet: NOBODY_EVM, chains: ['tron'] }, 'chains'],
    [{ wallet: `${NOBODY_EVM}00` }, 'wallet'],
    [{}, 'wallet'],
  ])('400 for %j, uncharged', async (body, text) => {
    const before = await app.balance();
    const res = await app.call(TOOL, body);
    await app.expectUncharged(res, 400, before);
    expect(JSON.stringify(res.body.error)).toContain(text);
  });

  it('every node down is a 502, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'alchemy', status: 503 });
    const before = await app.balance();
    await app.expectUncharged(await app.call(TOOL, { wallet: trader.evm, chains: ['base', 'ethereum'] }), 502, before);
  });
});
