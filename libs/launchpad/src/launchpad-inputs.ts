import { validationRule } from '@scout/core';
import { EVM_ADDRESS, PAYMENT_SIGNATURE, PAYMENT_SIGNATURE_RULE, SOLANA_ADDRESS, SOLANA_ADDRESS_RULE } from '@scout/upstream';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/*
 * Input rules shared by the launchpad tools: the site is Solana only, so every address is base58
 * and an EVM address is named as such in the 400 rather than as a malformed one.
 */

/** The SPYX xStock, a quote mint the launchpad pairs against (the contract's market). */
export const QUOTE_MINT_EXAMPLE = 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W';
/** A coin the launchpad listed (STONK, paired with SPYX, in the captured `/api/tokens` answer). */
export const COIN_MINT_EXAMPLE = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';
/** STONK's creator in the same capture. */
export const WALLET_EXAMPLE = 'H6qoWz4hxRb9a65nMXv1ERZWHmbG3foFZoK6CEm7acRQ';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/** Far past any listing's last page: a larger page number is a mistake, not a question. */
export const PAGE_MAX = 10_000;

/** A Solana address (`what`: mint, wallet) in base58; an EVM address is refused by name. */
export function IsSolanaAddress(what: string): PropertyDecorator {
  return validationRule('isSolanaAddress', (value, _object, property) => {
    if (typeof value !== 'string') return `${property} must be ${SOLANA_ADDRESS_RULE}`;
    if (EVM_ADDRESS.test(value.trim())) return `${property} is an EVM address: the launchpad is on Solana; give a Solana ${what} (base58)`;
    return SOLANA_ADDRESS.test(value.trim()) ? null : `${property} must be a Solana ${what}: ${SOLANA_ADDRESS_RULE}`;
  });
}

/** A Solana transaction signature in base58. */
export function IsSignature(): PropertyDecorator {
  return validationRule('isSignature', (value, _object, property) =>
    typeof value === 'string' && PAYMENT_SIGNATURE.test(value.trim()) ? null : `${property} must be ${PAYMENT_SIGNATURE_RULE}`,
  );
}

/** `page` and `pageSize` of the site's paged lists (1-based, 1-100 rows, 25 by default). */
export class LaunchpadPagingInput {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(PAGE_MAX)
  @JSONSchema({ description: `Page number, 1-based (at most ${PAGE_MAX}).`, default: 1, examples: [1] })
  page: number = 1;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(PAGE_SIZE_MAX)
  @JSONSchema({ description: `Rows per page, 1-${PAGE_SIZE_MAX}.`, default: PAGE_SIZE_DEFAULT, examples: [PAGE_SIZE_DEFAULT] })
  pageSize: number = PAGE_SIZE_DEFAULT;
}

/** The site's pagination, with the next page to ask for (null on the last one). */
export interface LaunchpadPage {
  /** This page's number, 1-based. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** Rows matching the filters over all pages. */
  total: number;
  /** Number of pages at this pageSize. */
  totalPages: number;
  /** The next page to ask for; null on the last page. */
  nextPage: number | null;
}

export function launchpadPage(p: { page: number; pageSize: number; total: number; totalPages: number }): LaunchpadPage {
  return { ...p, nextPage: p.page < p.totalPages ? p.page + 1 : null };
}
