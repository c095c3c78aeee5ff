/** DefiLlama's error answers: `{ message }` with the documented status. */
import type { Response } from 'express';
import { errorBody } from '../../errors';

export function notFound(res: Response, message: string): void {
  res.status(404).json(errorBody('defillama', 404, message));
}

export function badRequest(res: Response, message: string): void {
  res.status(400).json(errorBody('defillama', 400, message));
}
