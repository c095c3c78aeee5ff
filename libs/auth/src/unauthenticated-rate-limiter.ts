import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppConfig, RateLimitedError } from '@scout/core';
import { rateLimitKey } from './rate-limit-key';

/**
 * Per-IP budget for requests that carry no valid key (rate-limiter-flexible), an IPv6 client's by
 * its network (rateLimitKey, RATE_LIMIT_IPV6_PREFIX). Counters live in Redis when REDIS_URL is
 * set, so every instance shares them; otherwise in this process.
 */
@Injectable()
export class UnauthenticatedRateLimiter implements OnModuleDestroy {
  private readonly limiter: RateLimiterAbstract;
  private readonly redis?: Redis;
  private readonly ipv6Prefix: number;

  constructor(config: AppConfig) {
    this.ipv6Prefix = config.RATE_LIMIT_IPV6_PREFIX;
    const options = { keyPrefix: 'scout:unauth', points: config.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE, duration: 60 };
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      this.limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        // If Redis is unreachable, fall back to a per-process budget rather than failing open.
        insuranceLimiter: new RateLimiterMemory(options),
      });
    } else {
      this.limiter = new RateLimiterMemory(options);
    }
  }

  /** Spends one request of the IP's budget; throws RateLimitedError (429) when it is used up. */
  async consume(ip: string): Promise<void> {
    try {
      await this.limiter.consume(rateLimitKey(ip, this.ipv6Prefix));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      throw rejection;
    }
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}
