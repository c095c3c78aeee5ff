import { CHAIN_IDS, chainFromAlchemyNetwork, type Chain } from '../../chains';
import { EVM_ADDRESS, isEvmChain, normaliseAddress } from '../../token-address';
import type { UpstreamSource } from '../../upstream.types';
import { quoteOf, rpcCall, rpcSourcePerNetwork, type RpcSourceFactory } from './token-data.client';
import {
  assetTransfersRpcResponseSchema,
  portfolioTokensResponseSchema,
  transactionCountRpcResponseSchema,
  type AssetTransferItem,
  type PortfolioToken,
} from './wallet-data.schemas';

/** Base URL of the Portfolio API source; its key goes in the path (`/data/v1/{key}/assets/...`). */
export const TOKEN_DATA_PORTFOLIO_BASE_URL = 'https://api.g.alchemy.com/data/v1';

/** The Portfolio API takes at most this many networks per address. */
export const PORTFOLIO_MAX_NETWORKS = 5;

export const TRANSFER_CATEGORIES = ['external', 'internal', 'erc20', 'erc721', 'erc1155'] as const;
export type TransferCategory = (typeof TRANSFER_CATEGORIES)[number];

/** `alchemy_getAssetTransfers` returns at most this many transfers per call (its default). */
export const MAX_TRANSFERS_PER_CALL = 1000;

/** Internal (contract-made native) transfers are indexed on Ethereum only among Scout's chains. */
const INTERNAL_TRANSFER_CHAINS: readonly Chain[] = ['ethereum'];

const PORTFOLIO_TTL_MS = 60_000;
const TRANSFERS_TTL_MS = 60_000;
const COUNT_TTL_MS = 60_000;

/** Each chain's native coin: the Portfolio API sends it with a null address and null metadata. */
const NATIVE: Record<Chain, { symbol: string; name: string; decimals: number }> = {
  solana: { symbol: 'SOL', name: 'Solana', decimals: 9 },
  ethereum: { symbol: 'ETH', name: 'Ether', decimals: 18 },
  base: { symbol: 'ETH', name: 'Ether', decimals: 18 },
  bsc: { symbol: 'BNB', name: 'BNB', decimals: 18 },
  monad: { symbol: 'MON', name: 'Monad', decimals: 18 },
  hyperliquid: { symbol: 'HYPE', name: 'Hyperliquid', decimals: 18 },
  brokerage: { symbol: 'ETH', name: 'Ether', decimals: 18 },
};

export interface WalletToken {
  chain: Chain;
  /** Contract or mint (EVM lowercased); null for the chain's native coin. */
  tokenAddress: string | null;
  isNative: boolean;
  /** The balance in base units, as decimal digits. */
  rawBalance: string;
  decimals: number | null;
  /** rawBalance over 10^decimals; null when the decimals are unknown. */
  amount: number | null;
  symbol: string | null;
  name: string | null;
  logo: string | null;
  /** USD price; null when unpriced (then `error` says why). */
  priceUsd: number | null;
  priceUpdatedAt: string | null;
  error: string | null;
}

export interface WalletTokensPage {
  wallet: string;
  chains: Chain[];
  tokens: WalletToken[];
  /** Pass it back for the next page; null on the last one. */
  pageKey: string | null;
}

export interface AssetTransfersRequest {
  /** An EVM chain. */
  chain: Chain;
  /** At least one of the two. */
  fromAddress?: string;
  toAddress?: string;
  categories: readonly TransferCategory[];
  /** Block order; the API's default is oldest first. */
  order?: 'asc' | 'desc';
  /** 1 to MAX_TRANSFERS_PER_CALL (the default). */
  maxCount?: number;
  pageKey?: string;
}

export interface AssetTransfer {
  chain: Chain;
  blockNumber: number;
  hash: string;
  uniqueId: string;
  category: string;
  from: string;
  to: string | null;
  /** Symbol (ETH for native transfers); null when unknown. */
  asset: string | null;
  /** The token contract; null for native (external, internal) transfers. */
  tokenAddress: string | null;
  /** Human amount; null for NFTs and tokens of unknown decimals. */
  amount: number | null;
  /** Raw amount in base units, decimal digits; null for NFTs. */
  rawValue: string | null;
  decimals: number | null;
  tokenId: string | null;
  /** Block time, ISO 8601 (asked for with every call). */
  timestamp: string | null;
}

