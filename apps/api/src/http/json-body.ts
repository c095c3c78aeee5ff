import type { Request, RequestHandler, Response } from 'express';
import express from 'express';
import { InvalidRequestError, MAX_INPUT_DEPTH, nestsDeeperThan, ScoutError, UnauthorizedError } from '@scout/core';

/** What body-parser (and the decompression under it) fails with. */
type BodyFailure = Error & { type?: string; status?: number; statusCode?: number; code?: string };

const ISSUE = (message: string) => [{ path: '', message }];

/**
 * The two limits every input is held to, as refusals naming what was sent ('The request body',
 * or on /mcp 'The arguments'): one wording and one issue for REST and MCP alike.
 */
export const tooLargeError = (what: string, limitBytes: number) =>
  new InvalidRequestError(`${what} is larger than ${limitBytes} bytes.`, ISSUE(`body larger than ${limitBytes} bytes`));
export const tooDeepError = (what: string) =>
  new InvalidRequestError(`${what} nests deeper than ${MAX_INPUT_DEPTH} levels.`, ISSUE(`nested deeper than ${MAX_INPUT_DEPTH} levels`));

/** A body that is not JSON at all: JSON-RPC (on /mcp) tells this apart from valid JSON it refuses. */
export class MalformedJsonError extends InvalidRequestError {}

/** A body-parser failure as the contract's 400; a failure that is not the client's stays a 500. */
export function bodyError(error: BodyFailure, limitBytes: number, req: Request): ScoutError {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) return new ScoutError('internal_error', 'Internal error. The request id identifies it in the logs.');
  switch (error.type) {
    case 'entity.too.large':
      return tooLargeError('The request body', limitBytes);
    case 'entity.parse.failed':
      return new MalformedJsonError('The request body is not valid JSON.', ISSUE('malformed JSON'));
    case 'encoding.unsupported':
      return new InvalidRequestError(
        `Content-Encoding "${req.headers['content-encoding']}" is not supported: send the body uncompressed, or as gzip, deflate or br.`,
        ISSUE('unsupported Content-Encoding'),
      );
    case 'charset.unsupported':
      return new InvalidRequestError('The request body must be UTF-8 JSON.', ISSUE('unsupported charset'));
    case undefined:
      // A zlib failure under a declared Content-Encoding: the body is not what the header says.
      if (req.headers['content-encoding'] !== undefined) {
        return new InvalidRequestError(
          `The request body could not be decoded as Content-Encoding "${req.headers['content-encoding']}".`,
          ISSUE('body does not match its Content-Encoding'),
        );
      }
      return new InvalidRequestError('The request body could not be read.', ISSUE('unreadable body'));
    default:
      return new InvalidRequestError(`The request body could not be read (${error.type}).`, ISSUE(error.type));
  }
}

/**
 * Reads a JSON body into req.body (a missing body is an empty object), up to the size limit and
 * MAX_INPUT_DEPTH levels deep, or for a route whose body wraps the input in an envelope
 * (JSON-RPC on /mcp), any JSON text: that route checks the input inside itself. It runs after the access guard, so a caller
 * learns nothing about a body before its key and rate limit are checked, and every failure goes
 * through the one exception filter. A key in the body (`access_token`, which
 * passport-http-bearer would honour) is refused.
 */
export class JsonBodyReader {
  private readonly parse: RequestHandler;

  constructor(
    private readonly limitBytes: number,
    private readonly envelope = false,
  ) {
    // An envelope route takes any JSON text, so its own screen can tell valid JSON of the wrong
    // shape (a JSON-RPC invalid request) from text that is not JSON (a parse error).
    this.parse = express.json({ limit: limitBytes, strict: !envelope });
  }

  async read(req: Request, res: Response): Promise<void> {
    if (req.body !== undefined) return;
    await new Promise<void>((resolve, reject) => {
      this.parse(req, res, (error?: unknown) => (error ? reject(bodyError(error as BodyFailure, this.limitBytes, req)) : resolve()));
    });
    if (req.body === undefined) req.body = {};
    if (!this.envelope && nestsDeeperThan(req.body, MAX_INPUT_DEPTH)) {
      throw tooDeepError('The request body');
    }
    if (typeof req.body === 'object' && req.body !== null && Object.prototype.hasOwnProperty.call(req.body, 'access_token')) {
      // Refused like a bad key: the request counts as unauthenticated, so no balance in the answer.
      (req as Request & { caller?: unknown }).caller = null;
      throw new UnauthorizedError('Send the API key only in the Authorization header.');
    }
  }
}
