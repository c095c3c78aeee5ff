import { IsDateString, IsOptional } from 'class-validator';
import { InvalidRequestError } from '@scout/core';

/** A period of time as the usage reads and the CSV exports take it (admin and self-service alike). */

/** Longest period one usage query or CSV export may cover. */
export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export class PeriodQueryDto {
  /** Inclusive, ISO 8601. */
  @IsOptional()
  @IsDateString({ strict: true })
  from?: string;

  /** Exclusive, ISO 8601. */
  @IsOptional()
  @IsDateString({ strict: true })
  to?: string;
}

/** A period both ends of which are required (usage and exports). */
export class RequiredPeriodQueryDto {
  @IsDateString({ strict: true })
  from: string;

  @IsDateString({ strict: true })
  to: string;
}

/** from < to, and no longer than MAX_PERIOD_DAYS. */
export function checkPeriod(from: Date, to: Date): void {
  if (!(from.getTime() < to.getTime())) {
    throw new InvalidRequestError('from must be before to.', [{ path: 'from', message: 'must be before to' }]);
  }
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw new InvalidRequestError(`A period covers at most ${MAX_PERIOD_DAYS} days.`, [{ path: 'to', message: `at most ${MAX_PERIOD_DAYS} days after from` }]);
  }
}

/** The period of a query with both ends, checked (checkPeriod): what a CSV export covers. */
export function requiredPeriod(query: RequiredPeriodQueryDto): { from: Date; to: Date } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  checkPeriod(from, to);
  return { from, to };
}

/** Midnight (UTC) of the day `at` falls in. */
export const utcDayStart = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** The UTC calendar month `at` falls in, [first day, first day of the next month). */
export function utcMonth(at: Date): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    to: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
  };
}
