import { plainToInstance, Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Length, Matches, ValidateIf, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { inlineSchema, inputSchemaOf, INSTANT_EXAMPLE } from '@scout/core';
import { CHAINS, IsChainAddress, type Chain, type ChainAddressOptions } from '@scout/upstream';
import { DEFAULT_HISTORY_INTERVAL, HISTORY_INTERVALS, type HistoryInterval } from './history-interval';
import { ExcludesProperties, HasItemsAcross, IsInstant, IsNotFuture, IsRangeEnd, MAX_SPAN_DAYS, RequiresProperty } from './prices.validators';
import { SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';

/** A priced token's address: required, and only with its chain. */
const PRICED_ADDRESS: ChainAddressOptions = { missing: 'address is required', withoutChain: 'required' };

export const MAX_SOLANA_MINTS = 50;
export const MAX_MULTICHAIN_ITEMS = 25;

const CHAIN_MESSAGE = `chain must be one of: ${CHAINS.join(', ')}`;
const ADDRESS_FORMS = 'base58, 32-44 characters on solana; 0x + 40 hex characters on the EVM chains';

/** The schema class-validator-jsonschema generated for a property, as a function-form @JSONSchema receives it. */
type GeneratedSchema = Parameters<Extract<Parameters<typeof JSONSchema>[0], (...args: never[]) => unknown>>[0];

/** Examples in the published schemas: what a client (and the fuzz test) can start from. */
const INSTANT_END_EXAMPLE = '2026-09-02T00:00:00Z';
const USDC_ON_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';

const SYMBOL_DESCRIPTION = 'Ticker such as ETH, SOL or BNB (1-12 characters): for majors, when you have no address.';

// ---- service_token_prices ----

export class TokenPricesInput {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SOLANA_MINTS)
  @IsString({ each: true })
  @Matches(SOLANA_ADDRESS, { each: true, message: `each value in tokens must be ${SOLANA_ADDRESS_RULE}` })
  @JSONSchema({ description: `Solana mint addresses, 1-${MAX_SOLANA_MINTS}. A mint given twice is answered once.` })
  tokens: string[];
}

// ---- service_token_prices_multichain ----

/** One token by chain and contract address. */
export class TokenRefInput {
  @IsIn(CHAINS, { message: CHAIN_MESSAGE })
  @JSONSchema({ description: 'Chain the contract lives on.' })
  chain: Chain;

  @IsChainAddress(PRICED_ADDRESS)
  @JSONSchema({ description: `Contract address: ${ADDRESS_FORMS}.` })
  address: string;
}

/** `chain:address` text, the form GET query strings carry. */
const TOKEN_TEXT = new RegExp(`^(${CHAINS.join('|')}):(\\S+)$`);

/**
 * Each token is a `{chain, address}` object or `chain:address` text; both become TokenRefInput so
 * GET (text only) and POST (either) reach the handler with the same input. Anything else (text
 * that does not split into a known chain and an address, a number) is left as is for the nested
 * rule to refuse; a list never gets here (screenInput refuses lists inside lists, which the nested
 * rule would pass by validating the inner list's items instead).
 */
function toTokenRefs({ value }: { value: unknown }): unknown {
  if (!Array.isArray(value)) return value;
  return (value as unknown[]).map((item) => {
    if (typeof item === 'string') {
      const match = TOKEN_TEXT.exec(item.trim());
      return match ? plainToInstance(TokenRefInput, { chain: match[1], address: match[2] }) : item;
    }
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && !(item instanceof TokenRefInput)) {
      return plainToInstance(TokenRefInput, item);
    }
    return item;
  });
}

/**
 * The JSON Schema of `tokens`, inline (no `$ref` to a definitions section, which the tool's
 * standalone input schema and the OpenAPI document would not carry).
 */
function tokensSchema(generated: GeneratedSchema): GeneratedSchema {
  return {
    type: 'array',
    maxItems: generated.maxItems ?? MAX_MULTICHAIN_ITEMS,
    description:
      'Tokens by contract, up to 25: each a {chain, address} object or "chain:address" text (the only form a GET query carries, e.g. tokens=base:0x8335...2913).',
    items: {
      anyOf: [{ type: 'string', pattern: TOKEN_TEXT.source, description: 'chain:address' }, inputSchemaOf(TokenRefInput)],
    },
  };
}

