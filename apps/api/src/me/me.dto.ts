import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { SCOPES, type Scope } from '@scout/auth';
import { PLAN_IDS, type PlanId } from '@scout/ledger';

export class CreateOwnKeyDto {
  /** At most the scopes of the key that asks (a tools key cannot mint an admin key). */
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
  @Matches(/^[^\u0000]*$/, { message: 'label must not contain NUL characters' })
  label?: string;
}

export class ChangeOwnPlanDto {
  @IsIn(PLAN_IDS)
  plan: PlanId;
}

export class OwnLedgerQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 50;

  /** Cursor from the previous page's nextCursor. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  before?: number;
}
