/** Jupiter's error answer: `{ error }`, with `errorCode` on quotes. */
import type { Response } from 'express';
import { errorBody } from '../../errors';

export function jerr(res: Response, status: number, message: string, errorCode?: string): void {
  res.status(status).json(errorBody('jupiter', status, message, { errorCode }));
}
