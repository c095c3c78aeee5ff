import { Controller, Get, Header, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { Probe } from '@scout/auth';
import { DrainState } from '@scout/core';
import { RedisReadiness } from './redis-readiness';

/** How long readiness waits for `SELECT 1`: well inside a load balancer's probe timeout. */
export const READINESS_DATABASE_TIMEOUT_MS = 1000;
/** How long readiness waits for a configured Redis to answer PING. */
export const READINESS_REDIS_TIMEOUT_MS = 1000;

/**
 * Probes for load balancers and orchestrators (@nestjs/terminus), answered in terminus's own shape
 * `{status, info, error, details}` that such tools read, not the API's error envelope.
 *  - /healthz (liveness): the process answers. It checks nothing else, so a database outage
 *    never gets healthy processes restarted.
 *  - /readyz (readiness): send traffic here. 503 while the process drains (from the first moment
 *    of a SIGTERM), while the database does not answer `SELECT 1` in time, or, with REDIS_URL set,
 *    while that Redis does not answer PING in time (check `redis`; absent without REDIS_URL).
 * Both are keyless and outside the per-IP rate limit (@Probe): a load balancer probing many
 * instances from one address must never be told 429.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly drain: DrainState,
    private readonly redis: RedisReadiness,
  ) {}

  @Get('healthz')
  @Probe()
  @Header('Cache-Control', 'no-store')
  liveness(): Promise<HealthCheckResult> {
    return this.health.check([() => this.indicators.check('process').up()]);
  }

  @Get('readyz')
  @Probe()
  @Header('Cache-Control', 'no-store')
  async readiness(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    // Draining decides alone: no database round trip for a process that is leaving anyway.
    const checks = this.drain.draining
      ? [() => this.drainCheck()]
      : [
          () => this.drainCheck(),
          () => this.database.pingCheck('database', { timeout: READINESS_DATABASE_TIMEOUT_MS }),
          ...(this.redis.configured ? [() => this.redisCheck()] : []),
        ];
    try {
      return await this.health.check(checks);
    } catch (error) {
      // Terminus reports a failed check as Nest's 503 exception; answer its body as is.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }

  private async redisCheck() {
    const check = this.indicators.check('redis');
    try {
      await this.redis.ping(READINESS_REDIS_TIMEOUT_MS);
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  private drainCheck() {
    const check = this.indicators.check('lifecycle');
    return this.drain.draining ? check.down({ draining: true, since: new Date(this.drain.since!).toISOString() }) : check.up({ draining: false });
  }
}
