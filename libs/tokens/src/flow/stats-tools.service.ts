import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { TokenInput } from '../token-input.dto';
import { networkIdParam, tokenRef, withProviderChain, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.ports';
import { concentration, flowWindows, type Concentration, type FlowWindows } from './flow-figures';

export interface TokenStatsData {
  /** The token asked about, with the chain the provider named when the caller did not. */
  token: TokenRef;
  /** Price of one whole token in USD, per the provider; null when it does not say. */
  priceUsd: number | null;
  /** Every holder of the token, per the provider. */
  holders: number | null;
  /** The top-10 holders' percentage (0-100) with its level (low < 25, moderate < 50, high < 80, extreme). */
  concentration: Concentration;
  /** Buy and sell flow per window (5m, 1h, 4h, 24h); a window the provider did not report is null. */
  windows: FlowWindows;
}

/** Buy and sell flow on one token. */
@Injectable()
export class StatsToolsService {
  constructor(@Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort) {}

  @Tool({
    name: 'service_fomo_token_stats',
    input: TokenInput,
    summary: 'Buys versus sells on a coin over 5 minutes, 1 hour, 4 hours and 1 day, with total holders and top-10 concentration.',
    description:
      "Per window: buys, sells, unique buyers and sellers, buy/sell/net USD volume, buySellRatio (buys per sell; null when there were no sells), the buy share of volume and which side leads (pressure). Concentration is the top-10 holders' percentage with a level (low < 25, moderate < 50, high < 80, extreme).",
  })
  async tokenStats(input: TokenInput): Promise<ToolResult<TokenStatsData>> {
    const asked = tokenRef(input.address, input.chain);
    const stats = await this.fomo.tokenStats(asked.address, networkIdParam(asked, input.chain !== undefined));
    return {
      data: {
        token: withProviderChain(asked, stats.networkId),
        priceUsd: stats.priceUsd,
        holders: stats.holders,
        concentration: concentration(stats.top10HoldersPercent),
        windows: flowWindows(stats),
      },
    };
  }
}
