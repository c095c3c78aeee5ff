import { Inject, Injectable } from '@nestjs/common';
import { Clock, InvalidRequestError, Tool, unixOrIsoTime, type ToolResult } from '@scout/core';
import { networkIdParam, tokenRef, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.ports';
import { candleSeries, MAX_CANDLES, resolutionSeconds, type Candle, type CandleResolution } from './candle-figures';
import { TokenCandlesInput } from './candles.dto';

export interface TokenCandlesData {
  /** The token asked about. */
  token: TokenRef;
  /** The provider's network id of the token (token.networkId when it does not say), under the peer's name. */
  networkId: number | null;
  /** The candle size asked: minutes unless suffixed with S (seconds) or D (days). */
  resolution: CandleResolution;
  /** One candle's span, seconds. */
  resolutionSeconds: number;
  /** The range asked, unix seconds. */
  from: number | null;
  /** End of the range, unix seconds (now when not given or in the future). */
  to: number;
  /** Candles returned. */
  count: number;
  /** Start of the oldest candle, unix seconds; null without candles. */
  firstTs: number | null;
  /** Start of the newest candle, unix seconds; null without candles. */
  lastTs: number | null;
  /** True when intervals without trades are missing from the list (ask with fill to have them). */
  sparse: boolean;
  /** Intervals added by fill. */
  filled: number;
  /** The provider's word on where its candles came from ('live', or its store) and whether they are old; null when it does not say. */
  source: string | null;
  /** Whether the provider says its candles are old; null when it does not say. */
  stale: boolean | null;
  /** The candles, oldest first, one per interval. */
  candles: Candle[];
}

/** Price candles of one token, from the provider's trades. */
@Injectable()
export class CandleToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_token_candles',
    input: TokenCandlesInput,
    summary: 'Price candles (OHLCV) for a coin, from one second to one week each.',
    description:
      'resolution 1S, 15S, 30S, 1, 5, 15, 30, 60, 240, 720, 1D or 7D; countBack 1-1000 newest candles up to `to` (default now), or the range from..to. Each candle: t (start, unix seconds), time (ISO), o, h, l, c, v (USD volume); high is at least open and close, low at most. Intervals without trades are absent (sparse) unless fill, which carries the last close through them with zero volume. source and stale are as the provider sends them (null when it does not say).',
  })
  async candles(input: TokenCandlesInput): Promise<ToolResult<TokenCandlesData>> {
    const token = tokenRef(input.address, input.chain);
    const step = resolutionSeconds(input.resolution);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const to = Math.min(input.to !== undefined ? unixOrIsoTime(input.to, 's')! : now, now);
    const from = input.from !== undefined ? unixOrIsoTime(input.from, 's')! : null;
    if (from !== null && from > now)
      throw new InvalidRequestError('from is in the future: there are no candles there yet.', [{ path: 'from', message: 'from must not be in the future' }]);
    const buckets = from !== null ? Math.max(1, Math.floor(to / step) - Math.floor(from / step) + 1) : input.countBack;
    const keep = Math.min(input.countBack, buckets, MAX_CANDLES);
    const answer = await this.fomo.candles(token.address, {
      resolution: input.resolution,
      countBack: keep,
      from: from ?? undefined,
      to,
      networkId: networkIdParam(token, input.chain !== undefined),
    });
    const inRange = answer.candles.filter((c) => c.t <= to && (from === null || c.t + step > from));
    const series = candleSeries(inRange, step, { fill: input.fill, endAt: to, keep });
    const notes: string[] = [];
    if (series.repaired > 0) notes.push(`${series.repaired} candle(s) from the provider had a high or low not covering open and close; widened to cover them.`);
    if (from !== null && buckets > keep) notes.push(`The range holds ${buckets} intervals; the newest ${keep} are returned (countBack).`);
    if (input.to !== undefined && unixOrIsoTime(input.to, 's')! > now) notes.push('`to` is in the future: candles end now.');
    if (series.candles.length === 0) notes.push('No trades in the range: no candles.');
    const { candles } = series;
    return {
      data: {
        token,
        networkId: answer.networkId ?? token.networkId,
        resolution: input.resolution,
        resolutionSeconds: step,
        from,
        to,
        count: candles.length,
        firstTs: candles[0]?.t ?? null,
        lastTs: candles[candles.length - 1]?.t ?? null,
        sparse: series.sparse,
        filled: series.filledCount,
        source: answer.source,
        stale: answer.stale,
        candles,
      },
      notes,
    };
  }
}
