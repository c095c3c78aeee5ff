import { RESOLVING_TRADER_INDICES, SANDBOX_KEYS } from '@scout/sandbox';
import { CHAIN_IDS, type Chain } from '@scout/upstream';
import { NOW, type Json, type TokensApp } from '../tokens/support';

/*
 * Shared by the wallet tool end-to-end specs: a tracked trader whose wallets the sandbox's chain
 * shows (their open FOMO positions), and what the sandbox's wallet data API serves, read past Scout.
 */

export const EVM_CHAINS: Chain[] = ['ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'];

/** Well formed, owned by no tracked trader: the sandbox knows nothing of it. */
export const NOBODY_EVM = `0x${'7e'.repeat(20)}`;

export interface TrackedWallets {
  handle: string;
  evm: string;
  solana: string;
  /** EVM chains where the trader holds an open position at NOW (so the wallet has transfers there). */
  evmChains: Chain[];
  holdsOnSolana: boolean;
}

/** The tracked traders (never the "resolving" ones) and the chains of their open positions at NOW. */
function tracked(app: Pick<TokensApp, 't'>): TrackedWallets[] {
  const world = app.t.sandbox.fomo.world;
  return world.population.traders
    .filter((u) => !RESOLVING_TRADER_INDICES.includes(u.index))
    .map((u) => {
      const open = world.stats(u, NOW).open;
      const evmChains = EVM_CHAINS.filter((c) => open.some((f) => f.position.chain.evm && f.position.chain.name === CHAIN_IDS[c].llamaName));
      return {
        handle: u.handle,
        evm: u.wallets.evm.toLowerCase(),
        solana: u.wallets.solana,
        evmChains,
        holdsOnSolana: open.some((f) => !f.position.chain.evm),
      };
    });
}

/** The tracked trader holding on the most EVM chains (at least one). */
export function evmTrader(app: Pick<TokensApp, 't'>): TrackedWallets {
  const best = tracked(app).sort((a, b) => b.evmChains.length - a.evmChains.length)[0];
  if (!best || best.evmChains.length === 0) throw new Error('no tracked trader holds anything on an EVM chain in the sandbox');
  return best;
}

/** A tracked trader holding something on Solana. */
export function solanaTrader(app: Pick<TokensApp, 't'>): TrackedWallets {
  const found = tracked(app).find((w) => w.holdsOnSolana);
  if (!found) throw new Error('no tracked trader holds anything on Solana in the sandbox');
  return found;
}

/** The sandbox Portfolio API's answer (every page) for one wallet on up to five chains. */
export async function sandboxPortfolio(app: Pick<TokensApp, 't'>, wallet: string, chains: Chain[]): Promise<Json[]> {
  const rows: Json[] = [];
  let pageKey: string | undefined;
  do {
    const res = await fetch(`${app.t.sandbox.urls.alchemyData}/${SANDBOX_KEYS.alchemy}/assets/tokens/by-address`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addresses: [{ address: wallet, networks: chains.map((c) => CHAIN_IDS[c].alchemyNetwork) }], pageKey }),
    });
    expect(res.status).toBe(200);
    const body: Json = await res.json();
    rows.push(...body.data.tokens);
    pageKey = body.data.pageKey ?? undefined;
  } while (pageKey);
  return rows;
}

/** One JSON-RPC call to the sandbox's node on `chain`; the result. */
export async function sandboxRpc(app: Pick<TokensApp, 't'>, chain: Chain, method: string, params: unknown[]): Promise<Json> {
  const url = `${app.t.sandbox.urls.alchemyRpc.replace('{network}', CHAIN_IDS[chain].alchemyNetwork)}/${SANDBOX_KEYS.alchemy}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body: Json = await res.json();
  expect(body.error).toBeUndefined();
  return body.result;
}

/** Every transfer the sandbox lists for `wallet` on `chain` in one direction (one page of up to 1,000). */
export async function sandboxTransfers(
  app: Pick<TokensApp, 't'>,
  chain: Chain,
  side: 'fromAddress' | 'toAddress',
  wallet: string,
  extra: object = {},
): Promise<Json[]> {
  const result = await sandboxRpc(app, chain, 'alchemy_getAssetTransfers', [
    { [side]: wallet, category: ['external', 'erc20'], withMetadata: true, excludeZeroValue: true, ...extra },
  ]);
  return result.transfers;
}

/** Today's USD price the sandbox's Prices API gives a contract on `chain`; null when unpriced. */
export async function sandboxPrice(app: Pick<TokensApp, 't'>, chain: Chain, address: string): Promise<number | null> {
  const res = await fetch(`${app.t.sandbox.urls.alchemyPrices}/${SANDBOX_KEYS.alchemy}/tokens/by-address`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ addresses: [{ network: CHAIN_IDS[chain].alchemyNetwork, address }] }),
  });
  const body: Json = await res.json();
  const usd = body.data[0]?.prices?.find((p: Json) => p.currency === 'usd');
  return usd ? Number(usd.value) : null;
}
