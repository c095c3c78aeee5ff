import { Controller, Get } from '@nestjs/common';
import { RequireKey } from '@scout/auth';
import { ServiceStatusRegistry } from '@scout/core';
import { UpstreamSources } from '@scout/upstream';

/** Data-source state for the dashboard: health, key states (labels only, never keys), counters. */
@Controller('api/v1/admin/upstreams')
@RequireKey('admin')
export class AdminUpstreamsController {
  constructor(
    private readonly status: ServiceStatusRegistry,
    private readonly sources: UpstreamSources,
  ) {}

  @Get()
  upstreams() {
    return { sources: this.status.sourceHealth(), keys: this.status.keyStates(), counters: this.sources.stats() };
  }
}
