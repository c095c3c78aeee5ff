/**
 * Alchemy Portfolio API, tokens by wallet (api.g.alchemy.com/data/v1/{apiKey}/assets/tokens/by-address):
 * `{addresses:[{address, networks}]}` (≤2 addresses, ≤5 networks each; withMetadata, withPrices,
 * includeNativeTokens, pageKey) → `{data:{tokens:[{network, address, tokenAddress, tokenBalance (0x
 * hex, base units), tokenMetadata, tokenPrices: {network, address, prices, error}}], pageKey}}`. What a wallet holds comes from the
 * wallet book (wallets.ts: the FOMO books), priced as the Prices API prices it; a wallet nobody
 * tracked owns, or a network where it holds nothing, adds no token (no error). Tracked wallets keep
 * no native coin (their quote side nets to zero), so no native entry appears.
 */
import type { Router } from 'express';
import type { ChainInfo, SandboxMarket } from '../../market';
import { authMessage } from '../../errors';
import { aerr, priceList } from './prices';
import { toRawUnits, type WalletBook } from './wallets';

const MAX_ADDRESSES = 2;
const MAX_NETWORKS = 5;
/** Tokens per page (the API's own page size is not documented). */
export const PORTFOLIO_PAGE_SIZE = 100;

interface AddressItem {
  address: string;
  networks: string[];
}

function readPageKey(v: unknown): number | null {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'string') return null;
  const m = /^p(\d+)$/.exec(Buffer.from(v, 'base64url').toString());
  return m ? Number(m[1]) : null;
}

const pageKeyOf = (offset: number) => Buffer.from(`p${offset}`).toString('base64url');

export function portfolioRoutes(r: Router, m: SandboxMarket, keys: ReadonlySet<string>, wallets: WalletBook | null, pageSize = PORTFOLIO_PAGE_SIZE): void {
  r.post('/data/v1/:apiKey/assets/tokens/by-address', (req, res) => {
    if (!keys.has(String(req.params.apiKey))) return aerr(res, 401, authMessage('alchemy'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const list = body.addresses;
    if (!Array.isArray(list) || list.length === 0) return aerr(res, 400, 'addresses must be a non-empty array of {address, networks}');
    if (list.length > MAX_ADDRESSES) return aerr(res, 400, `Too many addresses: the limit is ${MAX_ADDRESSES}`);
    for (const item of list as unknown[]) {
      const a = item as Partial<AddressItem> | null;
      if (typeof a !== 'object' || a === null || typeof a.address !== 'string' || !Array.isArray(a.networks) || a.networks.some((n) => typeof n !== 'string')) {
        return aerr(res, 400, 'each address must be an object {address: string, networks: string[]}');
      }
      if (a.networks.length === 0 || a.networks.length > MAX_NETWORKS) return aerr(res, 400, `Each address takes 1 to ${MAX_NETWORKS} networks`);
      const unknown = a.networks.find((n) => !m.chainByAlchemyNetwork(n));
      if (unknown) return aerr(res, 400, `Unsupported network: ${unknown}`);
    }
    for (const flag of ['withMetadata', 'withPrices', 'includeNativeTokens', 'includeErc20Tokens']) {
      if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return aerr(res, 400, `${flag} must be a boolean`);
    }
    const offset = readPageKey(body.pageKey);
    if (offset === null) return aerr(res, 400, 'Invalid pageKey');

    const t = m.nowMs();
    const withMetadata = body.withMetadata !== false;
    const withPrices = body.withPrices !== false;
    const erc20 = body.includeErc20Tokens !== false;
    const rows: Record<string, unknown>[] = [];
    for (const { address, networks } of list as AddressItem[]) {
      for (const network of new Set(networks)) {
        const chain = m.chainByAlchemyNetwork(network) as ChainInfo;
        const owner = wallets?.owner(chain, address);
        if (!wallets || !owner || !erc20) continue;
        for (const h of wallets.holdings(owner, chain, t)) {
          const row: Record<string, unknown> = {
            network,
            address: wallets.address(owner, chain),
            tokenAddress: chain.evm ? h.token.address.toLowerCase() : h.token.address,
            tokenBalance: `0x${toRawUnits(h.amount, h.token.decimals).toString(16)}`,
          };
          if (withMetadata) row.tokenMetadata = { name: h.token.name, symbol: h.token.symbol, decimals: h.token.decimals, logo: h.token.logo };
          // As documented (portfolio.yaml: prices.yaml's AddressPriceResponseItem), not a bare list.
          if (withPrices) row.tokenPrices = { network, address: row.tokenAddress, prices: priceList(m, h.token.asset, t) ?? [], error: null };
          rows.push(row);
        }
      }
    }
    const page = rows.slice(offset, offset + pageSize);
    const next = offset + page.length < rows.length ? pageKeyOf(offset + page.length) : null;
    res.json({ data: { tokens: page, pageKey: next } });
  });
}
