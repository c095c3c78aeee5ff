/**
 * Multichain token data API stand-in (Alchemy), mounted at /alchemy:
 * - Prices API: `GET /prices/v1/{apiKey}/tokens/by-symbol?symbols=ETH&symbols=BTC` (≤25),
 *   `POST /prices/v1/{apiKey}/tokens/by-address` `{addresses:[{network,address}]}` (≤25, ≤3
 *   networks), `POST /prices/v1/{apiKey}/tokens/historical` `{symbol | network+address,
 *   startTime, endTime, interval:'5m'|'1h'|'1d'}`. Errors `{ error: { message } }`.
 * - Token metadata JSON-RPC: `POST /{network}/v2/{apiKey}` with
 *   `{jsonrpc:'2.0', id, method:'alchemy_getTokenMetadata', params:[address]}` →
 *   `{jsonrpc, id, result:{name, symbol, decimals, logo}}` (EVM networks; also eth_chainId,
 *   eth_blockNumber). Unknown key → 401 `{jsonrpc, id, error:{code:-32600, message:'Must be authenticated!'}}`.
 */
import { Router } from 'express';
import type { SandboxMarket } from '../../market';
import { pricesRoutes } from './prices';
import { rpcRoutes } from './rpc';

export interface AlchemyOptions {
  keys: string[];
}

export function alchemyRouter(m: SandboxMarket, opts: AlchemyOptions): Router {
  const r = Router();
  const keys = new Set(opts.keys);

  pricesRoutes(r, m, keys);
  rpcRoutes(r, m, keys);
  return r;
}
