import { INSTANT_EXAMPLE, INSTANT_RANGE_TEXT, isRealInstant, readIsoInstant, validationRule } from '@scout/core';
import { LAUNCH_MODES, type LaunchMode } from '@scout/upstream';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsSignature, IsSolanaAddress, LaunchpadPagingInput, WALLET_EXAMPLE } from '../launchpad-inputs';

/** A transaction signature in base58 (64 bytes), for the schema's example. */
export const SIGNATURE_EXAMPLE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

/** An ISO 8601 instant that is a real one to ask about; an unreadable one and one out of range are told apart. */
function IsSinceInstant(): PropertyDecorator {
  return validationRule('isSinceInstant', (value, _object, property) => {
    const at = readIsoInstant(value);
    if (!at) return `${property} must be an ISO 8601 date-time such as ${INSTANT_EXAMPLE} (a date alone means midnight UTC)`;
    return isRealInstant(at.getTime()) ? null : `${property} must be ${INSTANT_RANGE_TEXT}`;
  });
}

/** launchpad_launches */
export class LaunchpadLaunchesInput extends LaunchpadPagingInput {
  @IsOptional()
  @IsString()
  @IsSolanaAddress('wallet')
  @JSONSchema({ description: 'Creator wallet (base58): everything one wallet launched.', minLength: 32, maxLength: 44, examples: [WALLET_EXAMPLE] })
  creator?: string;

  @IsOptional()
  @IsIn(LAUNCH_MODES)
  @JSONSchema({ description: 'Fee model: standard or reward.', examples: ['standard'] })
  mode?: LaunchMode;

  @IsOptional()
  @IsString()
  @IsSinceInstant()
  @JSONSchema({ description: 'Only launches at or after this ISO 8601 time (a date alone is midnight UTC).', examples: [INSTANT_EXAMPLE] })
  since?: string;
}

/** launchpad_launch_status */
export class LaunchStatusInput {
  @IsString()
  @IsSignature()
  // The client's rule (64 bytes: 64-88 characters), not the peer's looser 32, so nothing it would refuse gets past.
  @JSONSchema({ description: "The launch's payment transaction signature (base58).", minLength: 64, maxLength: 88, examples: [SIGNATURE_EXAMPLE] })
  paymentSignature!: string;
}
