import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  isDatabaseUnavailable,
  ScoutError,
  ServiceUnavailableError,
  UnauthorizedError,
  type CallerIdentity,
} from '@scout/core';

/**
 * Runs the bearer strategy. A key that does not verify is the contract's 401; a key that could
 * not be checked because the database is down is 503, never a misleading 401.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  handleRequest<T = CallerIdentity>(err: unknown, user: T | false): T {
    if (err instanceof ScoutError) throw err;
    if (err && isDatabaseUnavailable(err)) throw new ServiceUnavailableError();
    if (err || !user) throw new UnauthorizedError();
    return user;
  }
}
