import { Module } from '@nestjs/common';
import { OAuthHousekeeping } from '../oauth-housekeeping.service';

/** What the worker needs of OAuth: its housekeeping, without the guard, passport or the rate limiter. */
@Module({ providers: [OAuthHousekeeping], exports: [OAuthHousekeeping] })
export class OAuthJobsModule {}
