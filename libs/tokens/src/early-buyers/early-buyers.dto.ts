import { Limit } from '@scout/core';
import { SolanaTokenInput } from '../solana-token-input.dto';

/** service_token_early_buyers */
export class EarlyBuyersInput extends SolanaTokenInput {
  @Limit(100, 20, 'How many early buyers to list, 1-100, first buyer first. The summary covers every first buyer the source serves (up to 100).')
  limit: number = 20;
}
