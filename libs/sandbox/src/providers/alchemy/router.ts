/**
 * Multichain token data API stand-in (Alchemy), mounted at /alchemy:
 * - Portfolio API: `POST /data/v1/{apiKey}/assets/tokens/by-address` (portfolio.ts): the tracked
 *   traders' wallets (wallets.ts), drawn from the FOMO stand-in's books.
 * - Prices API: `GET /prices/v1/{apiKey}/tokens/by-symbol?symbols=ETH&symbols=BTC` (≤25),
 *   `POST /prices/v1/{apiKey}/tokens/by-address` `{addresses:[{network,address}]}` (≤25, ≤3
 *   networks), `POST /prices/v1/{apiKey}/tokens/historical` `{symbol | network+address,
 *   startTime, endTime, interval:'5m'|'1h'|'1d'}`. Errors `{ error: { message } }`.
 * - Node JSON-RPC: `POST /{network}/v2/{apiKey}` with
 *   `{jsonrpc:'2.0', id, method:'alchemy_getTokenMetadata', params:[address]}` →
 *   `{jsonrpc, id, result:{name, symbol, decimals, logo}}` (EVM networks; also eth_chainId,
 *   eth_blockNumber, and the wallets' alchemy_getAssetTransfers and eth_getTransactionCount).
 *   Unknown key → 401 `{jsonrpc, id, error:{code:-32600, message:'Must be authenticated!'}}`.
 */
import { Router } from 'express';
import type { SandboxMarket } from '../../market';
import type { TradersBooks } from '../fomo/flow';
import { portfolioRoutes } from './portfolio';
import { pricesRoutes } from './prices';
import { rpcRoutes } from './rpc';
import { WalletBook } from './wallets';

export interface AlchemyOptions {
  keys: string[];
  /** The tracked traders' books the wallets are read from (the FOMO world); without it every wallet is empty. */
  traders?: () => TradersBooks;
  /** Tokens per Portfolio API page (default PORTFOLIO_PAGE_SIZE). */
  portfolioPageSize?: number;
}

export function alchemyRouter(m: SandboxMarket, opts: AlchemyOptions): Router {
  const r = Router();
  const keys = new Set(opts.keys);
  const wallets = opts.traders ? new WalletBook(m, opts.traders) : null;

  pricesRoutes(r, m, keys);
  portfolioRoutes(r, m, keys, wallets, opts.portfolioPageSize);
  rpcRoutes(r, m, keys, wallets);
  return r;
}
