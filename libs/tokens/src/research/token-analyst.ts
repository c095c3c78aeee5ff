import { Inject, Injectable } from '@nestjs/common';
import type { Chain } from '@scout/upstream';
import { devRow, rugFlags, type DevRow, type RugFlag } from '../devs/dev-figures';
import { concentration, flowWindows, type Concentration, type FlowWindows } from '../flow/flow-figures';
import { trackedHolders, trackedShareOfHoldersPct, type TrackedHolderRow } from '../holders/holder-figures';
import { tokenThesisRow, type TokenThesisRow } from '../theses/token-theses.service';
import { TokenParts } from '../token-parts';
import { networkIdParam, withProviderChain, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.ports';

/** Tracked holders and theses an analysis lists. */
const TOP_HOLDERS = 10;
const TOP_THESES = 10;

export interface TokenAnalysis {
  /** The token asked about, with the chain the provider's stats named when the caller did not. */
  token: TokenRef;
  /** token.chain, under the peer's name. */
  chain: Chain | null;
  /** Price of one whole token in USD, per the provider's stats; null without stats. */
  priceUsd: number | null;
  /** Every holder of the token, per the provider's stats; null without stats. */
  holders: number | null;
  /** concentration.top10HoldersPercent, under the peer's name. */
  top10HoldersPercent: number | null;
  /** The top-10 holders' percentage (0-100) with its level (low, moderate, high, extreme); null without stats. */
  concentration: Concentration | null;
  /** Buy and sell flow per window (5m, 1h, 4h, 24h); null without stats, a window null when not reported. */
  flow: FlowWindows | null;
  /** Tracked traders holding the token; null when the tracked-holders read failed. */
  trackedHolderCount: number | null;
  /** USD value all tracked holders hold; null when none is known or the tracked-holders read failed. */
  trackedValueUsd: number | null;
  /** Tracked holders as a share of all holders, percent 0-100; null without either part or holder total. */
  trackedShareOfHoldersPct: number | null;
  /** The ten largest tracked holders by USD value; null when the tracked-holders read failed. */
  topTrackedHolders: TrackedHolderRow[] | null;
  /** Developer and insider positions; null when not asked (includeDevs false) or not answered. */
  devs: DevRow[] | null;
  /** Rug flags from the developer rows; null with them. */
  flags: RugFlag[] | null;
  /** Most-liked theses; null when not asked or not answered. */
  theses: TokenThesisRow[] | null;
}

/**
 * One token's research memo: stats, tracked holders, developers and (optionally) theses read in
 * parallel. A lost part is null with a note; no part answering is the first failure (502); no part
 * knowing the token is a 404.
 */
@Injectable()
export class TokenAnalyst {
  constructor(@Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort) {}

  async analyze(
    asked: TokenRef,
    options: { chainGiven: boolean; includeDevs: boolean; includeTheses: boolean },
  ): Promise<{ analysis: TokenAnalysis; notes: string[] }> {
    const parts = new TokenParts();
    const [stats, holders, devs, theses] = await Promise.all([
      parts.run({ part: 'FOMO token stats', affects: 'priceUsd, holders, concentration, flow' }, () =>
        this.fomo.tokenStats(asked.address, networkIdParam(asked, options.chainGiven)),
      ),
      parts.run({ part: 'FOMO tracked holders', affects: 'trackedHolderCount, trackedValueUsd, topTrackedHolders' }, () =>
        this.fomo.tokenHolders(asked.address),
      ),
      options.includeDevs ? parts.run({ part: 'FOMO token devs', affects: 'devs, flags' }, () => this.fomo.tokenDevs(asked.address)) : null,
      options.includeTheses
        ? parts.run({ part: 'FOMO theses', affects: 'theses', knowsToken: false }, () => this.fomo.thesesForToken(asked.address, { sort: 'likes' }))
        : null,
    ]);
    parts.settle();
    const tracked = holders ? trackedHolders(holders.holders, TOP_HOLDERS) : null;
    const devRows = devs ? devs.map(devRow) : null;
    const token = stats ? withProviderChain(asked, stats.networkId) : asked;
    const top10 = stats ? concentration(stats.top10HoldersPercent) : null;
    return {
      analysis: {
        token,
        chain: token.chain,
        priceUsd: stats?.priceUsd ?? null,
        holders: stats?.holders ?? null,
        top10HoldersPercent: top10?.top10HoldersPercent ?? null,
        concentration: top10,
        flow: stats ? flowWindows(stats) : null,
        trackedHolderCount: tracked?.trackedHolderCount ?? null,
        trackedValueUsd: tracked?.trackedValueUsd ?? null,
        trackedShareOfHoldersPct: tracked && stats ? trackedShareOfHoldersPct(tracked.trackedHolderCount, stats.holders) : null,
        topTrackedHolders: tracked?.holders ?? null,
        devs: devRows,
        flags: devRows ? rugFlags(devRows) : null,
        theses: theses
          ? [...theses.theses]
              .map(tokenThesisRow)
              .sort((a, b) => (b.likes ?? -1) - (a.likes ?? -1))
              .slice(0, TOP_THESES)
          : null,
      },
      notes: parts.notes,
    };
  }
}
