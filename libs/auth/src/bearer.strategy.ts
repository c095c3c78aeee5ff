import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { CallerIdentity } from '@scout/core';
import { ApiKeyService } from './api-key.service';

/** passport-http-bearer: `Authorization: Bearer sc_...` resolved to the caller, or a failure. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly keys: ApiKeyService) {
    super();
  }

  async validate(token: string): Promise<CallerIdentity | false> {
    return (await this.keys.verify(token)) ?? false;
  }
}