export interface AssetTransfersPage {
  transfers: AssetTransfer[];
  /** Pass it back for the next page; null on the last one. */
  pageKey: string | null;
  /** Categories asked for that the chain does not index, left out of the call. */
  unsupportedCategories: TransferCategory[];
}

/** `raw / 10^decimals` through its digits, so no float ever holds the raw amount. */
export function unitsToAmount(raw: bigint, decimals: number): number {
  const digits = raw.toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return Number(decimals > 0 ? `${digits.slice(0, cut)}.${digits.slice(cut)}` : digits);
}

function walletToken(chain: Chain, item: PortfolioToken): WalletToken {
  const meta: NonNullable<PortfolioToken['tokenMetadata']> = item.tokenMetadata ?? {};
  // null is the native coin; an absent address (the SDK's shape) is the native coin only when nothing names a token.
  const native = item.tokenAddress === null || (item.tokenAddress === undefined && !meta.symbol && !meta.name && meta.decimals == null);
  const fallback = native ? NATIVE[chain] : null;
  const decimals = meta.decimals ?? fallback?.decimals ?? null;
  const quote = quoteOf({ prices: item.tokenPrices?.prices, error: item.error ?? item.tokenPrices?.error });
  return {
    chain,
    tokenAddress: native || !item.tokenAddress ? null : normaliseAddress(chain, item.tokenAddress),
    isNative: native,
    rawBalance: item.tokenBalance.toString(),
    decimals,
    amount: decimals === null ? null : unitsToAmount(item.tokenBalance, decimals),
    symbol: meta.symbol ?? fallback?.symbol ?? null,
    name: meta.name ?? fallback?.name ?? null,
    logo: meta.logo ?? null,
    priceUsd: quote.priceUsd,
    priceUpdatedAt: quote.lastUpdatedAt,
    error: quote.error,
  };
}

function assetTransfer(chain: Chain, item: AssetTransferItem): AssetTransfer {
  const raw = item.rawContract.value ?? null;
  const decimals = item.rawContract.decimal == null ? null : Number(item.rawContract.decimal);
  const tokenAddress = item.rawContract.address ? item.rawContract.address.toLowerCase() : null;
  return {
    chain,
    blockNumber: Number(item.blockNum),
    hash: item.hash,
    uniqueId: item.uniqueId,
    category: item.category,
    from: item.from.toLowerCase(),
    to: item.to === null ? null : item.to.toLowerCase(),
    asset: item.asset ?? null,
    tokenAddress,
    amount: raw !== null && decimals !== null ? unitsToAmount(raw, decimals) : (item.value ?? null),
    rawValue: raw === null ? null : raw.toString(),
    decimals,
    tokenId: item.tokenId ?? item.erc721TokenId ?? null,
    timestamp: item.metadata?.blockTimestamp ? new Date(item.metadata.blockTimestamp).toISOString() : null,
  };
}

/** The wallet form sent upstream: an EVM address lowercased, anything else as given. */
function walletForm(wallet: string): string {
  return EVM_ADDRESS.test(wallet) ? wallet.toLowerCase() : wallet;
}

function assertEvm(chain: Chain, method: string): void {
  if (!isEvmChain(chain)) throw new RangeError(`${method} reads EVM chains only, not ${chain}`);
}

/**
 * What a wallet holds and did, from the multichain token data API (Alchemy style): tokens by
 * wallet on up to five networks per call (the Portfolio API, its own `portfolio` source), and, on
 * the per-network JSON-RPC sources, transfers and the outbound transaction count. Build it with the
 * same `rpcFor` as the TokenDataClient (`rpcSourcePerNetwork`) so the two share each network's source.
 */
export class WalletDataClient {
  private readonly rpc: RpcSourceFactory;

  constructor(
    private readonly portfolio: UpstreamSource,
    rpcFor: RpcSourceFactory,
  ) {
    this.rpc = rpcSourcePerNetwork(rpcFor);
  }

