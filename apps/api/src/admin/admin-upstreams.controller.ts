import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { RequireKey } from '@scout/auth';
import { ServiceStatusRegistry } from '@scout/core';
import { FeedHub } from '@scout/feeds';
import { UpstreamSources } from '@scout/upstream';
import type { UpstreamsState } from './admin-answers';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/**
 * Data-source state for the dashboard: health, key states (labels only, never keys), counters, and
 * this process's live feed fan-out (open watches and streams, whether it listens, events handed out).
 */
@Controller('api/v1/admin/upstreams')
@UseInterceptors(RouteAnswerCheck)
@RequireKey('admin')
export class AdminUpstreamsController {
  constructor(
    private readonly status: ServiceStatusRegistry,
    private readonly sources: UpstreamSources,
    private readonly hub: FeedHub,
  ) {}

  @Get()
  upstreams(): UpstreamsState {
    return {
      sources: this.status.sourceHealth(),
      keys: this.status.keyStates(),
      counters: this.sources.stats(),
      feed: { openWatches: this.hub.size, listening: this.hub.listening, delivered: this.hub.delivered },
    };
  }
}
