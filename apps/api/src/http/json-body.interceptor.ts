import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import { AppConfig } from '@scout/core';
import { JsonBodyReader } from './json-body';

/**
 * Parses the JSON body once the guards have passed (interceptors run after guards and before
 * pipes): authentication and the unauthenticated rate limit come first, and a body error is a
 * ScoutError answered by the exception filter, with the credits header for a keyed caller.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly reader: JsonBodyReader;

  constructor(config: AppConfig) {
    this.reader = new JsonBodyReader(config.BODY_LIMIT_BYTES);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    return from(this.reader.read(http.getRequest<Request>(), http.getResponse<Response>())).pipe(switchMap(() => next.handle()));
  }
}