/**
 * Both lists default to empty, so the rule that asks for at least one item across them always runs;
 * @IsOptional only marks them as not required in the schema (an explicit null is refused before
 * validation, like every null input).
 */
@JSONSchema({
  anyOf: [
    { required: ['tokens'], properties: { tokens: { minItems: 1 } } },
    { required: ['symbols'], properties: { symbols: { minItems: 1 } } },
  ],
})
export class MultichainPricesInput {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MULTICHAIN_ITEMS)
  @ValidateNested({ each: true, message: 'each token must be a {chain, address} object or "chain:address" text with a known chain' })
  @Type(() => TokenRefInput)
  @Transform(toTokenRefs)
  @HasItemsAcross(['symbols'], 'send at least one token (tokens) or ticker (symbols)')
  @JSONSchema(tokensSchema)
  tokens: TokenRefInput[] = [];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MULTICHAIN_ITEMS)
  @IsString({ each: true })
  @Length(1, 12, { each: true, message: 'each value in symbols must be 1-12 characters' })
  @JSONSchema({ description: `Tickers, up to ${MAX_MULTICHAIN_ITEMS}. ${SYMBOL_DESCRIPTION}` })
  symbols: string[] = [];
}

// ---- service_price_history ----

const ONE_TOKEN = 'give symbol, or chain and address';

@JSONSchema({ oneOf: [{ required: ['symbol'] }, { required: ['chain', 'address'] }] })
export class PriceHistoryInput {
  @IsOptional()
  @IsString()
  @Length(1, 12)
  @ExcludesProperties(['chain', 'address'], `${ONE_TOKEN}, not both`)
  @JSONSchema({ description: SYMBOL_DESCRIPTION, examples: ['ETH', 'SOL'] })
  symbol?: string;

  @IsOptional()
  @IsIn(CHAINS, { message: CHAIN_MESSAGE })
  @RequiresProperty('address')
  @JSONSchema(inlineSchema({ description: 'Chain of the contract, with address.' }))
  chain?: Chain;

  @ValidateIf((o: PriceHistoryInput) => o.address != null || o.symbol == null)
  @IsChainAddress({ ...PRICED_ADDRESS, missing: ONE_TOKEN })
  @JSONSchema({ description: `Contract address, with chain (${ADDRESS_FORMS}): for tokens without a well-known ticker.` })
  address?: string;

  @IsInstant()
  @IsNotFuture()
  @JSONSchema({
    type: 'string',
    description: `Start of the range, ISO 8601, e.g. ${INSTANT_EXAMPLE}. Without an offset it is UTC.`,
    examples: [INSTANT_EXAMPLE],
  })
  startTime: string;

  @IsInstant()
  @IsRangeEnd('startTime', 'interval')
  @JSONSchema({ type: 'string', description: 'End of the range, ISO 8601, after startTime.', examples: [INSTANT_END_EXAMPLE] })
  endTime: string;

  @IsOptional()
  @IsIn(HISTORY_INTERVALS, { message: `interval must be one of: ${HISTORY_INTERVALS.join(', ')}` })
  @JSONSchema({
    default: DEFAULT_HISTORY_INTERVAL,
    description: `Point spacing. Longest range: ${HISTORY_INTERVALS.map((i) => `${i} ${MAX_SPAN_DAYS[i]} days`).join(', ')}.`,
  })
  interval: HistoryInterval = DEFAULT_HISTORY_INTERVAL;
}

// ---- service_token_info ----

export class TokenInfoInput {
  @IsIn(CHAINS, { message: CHAIN_MESSAGE })
  @JSONSchema({ description: 'Chain of the token.' })
  chain: Chain;

  @IsChainAddress(PRICED_ADDRESS)
  @JSONSchema({ description: `Token address (the mint on solana): ${ADDRESS_FORMS}.`, examples: [USDC_ON_BASE, WRAPPED_SOL] })
  address: string;
}
