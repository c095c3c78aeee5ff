import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { CallerIdentity } from '@scout/core';
import { KEY_PREFIX } from './api-key.format';
import { ApiKeyService } from './api-key.service';
import { ACCESS_TOKEN_PREFIX } from './oauth/oauth-token.format';
import { OAuthTokenService } from './oauth/oauth-token.service';

/**
 * passport-http-bearer: `Authorization: Bearer <credential>` resolved to the caller, or a failure.
 * The prefix says which kind of credential it is: an `sc_` API key or an OAuth access token.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly oauth: OAuthTokenService,
  ) {
    super();
  }

  async validate(token: string): Promise<CallerIdentity | false> {
    if (token.startsWith(KEY_PREFIX)) return (await this.keys.verify(token)) ?? false;
    if (token.startsWith(ACCESS_TOKEN_PREFIX)) return (await this.oauth.verify(token))?.caller ?? false;
    return false;
  }
}
