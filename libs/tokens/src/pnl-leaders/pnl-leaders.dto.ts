import { Limit } from '@scout/core';
import { SolanaTokenInput } from '../solana-token-input.dto';

/** service_token_pnl_leaders */
export class PnlLeadersInput extends SolanaTokenInput {
  @Limit(100, 20, 'How many wallets to list, 1-100, largest total PnL first. The summary covers every wallet the source ranks (up to 100).')
  limit: number = 20;
}
