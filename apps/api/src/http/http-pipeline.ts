import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { InvalidRequestError, REQUEST_ID_HEADER, ScoutError } from '@scout/core';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Step 1 of every request: take the caller's x-request-id when sane, else make one; echo it. */
export function requestId(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const given = req.headers[REQUEST_ID_HEADER];
  req.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
}

/** JSON bodies only, up to the configured size; a missing body is an empty object. */
export function jsonBody(limitBytes: number) {
  const parse = express.json({ limit: limitBytes, strict: true });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (req.body === undefined) req.body = {};
      next();
    });
}

/** Body-parser failures happen before Nest routing, so they are shaped here. */
export function bodyErrors(limitBytes: number) {
  return (error: { type?: string; status?: number } & Error, _req: Request, res: Response, next: NextFunction) => {
    if (!error || typeof error.type !== 'string') return next(error);
    let scoutError: ScoutError;
    if (error.type === 'entity.too.large') {
      scoutError = new InvalidRequestError(`The request body is larger than ${limitBytes} bytes.`, [
        { path: '', message: `body larger than ${limitBytes} bytes` },
      ]);
    } else if (error.type === 'entity.parse.failed') {
      scoutError = new InvalidRequestError('The request body is not valid JSON.', [{ path: '', message: 'malformed JSON' }]);
    } else {
      scoutError = new InvalidRequestError(`The request body could not be read (${error.type}).`, [
        { path: '', message: error.type },
      ]);
    }
    res.status(scoutError.status).json({ error: { code: scoutError.code, message: scoutError.message, ...scoutError.extra } });
  };
}
