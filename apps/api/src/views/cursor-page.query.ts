import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * Paging back in time by cursor, as the admin ledger, the audit log and a caller's own ledger do:
 * `limit` rows (1-500, 50 by default) older than `before`, the previous page's nextCursor.
 */
export class CursorPageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 50;

  /** An entry or event id; capped at 2^53 - 1, past which it would no longer be exact as a bigint. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  before?: number;
}
