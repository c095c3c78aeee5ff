import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@scout/core';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Step 1 of every request: take the caller's x-request-id when sane, else make one; echo it. */
export function requestId(req: Request & { id?: string }, res: Response, next: NextFunction): void {
  const given = req.headers[REQUEST_ID_HEADER];
  req.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
}
