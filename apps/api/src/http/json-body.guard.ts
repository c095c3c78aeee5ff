import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '@scout/core';
import { JsonBodyReader } from './json-body';

/**
 * Parses the JSON body as the last guard, after the access guard (AppModule registers the two in
 * that order): authentication and the unauthenticated rate limit come first, and a body error is a
 * ScoutError answered by the exception filter, with the credits header for a keyed caller. A guard
 * rather than an interceptor: guards are plain awaited calls, while an interceptor wraps every
 * request (and every held watch) in an rxjs chain for as long as it lives.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  private readonly reader: JsonBodyReader;

  constructor(config: AppConfig) {
    this.reader = new JsonBodyReader(config.BODY_LIMIT_BYTES);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    await this.reader.read(http.getRequest<Request>(), http.getResponse<Response>());
    return true;
  }
}
