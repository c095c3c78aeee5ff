import { Injectable } from '@nestjs/common';
import { Tool, type ToolContext, type ToolResult } from '@scout/core';
import { FeedStore } from '../feed-store';
import { FeedHub } from './feed-hub';
import { watchFeed, type WatchResult } from './watch';
import { MAX_WATCH_SECONDS, WatchStreamInput } from './watch.dto';

/** Watching the live feed: one request held open, many watches on one fan-out. */
@Injectable()
export class WatchToolsService {
  constructor(
    private readonly hub: FeedHub,
    private readonly store: FeedStore,
  ) {}

  @Tool({
    name: 'service_fomo_watch_stream',
    input: WatchStreamInput,
    deadlineMs: (MAX_WATCH_SECONDS + 5) * 1000,
    summary: "Watches tracked traders' buys and sells live for up to 120 seconds and returns every matching event that arrived.",
    description:
      'Holds the request open for durationSeconds (1-120), or until maxEvents (1-500) matching events arrived, and returns them oldest first with endedBy (maxEvents, duration, disconnected, shutdown). Filters: type, chain, trader, token, minUsd. With includeReplay (default) the matching events of the previous 10 minutes come in replay. Free, but needs a key. For a push stream use GET /api/v1/stream/alerts (Server-Sent Events).',
  })
  async watch(input: WatchStreamInput, context: ToolContext): Promise<ToolResult<WatchResult>> {
    const result = await watchFeed(this.hub, this.store, {
      filter: { side: input.type, chain: input.chain, trader: input.trader, token: input.token, minUsd: input.minUsd },
      durationMs: input.durationSeconds * 1000,
      maxEvents: input.maxEvents,
      includeReplay: input.includeReplay,
      signal: context.signal,
      now: Date.now,
    });
    const notes = result.endedBy === 'shutdown' ? ['The service is restarting: the watch ended early with what had arrived.'] : [];
    return { data: result, notes };
  }
}
