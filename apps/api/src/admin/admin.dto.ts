import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  NotEquals,
} from 'class-validator';
import { SCOPES, type Scope } from '@scout/auth';

export const PLAN_IDS = ['starter', 'growth', 'pro'] as const;
/** Largest single grant or adjustment: a trillion credits, far beyond any plan, well inside 2^53. */
export const MAX_CREDIT_MOVEMENT = 1_000_000_000_000;
/** PostgreSQL text cannot hold NUL; refuse it as input instead of failing the insert (500). */
const NO_NUL = /^[^\u0000]*$/;
const noNul = () => Matches(NO_NUL, { message: '$property must not contain NUL characters' });

export class CreateAccountDto {
  @IsString() @Length(1, 200) @noNul() @Matches(/\S/, { message: 'name must not be blank' })
  name: string;

  @IsOptional() @IsIn(PLAN_IDS)
  plan?: (typeof PLAN_IDS)[number];
}

export class CreateKeyDto {
  @IsOptional() @IsArray() @ArrayUnique() @ArrayMinSize(1) @ArrayMaxSize(SCOPES.length) @IsIn(SCOPES, { each: true })
  scopes?: Scope[];

  @IsOptional() @IsString() @Length(1, 100) @noNul()
  label?: string;
}

export class AddCreditsDto {
  /** Positive for a top-up; an adjustment may be negative. */
  @IsInt() @NotEquals(0) @Min(-MAX_CREDIT_MOVEMENT) @Max(MAX_CREDIT_MOVEMENT)
  credits: number;

  @IsIn(['topup', 'adjustment'])
  kind: 'topup' | 'adjustment';

  @IsOptional() @IsDateString({ strict: true })
  expiresAt?: string;

  @IsOptional() @IsString() @Length(1, 500) @noNul()
  reason?: string;
}

export class LedgerQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  limit: number = 50;

  /** Cursor from the previous page's nextCursor (an entry id; beyond 2^53 it would overflow bigint). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(Number.MAX_SAFE_INTEGER)
  before?: number;
}
