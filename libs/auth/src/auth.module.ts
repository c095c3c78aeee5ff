import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from './access.guard';
import { ApiKeyService } from './api-key.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { ClientMetadataFetcher } from './oauth/client-metadata.fetcher';
import { OAuthAuthorizationService } from './oauth/oauth-authorization.service';
import { OAuthClientStore } from './oauth/oauth-client.store';
import { OAuthGrantStore } from './oauth/oauth-grant.store';
import { OAuthTokenService } from './oauth/oauth-token.service';
import { UnauthenticatedRateLimiter } from './unauthenticated-rate-limiter';
import { VerifiedCredentials } from './verified-credentials';

const OAUTH = [ClientMetadataFetcher, OAuthClientStore, OAuthAuthorizationService, OAuthGrantStore, OAuthTokenService];

/**
 * Bearer credentials (`sc_` API keys and OAuth access tokens), the access guard (AppModule
 * registers it as the first global guard), the unauthenticated rate limit, and the OAuth
 * authorization server's domain (its HTTP side is apps/api/src/mcp/oauth).
 */
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [VerifiedCredentials, ApiKeyService, ...OAUTH, BearerStrategy, BearerAuthGuard, UnauthenticatedRateLimiter, AccessGuard],
  exports: [AccessGuard, ApiKeyService, UnauthenticatedRateLimiter, ...OAUTH],
})
export class AuthModule {}
