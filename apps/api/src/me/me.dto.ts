import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { SCOPES, type Scope } from '@scout/auth';
import { PLAN_IDS, type PlanId } from '@scout/ledger';
import { CursorPageQueryDto } from '../views/cursor-page.query';

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

/** A page of the caller's own ledger. */
export class OwnLedgerQueryDto extends CursorPageQueryDto {}
