import { Transform, Type } from 'class-transformer';
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
import { AUDIT_ACTIONS, type AuditAction } from '@scout/audit';
import { AllowsLineBreaks } from '@scout/core';
import { SCOPES, type Scope } from '@scout/auth';
import { PLAN_IDS, type PlanId } from '@scout/ledger';
import { IntersectionType } from '@nestjs/swagger';
import { CursorPageQueryDto } from '../views/cursor-page.query';
import { PeriodQueryDto } from '../views/period';

/** Largest single grant or adjustment: a trillion credits, far beyond any plan, well inside 2^53. */
export const MAX_CREDIT_MOVEMENT = 1_000_000_000_000;
/** PostgreSQL text cannot hold NUL; refuse it as input instead of failing the insert (500). */
const NO_NUL = /^[^\u0000]*$/;
const noNul = () => Matches(NO_NUL, { message: '$property must not contain NUL characters' });

export class CreateAccountDto {
  @IsString()
  @Length(1, 200)
  @noNul()
  @Matches(/\S/, { message: 'name must not be blank' })
  name: string;

  @IsOptional()
  @IsIn(PLAN_IDS)
  plan?: PlanId;
}

export class CreateKeyDto {
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMinSize(1)
  @ArrayMaxSize(SCOPES.length)
  @IsIn(SCOPES, { each: true })
  scopes?: Scope[];

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @noNul()
  label?: string;
}

/** Kinds of credits an admin adds or removes; `grant` is complimentary (a free grant). */
export const CREDIT_KINDS = ['grant', 'topup', 'adjustment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export class AddCreditsDto {
  /** Positive for a grant or a top-up; an adjustment may be negative. */
  @IsInt()
  @NotEquals(0)
  @Min(-MAX_CREDIT_MOVEMENT)
  @Max(MAX_CREDIT_MOVEMENT)
  credits: number;

  @IsIn(CREDIT_KINDS)
  kind: CreditKind;

  @IsOptional()
  @IsDateString({ strict: true })
  expiresAt?: string;

  /** Why: required, it goes into the ledger entry and the audit log. */
  // Multi-line reasons are fine (the CSV export quotes them); other control characters are not.
  @IsString()
  @Length(1, 500)
  @noNul()
  @Matches(/\S/, { message: 'reason must not be blank' })
  @AllowsLineBreaks()
  reason: string;
}

/** An optional reason for a state change (suspend, reactivate, plan change). */
export class ReasonDto {
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @noNul()
  @AllowsLineBreaks()
  reason?: string;
}

export class SetPlanDto extends ReasonDto {
  @IsIn(PLAN_IDS)
  plan: PlanId;
}

export class AccountListQueryDto {
  /** Part of the name (case-insensitive), an account id, or a key prefix. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @noNul()
  q?: string;

  @IsOptional()
  @IsIn(['active', 'suspended'])
  status?: 'active' | 'suspended';

  @IsOptional()
  @IsIn([...PLAN_IDS, 'none'])
  plan?: PlanId | 'none';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit: number = 50;

  /** The previous page's nextCursor. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor must be a cursor from a previous page' })
  cursor?: string;
}

export const ENTRY_KINDS = ['grant', 'usage', 'refund', 'adjustment', 'expiry'] as const;

/** `a,b` or repeated keys → a list. */
const toList = ({ value }: { value: unknown }) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean);

export class LedgerQueryDto extends IntersectionType(PeriodQueryDto, CursorPageQueryDto) {
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ENTRY_KINDS.length)
  @IsIn(ENTRY_KINDS, { each: true })
  kind?: (typeof ENTRY_KINDS)[number][];

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @noNul()
  tool?: string;
}

export class AuditQueryDto extends CursorPageQueryDto {
  @IsOptional()
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'accountId must be a UUID' })
  accountId?: string;

  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: AuditAction;

  /** Who acted, exactly as the entries record it: `key:<id>` of the admin key. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @noNul()
  actor?: string;
}
