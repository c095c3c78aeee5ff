import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { UnauthorizedError, type CallerIdentity } from '@scout/core';

/** Runs the bearer strategy; any failure becomes the contract's 401 `unauthorized`. */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  handleRequest<T = CallerIdentity>(err: unknown, user: T | false): T {
    if (err || !user) throw new UnauthorizedError();
    return user;
  }
}
