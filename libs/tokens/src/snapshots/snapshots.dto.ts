import { AllowsNullsWithin, inlineSchema, validationRule } from '@scout/core';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TokenInput } from '../token-input.dto';

/** service_fomo_token_snapshot */
export class TokenSnapshotInput extends TokenInput {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @JSONSchema({ description: 'Tracked holders to record, 1-200, largest first.', default: 50 })
  holdersLimit: number = 50;
}

/** A tracked holder in a snapshot passed inline. */
export class SnapshotHolderInput {
  @IsString()
  @Length(1, 100)
  handle!: string;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  userId?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  amount?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  valueUsd?: number;
}

/** A snapshot passed inline: as service_fomo_token_snapshot returned it, or the peer's shape (nulls mean unknown). */
export class SnapshotObjectInput {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  id?: string;

  @IsOptional()
  @IsObject()
  token?: Record<string, unknown>;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  trackedHolderCount?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  trackedValueUsd?: number;

  @IsOptional()
  @IsObject()
  flow24h?: Record<string, unknown>;

  @IsOptional()
  @IsISO8601({ strict: true })
  capturedAt?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  priceUsd?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  totalHolders?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  top10HoldersPercent?: number;

  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => SnapshotHolderInput)
  trackedHolders!: SnapshotHolderInput[];
}

const EITHER = 'Give each side as a saved snapshot id (beforeId, afterId) or as the snapshot itself (before, after), not both.';

/** Refuses this field when `other` is given too: each side is an id or an object. */
function NotWith(other: string): PropertyDecorator {
  return validationRule('notWith', (value, object, property) =>
    value !== undefined && object[other] !== undefined ? `give ${property} or ${other}, not both` : null,
  );
}

/** A value or null, in the form every MCP client reads (`anyOf`, not a type array). */
const orNull = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

const HOLDER_SCHEMA = {
  type: 'object',
  required: ['handle'],
  additionalProperties: false,
  properties: {
    handle: { type: 'string', minLength: 1, maxLength: 100 },
    userId: orNull({ type: 'string' }),
    amount: orNull({ type: 'number', minimum: 0 }),
    valueUsd: orNull({ type: 'number', minimum: 0 }),
  },
};

const SNAPSHOT_SCHEMA = {
  type: 'object',
  required: ['trackedHolders'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    capturedAt: { type: 'string', format: 'date-time' },
    token: { type: 'object' },
    priceUsd: orNull({ type: 'number', minimum: 0 }),
    totalHolders: orNull({ type: 'number', minimum: 0 }),
    top10HoldersPercent: orNull({ type: 'number', minimum: 0, maximum: 100 }),
    trackedHolderCount: orNull({ type: 'number' }),
    trackedValueUsd: orNull({ type: 'number' }),
    trackedHolders: { type: 'array', maxItems: 500, items: HOLDER_SCHEMA },
    flow24h: orNull({ type: 'object' }),
  },
};

/** service_fomo_compare_snapshots */
@JSONSchema({ description: EITHER })
export class CompareSnapshotsInput {
  @ValidateIf((o: CompareSnapshotsInput) => o.before === undefined)
  @IsUUID('all', { message: 'beforeId must be the id of a snapshot you took (a UUID), unless before is given' })
  @JSONSchema({ description: 'Id of the earlier snapshot, from service_fomo_token_snapshot.' })
  beforeId?: string;

  @ValidateIf((o: CompareSnapshotsInput) => o.after === undefined)
  @IsUUID('all', { message: 'afterId must be the id of a snapshot you took (a UUID), unless after is given' })
  @JSONSchema({ description: 'Id of the later snapshot.' })
  afterId?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => SnapshotObjectInput)
  @AllowsNullsWithin()
  @NotWith('beforeId')
  @JSONSchema(
    inlineSchema({ ...SNAPSHOT_SCHEMA, description: 'The earlier snapshot itself, instead of beforeId (as service_fomo_token_snapshot returned it).' }),
  )
  before?: SnapshotObjectInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SnapshotObjectInput)
  @AllowsNullsWithin()
  @NotWith('afterId')
  @JSONSchema(inlineSchema({ ...SNAPSHOT_SCHEMA, description: 'The later snapshot itself, instead of afterId.' }))
  after?: SnapshotObjectInput;
}
