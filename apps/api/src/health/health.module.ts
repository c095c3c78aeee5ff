import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { RedisReadiness } from './redis-readiness';

/** The liveness and readiness probes. Failed probes are not logged: a drain or an outage would repeat one line per probe. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [RedisReadiness],
})
export class HealthModule {}
