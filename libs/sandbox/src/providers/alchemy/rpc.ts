/**
 * Alchemy node JSON-RPC ({network}.g.alchemy.com/v2/{apiKey}), mounted as `POST /{network}/v2/{apiKey}`:
 * `alchemy_getTokenMetadata`, `eth_chainId`, `eth_blockNumber`, and the wallet methods
 * `alchemy_getAssetTransfers` and `eth_getTransactionCount` (transfers.ts), single calls or batches.
 */
import type { Router } from 'express';
import type { SandboxMarket } from '../../market';
import { authMessage, errorBody } from '../../errors';
import { assetTransfers, transactionCount, type RpcOutcome } from './transfers';
import { blockAt, type WalletBook } from './wallets';

export function rpcRoutes(r: Router, m: SandboxMarket, keys: ReadonlySet<string>, wallets: WalletBook | null): void {
  // ── JSON-RPC (token metadata)
  r.post('/:network/v2/:apiKey', (req, res) => {
    const network = String(req.params.network);
    const payload = req.body as unknown;
    const firstId = Array.isArray(payload) ? null : ((payload as { id?: unknown } | undefined)?.id ?? null);
    if (!keys.has(String(req.params.apiKey))) {
      return res.status(401).json(errorBody('alchemy', 401, authMessage('alchemy', true), { rpc: true, rpcId: firstId }));
    }
    const chain = m.chainByAlchemyNetwork(network);
    if (!chain) return res.status(404).json(errorBody('alchemy', 404, `Unsupported network: ${network}`, { rpc: true, rpcId: firstId }));
    const one = (call: unknown) => {
      const c = (call ?? {}) as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
      const id = c.id ?? null;
      const fail = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
      if (c.jsonrpc !== '2.0' || typeof c.method !== 'string') return fail(-32600, 'Invalid Request');
      const params = Array.isArray(c.params) ? c.params : [];
      switch (c.method) {
        case 'eth_chainId':
          if (!chain.evm || chain.chainId === null) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          return { jsonrpc: '2.0', id, result: `0x${chain.chainId.toString(16)}` };
        case 'eth_blockNumber':
          if (!chain.evm) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          return { jsonrpc: '2.0', id, result: `0x${blockAt(m.nowMs()).toString(16)}` };
        case 'alchemy_getTokenMetadata': {
          if (!chain.evm) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          const address: unknown = params[0];
          if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
            return fail(-32602, 'invalid 1st argument: address value was not valid hex');
          }
          const tk = m.tokenOn(chain, address);
          if (!tk) return { jsonrpc: '2.0', id, result: { name: null, symbol: null, decimals: null, logo: null } };
          return { jsonrpc: '2.0', id, result: { name: tk.name, symbol: tk.symbol, decimals: tk.decimals, logo: tk.logo } };
        }
        case 'alchemy_getAssetTransfers':
        case 'eth_getTransactionCount': {
          if (!chain.evm) return fail(-32601, `Unsupported method: ${c.method} on ${network}`);
          const outcome: RpcOutcome =
            c.method === 'eth_getTransactionCount' ? transactionCount(m, wallets, chain, params) : assetTransfers(m, wallets, chain, params[0]);
          return { jsonrpc: '2.0', id, ...outcome };
        }
        default:
          return fail(-32601, `Unsupported method: ${c.method}`);
      }
    };
    if (Array.isArray(payload)) {
      if (payload.length === 0) return res.status(400).json(errorBody('alchemy', 400, 'Empty batch', { rpc: true, rpcId: null }));
      return res.json(payload.map(one));
    }
    res.json(one(payload));
  });
}