  /** One page of the fungible tokens (native included) a wallet holds on 1-5 chains, with metadata and USD prices. */
  async tokensByWallet(wallet: string, chains: readonly Chain[], pageKey?: string): Promise<WalletTokensPage> {
    const asked = [...new Set(chains)];
    if (asked.length === 0 || asked.length > PORTFOLIO_MAX_NETWORKS) {
      throw new RangeError(`The Portfolio API reads 1 to ${PORTFOLIO_MAX_NETWORKS} networks per call, got ${asked.length}`);
    }
    const address = walletForm(wallet);
    const answer = await this.portfolio.request(
      {
        endpoint: 'alchemy:/assets/tokens/by-address',
        path: '/assets/tokens/by-address',
        method: 'POST',
        body: {
          addresses: [{ address, networks: asked.map((c) => CHAIN_IDS[c].alchemyNetwork) }],
          withMetadata: true,
          withPrices: true,
          includeNativeTokens: true,
          ...(pageKey ? { pageKey } : {}),
        },
        cacheTtlMs: PORTFOLIO_TTL_MS,
      },
      (raw) => portfolioTokensResponseSchema.parse(raw),
    );
    const tokens: WalletToken[] = [];
    for (const item of answer.data.tokens) {
      const chain = chainFromAlchemyNetwork(item.network);
      // Only what was asked: a network Scout does not cover, or did not ask for, is left out.
      if (chain && asked.includes(chain)) tokens.push(walletToken(chain, item));
    }
    return { wallet: address, chains: asked, tokens, pageKey: answer.data.pageKey || null };
  }

  /** Every page of tokensByWallet up to `maxPages`; `complete` is false when pages were left. */
  async allTokensByWallet(wallet: string, chains: readonly Chain[], maxPages = 5): Promise<{ tokens: WalletToken[]; complete: boolean }> {
    const tokens: WalletToken[] = [];
    let pageKey: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const answer = await this.tokensByWallet(wallet, chains, pageKey);
      tokens.push(...answer.tokens);
      if (!answer.pageKey) return { tokens, complete: true };
      pageKey = answer.pageKey;
    }
    return { tokens, complete: false };
  }

  /** One page of transfers from and/or to an address on an EVM chain (`alchemy_getAssetTransfers`). */
  async assetTransfers(request: AssetTransfersRequest): Promise<AssetTransfersPage> {
    const { chain, fromAddress, toAddress, order = 'asc', maxCount = MAX_TRANSFERS_PER_CALL, pageKey } = request;
    assertEvm(chain, 'alchemy_getAssetTransfers');
    if (!fromAddress && !toAddress) throw new RangeError('alchemy_getAssetTransfers needs fromAddress or toAddress');
    if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > MAX_TRANSFERS_PER_CALL) {
      throw new RangeError(`maxCount must be an integer from 1 to ${MAX_TRANSFERS_PER_CALL}`);
    }
    const asked = [...new Set(request.categories)];
    if (asked.length === 0) throw new RangeError('alchemy_getAssetTransfers needs at least one category');
    const unsupportedCategories = asked.filter((c) => c === 'internal' && !INTERNAL_TRANSFER_CHAINS.includes(chain));
    const categories = asked.filter((c) => !unsupportedCategories.includes(c));
    if (categories.length === 0) return { transfers: [], pageKey: null, unsupportedCategories };
    const network = CHAIN_IDS[chain].alchemyNetwork;
    const params = {
      fromBlock: '0x0',
      toBlock: 'latest',
      ...(fromAddress ? { fromAddress: fromAddress.toLowerCase() } : {}),
      ...(toAddress ? { toAddress: toAddress.toLowerCase() } : {}),
      category: categories,
      order,
      withMetadata: true,
      excludeZeroValue: true,
      maxCount: `0x${maxCount.toString(16)}`,
      ...(pageKey ? { pageKey } : {}),
    };
    const result = await rpcCall(
      this.rpc(network),
      network,
      'alchemy_getAssetTransfers',
      [params],
      (raw) => assetTransfersRpcResponseSchema.parse(raw),
      TRANSFERS_TTL_MS,
    );
    return { transfers: result.transfers.map((t) => assetTransfer(chain, t)), pageKey: result.pageKey || null, unsupportedCategories };
  }

  /** How many transactions the address has sent on an EVM chain (its nonce at the latest block). */
  async transactionCount(chain: Chain, address: string): Promise<number> {
    assertEvm(chain, 'eth_getTransactionCount');
    const network = CHAIN_IDS[chain].alchemyNetwork;
    const count = await rpcCall(
      this.rpc(network),
      network,
      'eth_getTransactionCount',
      [address.toLowerCase(), 'latest'],
      (raw) => transactionCountRpcResponseSchema.parse(raw),
      COUNT_TTL_MS,
    );
    return Number(count);
  }
}
