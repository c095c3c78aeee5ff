import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppConfig } from '@scout/core';
import { JsonBodyReader } from './json-body';

const ENVELOPE_BYTES = 'scout:body-envelope-bytes';

/**
 * Marks a route whose body wraps the input in an envelope (JSON-RPC on /mcp): the body may be
 * `extraBytes` larger than BODY_LIMIT_BYTES for the envelope, may be any JSON text, and is not
 * depth-checked here; the route applies the input limits to the input inside, as REST applies
 * them to a body.
 */
export const ReadsEnvelopedBody = (extraBytes: number) => SetMetadata(ENVELOPE_BYTES, extraBytes);

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
  private readonly envelopeReaders = new Map<number, JsonBodyReader>();

  constructor(
    private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {
    this.reader = new JsonBodyReader(config.BODY_LIMIT_BYTES);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    await this.readerFor(context).read(http.getRequest<Request>(), http.getResponse<Response>());
    return true;
  }

  private readerFor(context: ExecutionContext): JsonBodyReader {
    const extraBytes = this.reflector.get<number | undefined>(ENVELOPE_BYTES, context.getClass());
    if (extraBytes === undefined) return this.reader;
    let reader = this.envelopeReaders.get(extraBytes);
    if (!reader) {
      reader = new JsonBodyReader(this.config.BODY_LIMIT_BYTES + extraBytes, true);
      this.envelopeReaders.set(extraBytes, reader);
    }
    return reader;
  }
}
