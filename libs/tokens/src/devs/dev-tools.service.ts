import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import type { FomoTrade } from '@scout/upstream';
import { concentration, flowWindow, type Concentration, type FlowWindow } from '../flow/flow-figures';
import { TokenInput } from '../token-input.dto';
import { TokenParts } from '../token-parts';
import { networkIdParam, tokenRef, withProviderChain, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, FOMO_TRADES_CLIENT, type FomoTokensPort, type FomoTradesPort } from '../tokens.ports';
import { devRow, launchPosition, launchTimeProxy, rugFlags, type DevRow, type LaunchPosition, type RugFlag } from './dev-figures';

/** Developer trades opened at most, so one token with many insiders cannot fan out without bound. */
const MAX_DEV_TRADES = 5;

export interface TokenDevsData {
  /** The token asked about. */
  token: TokenRef;
  /** Developer positions the provider knows. */
  developers: number;
  /** Insider positions the provider knows. */
  insiders: number;
  /** Each developer and insider position; empty when the provider knows none (not a safety signal). */
  devs: DevRow[];
  /** Rug flags from the positions: dev_exited, insiders_exited (high); dev_selling, insiders_exiting (medium). */
  flags: RugFlag[];
}

export interface LaunchResearchData {
  /** The token asked about, with the chain the provider's stats named when the caller did not. */
  token: TokenRef;
  /** False when the provider knows no developer of this token; null when its devs route did not answer. */
  devKnown: boolean | null;
  /** The launch-time proxy: when the earliest developer position opened (no on-chain deploy time from this provider). */
  launchTimeProxy: string | null;
  /** Developers, insiders and flags are null when the devs route did not answer (unknown, not none). */
  developers:
    | (DevRow & {
        /** The developer's own trade: when it opened, and how much of what they bought they have sold; null when it has no trade id, was not opened, or did not answer. */
        position: LaunchPosition | null;
      })[]
    | null;
  /** Insider positions; null when the devs route did not answer. */
  insiders: DevRow[] | null;
  /** Rug flags from the positions; null when the devs route did not answer. */
  flags: RugFlag[] | null;
  /** Age context from the token's stats; null when they did not answer. */
  market: {
    /** USD per token, from the token's stats; null when they do not say. */
    priceUsd: number | null;
    /** Holders of the token (all wallets, not only tracked traders); null when the stats do not say. */
    holders: number | null;
    /** The top 10 holders' share of the supply. */
    concentration: Concentration;
    /** Buys, sells and USD volume over the last 24 hours; null when the stats carry no 24h window. */
    flow24h: FlowWindow | null;
  } | null;
}

/** What a token's developers and insiders did with their bags. */
@Injectable()
export class DevToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    @Inject(FOMO_TRADES_CLIENT) private readonly trades: FomoTradesPort,
  ) {}

  @Tool({
    name: 'service_fomo_token_devs',
    input: TokenInput,
    summary: "Whether a coin's creator and insiders still hold or have sold, with rug flags.",
    description:
      'Each developer and insider position: handle, wallet, amount, value, cost basis, realized and unrealized PnL, average entry, hold time, tradeId, their own thesis, and status (holding, sold_some, exited). Flags: dev_exited and insiders_exited (high), dev_selling and insiders_exiting (medium). An empty list means the provider knows no developer position, not that the token is safe.',
  })
  async tokenDevs(input: TokenInput): Promise<ToolResult<TokenDevsData>> {
    const token = tokenRef(input.address, input.chain);
    const devs = (await this.fomo.tokenDevs(token.address)).map(devRow);
    return {
      data: {
        token,
        developers: devs.filter((d) => d.role === 'developer').length,
        insiders: devs.filter((d) => d.role === 'insider').length,
        devs,
        flags: rugFlags(devs),
      },
    };
  }

  @Tool({
    name: 'service_fomo_token_launch_research',
    input: TokenInput,
    summary: "Who created a coin, when (from the developer's first position), and whether they have sold.",
    description:
      "Reads the developers and insiders, then opens each developer's own trade for when the position opened (the launch-time proxy: the provider has no on-chain deploy time) and how much of what they bought they have sold; the token's stats add price, holders and flow for context. Parts run in parallel; a part that fails is null with a note.",
  })
  async launchResearch(input: TokenInput): Promise<ToolResult<LaunchResearchData>> {
    let token = tokenRef(input.address, input.chain);
    const parts = new TokenParts();
    const [devs, stats] = await Promise.all([
      parts.run({ part: 'FOMO token devs', affects: 'devKnown, developers, insiders, flags, launchTimeProxy' }, () => this.fomo.tokenDevs(token.address)),
      parts.run({ part: 'FOMO token stats', affects: 'market' }, () => this.fomo.tokenStats(token.address, networkIdParam(token, input.chain !== undefined))),
    ]);
    parts.settle();
    if (stats) token = withProviderChain(token, stats.networkId);
    const rows = devs ? devs.map(devRow) : null;
    const developers = (rows ?? []).filter((r) => r.role === 'developer');
    const opened = developers.filter((d) => d.tradeId !== null).slice(0, MAX_DEV_TRADES);
    if (developers.length > opened.length) parts.note(`Opened the trades of ${opened.length} of ${developers.length} developers.`);
    const positions = await Promise.all(
      opened.map((d) =>
        parts.run({ part: `FOMO trade ${d.tradeId}`, affects: `${d.handle ?? 'the developer'}'s position` }, () => this.trades.trade(d.tradeId!)),
      ),
    );
    const byTrade = new Map(positions.filter((p): p is FomoTrade => p !== null).map((p) => [p.tradeId, launchPosition(p)]));
    if (devs && developers.length === 0) parts.note('The provider knows no developer of this token; an on-chain deploy time needs a chain indexer.');
    return {
      data: {
        token,
        devKnown: rows ? developers.length > 0 : null,
        launchTimeProxy: launchTimeProxy([...byTrade.values()]),
        developers: rows ? developers.map((d) => ({ ...d, position: (d.tradeId && byTrade.get(d.tradeId)) || null })) : null,
        insiders: rows ? rows.filter((r) => r.role === 'insider') : null,
        flags: rows ? rugFlags(rows) : null,
        market: stats
          ? {
              priceUsd: stats.priceUsd,
              holders: stats.holders,
              concentration: concentration(stats.top10HoldersPercent),
              flow24h: flowWindow(stats.windows['24h']),
            }
          : null,
      },
      notes: parts.notes,
    };
  }
}
