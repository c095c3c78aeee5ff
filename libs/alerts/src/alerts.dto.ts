import { IsEmail, IsIn, IsInt, IsNumber, IsOptional, IsPositive, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, IsChainAddress, type Chain } from '@scout/upstream';

export const ALERT_KINDS = ['price_above', 'price_below', 'smart_money_buy'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CHANNELS = ['webhook', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** service_alert_create */
export class CreateAlertInput {
  @IsIn(ALERT_KINDS)
  @JSONSchema({ description: 'price_above / price_below: the USD price crosses priceUsd. smart_money_buy: at least minTraders tracked traders buy the token.' })
  kind!: AlertKind;

  @IsString()
  @IsChainAddress({ notString: 'token must be an address on the chain' })
  @JSONSchema({
    description: 'Token address: a Solana mint (base58) or an EVM contract (0x...), on `chain`.',
    minLength: 32,
    maxLength: 44,
    examples: ['DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'],
  })
  token!: string;

  @IsIn(CHAINS)
  @JSONSchema({ description: "The token's chain; the address must fit it." })
  chain!: Chain;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(1e12)
  @JSONSchema({ description: 'Target price in USD: required for price_above and price_below, refused for smart_money_buy.' })
  priceUsd?: number;

  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(20)
  @JSONSchema({ description: 'smart_money_buy: distinct tracked traders that must buy the token after the alert is created, 2-20 (default 2).' })
  minTraders?: number;

  @IsIn(ALERT_CHANNELS)
  @JSONSchema({ description: 'webhook: a signed JSON POST (Standard Webhooks) to webhookUrl. email: a message to email.' })
  channel!: AlertChannel;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @JSONSchema({ description: 'channel webhook: an http(s) URL on a public address (private, loopback and link-local targets are refused).', format: 'uri' })
  webhookUrl?: string;

  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  @JSONSchema({ description: 'channel email: the address to write to.', format: 'email' })
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @JSONSchema({ description: 'A reminder sent with the alert, up to 200 characters.' })
  note?: string;
}

/** service_alert_list */
export class ListAlertsInput {
  @IsOptional()
  @IsIn(['active', 'fired', 'deleted'])
  @JSONSchema({ description: 'Only alerts in this state (default: all).' })
  state?: 'active' | 'fired' | 'deleted';
}

/** service_alert_delete */
export class DeleteAlertInput {
  @IsUUID()
  @JSONSchema({ description: 'The alert id (from service_alert_create or service_alert_list).' })
  id!: string;
}
