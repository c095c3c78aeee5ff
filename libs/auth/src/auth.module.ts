import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from './access.guard';
import { ApiKeyService } from './api-key.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { UnauthenticatedRateLimiter } from './unauthenticated-rate-limiter';

/** Bearer API keys, the access guard on every route, and the unauthenticated rate limit. */
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [ApiKeyService, BearerStrategy, BearerAuthGuard, UnauthenticatedRateLimiter, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [ApiKeyService],
})
export class AuthModule {}
