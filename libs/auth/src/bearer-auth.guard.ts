import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import { isDatabaseUnavailable, ScoutError, ServiceUnavailableError, UnauthorizedError, type CallerIdentity } from '@scout/core';
import { BearerStrategy } from './bearer.strategy';

/**
 * Runs the bearer strategy. A key that does not verify is the contract's 401; a key that could
 * not be checked because the database is down is 503, never a misleading 401.
 *
 * It runs this application's own strategy instance, not passport's process-wide 'bearer' entry
 * (which @nestjs/passport's AuthGuard looks up by name): with several apps in one process, as the
 * multi-instance tests run them, that entry is whichever app booted last, so every app would
 * verify keys through that one app's cache and database.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly strategy: BearerStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: unknown }>();
    const res = http.getResponse<Response>();
    // The strategy's outcome, the first time it settles (through its callback or through next).
    const [err, user] = await new Promise<[unknown, CallerIdentity | false]>((resolve) => {
      const settle = (error: unknown, caller: CallerIdentity | false) => resolve([error, caller]);
      // A fresh object per request, as passport itself makes from a registered strategy: the
      // success/fail actions it attaches are bound to this request only.
      const strategy = Object.create(this.strategy) as passport.Strategy;
      const middleware = passport.authenticate(strategy, { session: false }, settle) as (req: Request, res: Response, next: (err?: unknown) => void) => void;
      middleware(req, res, (error?: unknown) => settle(error, false));
    });
    req.user = this.handleRequest(err, user);
    return true;
  }

  handleRequest<T = CallerIdentity>(err: unknown, user: T | false): T {
    if (err instanceof ScoutError) throw err;
    if (err && isDatabaseUnavailable(err)) throw new ServiceUnavailableError();
    if (err || !user) throw new UnauthorizedError();
    return user;
  }
}
