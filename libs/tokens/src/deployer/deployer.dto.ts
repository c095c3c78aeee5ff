import { validationRule } from '@scout/core';
import { EVM_ADDRESS, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';
import { IsOptional, IsString, ValidateIf } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsSolanaMint } from '../solana-token-input.dto';

const ONE_OF = 'give token (a Solana mint, whose deployer is looked up) or deployer (a Solana wallet)';

/**
 * The deployer wallet, and the rule that exactly one of token and deployer is given: both or
 * neither is refused here, so the 400 names the choice rather than a missing field.
 */
function IsDeployerChoice(): PropertyDecorator {
  return validationRule('isDeployerChoice', (value, object, property) => {
    if (value == null) return object.token == null ? ONE_OF : null;
    if (object.token != null) return `${ONE_OF}, not both`;
    if (typeof value !== 'string') return `${property} must be ${SOLANA_ADDRESS_RULE}`;
    if (EVM_ADDRESS.test(value.trim())) return `${property} is an EVM address: this reads Solana deployers only`;
    return SOLANA_ADDRESS.test(value.trim()) ? null : `${property} must be a Solana wallet: ${SOLANA_ADDRESS_RULE}`;
  });
}

/** service_token_deployer: a token (its deployer is resolved first) or a deployer wallet, exactly one. */
@JSONSchema({ oneOf: [{ required: ['token'] }, { required: ['deployer'] }] })
export class TokenDeployerInput {
  @IsOptional()
  @IsString()
  @IsSolanaMint('service_token_info (chain and address)')
  @JSONSchema({
    description: 'Solana token mint (base58); its deployer is looked up first. Give this or deployer, not both.',
    minLength: 32,
    maxLength: 44,
    examples: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
  })
  token?: string;

  // Runs when deployer is given, and when neither is (so "neither" is named); "both" is caught either way.
  @ValidateIf((o: TokenDeployerInput) => o.deployer != null || o.token == null)
  @IsDeployerChoice()
  @JSONSchema({
    type: 'string',
    description: 'Solana wallet (base58) to inspect directly, skipping the lookup. Give this or token, not both.',
    minLength: 32,
    maxLength: 44,
    examples: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
  })
  deployer?: string;
}
