import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { RESOLVING_TRADER_INDICES, SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { CHAIN_IDS, chainFromFomo, type Chain } from '../../chains';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { UpstreamError } from '../../upstream.types';
import { TokenDataClient, rpcSourcePerNetwork, tokenDataRpcBaseUrl } from './token-data.client';
import { WalletDataClient, type AssetTransfer } from './wallet-data.client';

const EVM: Chain[] = ['ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'];
const NOBODY = '0x00000000000000000000000000000000000000aa';

/** The wallet client over real sources against the sandbox's Alchemy stand-in: every answer parses and tells the FOMO books' story. */
describe('WalletDataClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  let wallets: WalletDataClient;
  let prices: TokenDataClient;
  const now = Date.parse('2026-06-15T12:00:00Z');

  const within = <T>(fn: () => Promise<T>): Promise<T> => {
    const context: ToolContext = { tool: 'service_token_prices', requestId: 'r', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 20_000 };
    return RequestContext.run(context, fn);
  };
  const source = (name: string, baseUrl: string) => {
    const s = new HttpUpstreamSource({ name, baseUrl, keys: [SANDBOX_KEYS.alchemy], keyPlacement: { kind: 'path' }, timeoutMs: 10_000, retries: 0 });
    opened.push(s);
    return s;
  };
  /** A tracked trader holding tokens on two EVM chains or more at `now`, and what the FOMO books say they hold. */
  const trader = () => {
    const world = sandbox.fomo.world;
    const u = world.population.traders.find(
      (x) =>
        !RESOLVING_TRADER_INDICES.includes(x.index) &&
        new Set(
          world
            .stats(x, now)
            .open.filter((f) => f.position.chain.evm)
            .map((f) => f.position.chain.slug),
        ).size >= 2,
    )!;
    const held = new Map<string, number>();
    for (const f of world.stats(u, now).open) {
      const chain = chainFromFomo(f.position.chain.slug)!;
      const k = `${chain}|${CHAIN_IDS[chain].evmChainId === null ? f.position.token.address : f.position.token.address.toLowerCase()}`;
      held.set(k, (held.get(k) ?? 0) + f.state.amount);
    }
    return { u, held };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    const rpc = rpcSourcePerNetwork((network) => source(`token-data-rpc:${network}`, tokenDataRpcBaseUrl(network, sandbox.urls.alchemyRpc)));
    wallets = new WalletDataClient(source('token-data-portfolio', sandbox.urls.alchemyData), rpc);
    prices = new TokenDataClient(source('token-data-prices', sandbox.urls.alchemyPrices), rpc);
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  beforeEach(() => sandbox.control.reset());

  it("reads a trader's EVM and Solana wallets as the FOMO books hold them, priced as the Prices API prices them", async () => {
    const { u, held } = trader();
    const evm = [
      ...(await within(() => wallets.allTokensByWallet(u.wallets.evm, EVM.slice(0, 5)))).tokens,
      ...(await within(() => wallets.tokensByWallet(u.wallets.evm, EVM.slice(5)))).tokens,
    ];
    const solana = (await within(() => wallets.tokensByWallet(u.wallets.solana, ['solana']))).tokens;
    const got = new Map([...evm, ...solana].map((t) => [`${t.chain}|${t.tokenAddress}`, t]));
    expect([...got.keys()].sort()).toEqual([...held.keys()].sort());
    for (const [k, amount] of held) expect(Math.abs(got.get(k)!.amount! - amount)).toBeLessThanOrEqual(1e-9 * amount);
    expect(sandbox.control.count('alchemy', '/data/v1/assets/tokens/by-address')).toBe(3);

    const asked = evm.slice(0, 25).map((t) => ({ chain: t.chain, address: t.tokenAddress! }));
    const quoted = await within(() => prices.pricesByAddress(asked));
    quoted.forEach((q, i) => expect(evm[i].priceUsd).toBe(q.priceUsd));
  });

  it('reads transfers page by page, both ways, and the outbound count', async () => {
    const { u, held } = trader();
    const chain = [...held.keys()].map((k) => k.split('|')[0] as Chain).find((c) => c !== 'solana')!;
    const all: AssetTransfer[] = [];
    let pageKey: string | undefined;
    let pages = 0;
    do {
      const page = await within(() =>
        wallets.assetTransfers({ chain, toAddress: u.wallets.evm, categories: ['external', 'erc20'], order: 'desc', maxCount: 3, pageKey }),
      );
      all.push(...page.transfers);
      pageKey = page.pageKey ?? undefined;
      pages++;
    } while (pageKey && pages < 50);
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((t) => t.to === u.wallets.evm.toLowerCase() && t.amount !== null && t.timestamp !== null)).toBe(true);
    expect(all.map((t) => t.blockNumber)).toEqual([...all.map((t) => t.blockNumber)].sort((a, b) => b - a));
    const outbound = await within(() => wallets.assetTransfers({ chain, fromAddress: u.wallets.evm, categories: ['external', 'erc20'] }));
    const count = await within(() => wallets.transactionCount(chain, u.wallets.evm));
    expect(count).toBe(new Set(outbound.transfers.map((t) => t.hash)).size);
    expect(count).toBeGreaterThanOrEqual(outbound.transfers.length);
  });

  it('answers an unknown wallet empty, and leaves internal out where it is not indexed', async () => {
    await expect(within(() => wallets.tokensByWallet(NOBODY, EVM.slice(0, 5)))).resolves.toMatchObject({ tokens: [], pageKey: null });
    await expect(within(() => wallets.assetTransfers({ chain: 'base', toAddress: NOBODY, categories: ['internal', 'erc20'] }))).resolves.toEqual({
      transfers: [],
      pageKey: null,
      unsupportedCategories: ['internal'],
    });
    await expect(within(() => wallets.assetTransfers({ chain: 'ethereum', toAddress: NOBODY, categories: ['internal'] }))).resolves.toMatchObject({
      transfers: [],
    });
    await expect(within(() => wallets.transactionCount('monad', NOBODY))).resolves.toBe(0);
  });

  it('turns a failing or malformed upstream into an UpstreamError', async () => {
    sandbox.control.add({ provider: 'alchemy', route: '/data/v1/assets/tokens/by-address', status: 503 });
    await expect(within(() => wallets.tokensByWallet(NOBODY, ['base']))).rejects.toBeInstanceOf(UpstreamError);
    sandbox.control.clear();
    sandbox.control.add({ provider: 'alchemy', route: '/bnb-mainnet/v2', malformed: 'shape' });
    await expect(within(() => wallets.transactionCount('bsc', NOBODY))).rejects.toMatchObject({ failure: 'malformed' });
  });
});
