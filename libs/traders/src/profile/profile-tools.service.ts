import { Inject, Injectable } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import { chainFromFomo, isFomoUserId, normalizeFomoHandle, type Chain, type FomoProfile } from '@scout/upstream';
import { TraderDirectory } from '../trader-directory.service';
import { sightingOf } from '../trader-views';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { ResolveTraderInput, TraderSearchInput } from './profile.dto';
import { profileView, searchTraderView, type ProfileView, type SearchTraderView } from './profile-view';

export interface SearchTokenRow {
  /** The token's contract address (mint on Solana). */
  address: string;
  /** The token's name; null when FOMO does not say. */
  name: string | null;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** USD per token; null when FOMO does not say. */
  priceUsd: number | null;
  /** Market cap, in USD; null when FOMO does not say. */
  marketCapUsd: number | null;
}

export interface SearchData {
  /** The text searched (trimmed). */
  q: string;
  /** What was searched: traders, tokens or all. */
  type: 'traders' | 'tokens' | 'all';
  /** Matching traders with wallets and all-time PnL, volume and trades (at most limit). */
  traders: SearchTraderView[];
  /** Matching coins with address, chain, price and market cap (at most limit). */
  tokens: SearchTokenRow[];
}

/** Finding traders and coins, and a trader's full profile. */
@Injectable()
export class ProfileToolsService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly directory: TraderDirectory,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_search',
    input: TraderSearchInput,
    summary: 'Finds tracked traders by handle or name (with wallets and all-time PnL) and coins by ticker or name.',
    description:
      'type narrows to traders or tokens. Trader rows carry the Solana and EVM wallets and all-time PnL, volume and trades; token rows the address, chain, price and market cap.',
  })
  async search(input: TraderSearchInput): Promise<ToolResult<SearchData>> {
    const q = input.q.trim();
    const found = await this.fomo.search(q, { type: input.type, limit: input.limit });
    const hits = found.traders.slice(0, input.limit);
    await this.directory.record(hits.map(sightingOf));
    const traders = hits.map(searchTraderView);
    const tokens = found.tokens.slice(0, input.limit).map((t): SearchTokenRow => ({
      address: t.address,
      name: t.name,
      symbol: t.symbol,
      chain: chainFromFomo(t.chain, t.networkId),
      priceUsd: t.priceUsd,
      marketCapUsd: t.marketCapUsd,
    }));
    const notes = traders.length === 0 && tokens.length === 0 ? [`Nothing matched "${q}".`] : [];
    return { data: { q, type: input.type, traders, tokens }, notes };
  }

  @Tool({
    name: 'service_fomo_resolve_trader',
    input: ResolveTraderInput,
    summary: "A tracked trader's full profile: wallets, PnL over 24h/7d/30d/all, volume, trades, holding time, followers, account age.",
    description:
      'By handle (any case, @ optional) or user id; a trader Scout has seen is read by user id. Profiles are cached 15 minutes. accountAgeDays comes from createdAt when the provider does not send it.',
  })
  async resolveTrader(input: ResolveTraderInput): Promise<ToolResult<ProfileView>> {
    const profile = await this.profile(input.trader);
    return { data: profileView(profile, this.clock.now().getTime()) };
  }

  /** The full profile by user id when it is known (stable across renames), else by handle. */
  async profile(trader: string): Promise<FomoProfile> {
    const known = await this.directory.resolve(trader);
    const name = normalizeFomoHandle(trader);
    const profile = known
      ? await this.fomo.userById(known.userId)
      : isFomoUserId(name)
        ? await this.fomo.userById(name.toLowerCase())
        : await this.fomo.userByHandle(name);
    await this.directory.record([sightingOf(profile)]);
    return profile;
  }
}
