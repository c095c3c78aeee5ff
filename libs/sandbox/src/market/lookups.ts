/**
 * Queries by identity: an asset by id, gecko id or symbol, a token by coins key, mint or chain and
 * address, a protocol by slug, name or id, a chain by any spelling of its name.
 */
import { CHAINS, type ChainInfo } from './universe';
import type { Asset, Protocol, Token } from './types';

export class MarketIndex {
  private readonly assetById = new Map<string, Asset>();
  private readonly assetByGecko = new Map<string, Asset>();
  private readonly tokenByCoinsKey = new Map<string, Token>();
  private readonly tokenByMint = new Map<string, Token>();
  private readonly protocolBySlug = new Map<string, Protocol>();

  constructor(
    private readonly assets: readonly Asset[],
    private readonly tokens: readonly Token[],
    private readonly protocols: readonly Protocol[],
  ) {
    for (const a of assets) {
      this.assetById.set(a.id, a);
      if (a.geckoId) this.assetByGecko.set(a.geckoId, a);
    }
    for (const t of tokens) {
      this.tokenByCoinsKey.set(normaliseCoinsKey(t.coinsKey), t);
      if (!t.chain.evm) this.tokenByMint.set(t.address, t);
    }
    for (const p of protocols) this.protocolBySlug.set(p.slug, p);
  }

  asset(id: string): Asset | undefined {
    return this.assetById.get(id);
  }

  protocol(slugOrName: string): Protocol | undefined {
    const s = slugOrName.toLowerCase();
    return this.protocolBySlug.get(s) ?? this.protocols.find((p) => p.name.toLowerCase() === s || p.id === slugOrName);
  }

  /** A DefiLlama coins key (`chain:address` or `coingecko:id`) → token or asset. */
  resolveCoinsKey(key: string): { token: Token | null; asset: Asset } | undefined {
    const idx = key.indexOf(':');
    if (idx <= 0) return undefined;
    const prefix = key.slice(0, idx).toLowerCase();
    const rest = key.slice(idx + 1);
    if (prefix === 'coingecko') {
      const asset = this.assetByGecko.get(rest.toLowerCase());
      return asset ? { token: null, asset } : undefined;
    }
    const token = this.tokenByCoinsKey.get(normaliseCoinsKey(`${prefix}:${rest}`));
    return token ? { token, asset: token.asset } : undefined;
  }

  /** Solana mint → token (case-sensitive). */
  tokenByMintAddress(mint: string): Token | undefined {
    return this.tokenByMint.get(mint);
  }

  /** Token on a chain by address (EVM case-insensitive, Solana exact). */
  tokenOn(chain: ChainInfo, address: string): Token | undefined {
    if (!chain.evm) return this.tokenByMint.get(address);
    return this.tokenByCoinsKey.get(normaliseCoinsKey(`${chain.coinsPrefix}:${address}`));
  }

  /** Asset by a market symbol (ETH, BTC, SOL, USDC...) or by a token symbol (WETH...). */
  assetBySymbol(symbol: string): Asset | undefined {
    const s = symbol.toUpperCase();
    return this.assets.find((a) => a.symbol.toUpperCase() === s) ?? this.tokens.find((t) => t.symbol.toUpperCase() === s)?.asset;
  }
}

export function chainByName(name: string): ChainInfo | undefined {
  const n = normaliseChain(name);
  return CHAINS.find((c) => normaliseChain(c.name) === n || c.coinsPrefix === n);
}

export function chainByAlchemyNetwork(network: string): ChainInfo | undefined {
  return CHAINS.find((c) => c.alchemyNetwork === network);
}

/** Canonical coins key: prefix lowercased, EVM addresses lowercased, Solana kept. */
function normaliseCoinsKey(key: string): string {
  const idx = key.indexOf(':');
  const prefix = key.slice(0, idx).toLowerCase();
  const rest = key.slice(idx + 1);
  return `${prefix}:${rest.startsWith('0x') || rest.startsWith('0X') ? rest.toLowerCase() : rest}`;
}

/** "Hyperliquid L1", "hyperliquid-l1", "hyperliquid%20l1", "HYPERLIQUID_L1" → "hyperliquid l1". */
export function normaliseChain(name: string): string {
  return name.toLowerCase().replace(/[-_+]/g, ' ').replace(/\s+/g, ' ').trim();
}
