import { Inject, Injectable } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import { AnswerParts, TRANSFER_CATEGORIES, type Chain } from '@scout/upstream';
import { EVM_CHAINS } from '../wallet-input';
import { WALLET_DATA_CLIENT, type WalletDataPort } from '../wallets.ports';
import { ageSummary, chainAge, type AgeSummary, type ChainAge } from './age-figures';
import { WalletAgeInput } from './age.dto';

export interface WalletAgeData {
  /** The wallet asked about, lowercased 0x address. */
  wallet: string;
  /** Over the chains with activity; null figures when there is none. */
  summary: AgeSummary;
  /** One row per chain where the wallet did something, oldest first. */
  chains: ChainAge[];
  /** Chains that answered with no transfer and no sent transaction. */
  inactiveChains: Chain[];
  /** Chains whose calls failed: unknown, not inactive. */
  failedChains: Chain[];
}

/** How old and how active an EVM wallet is, chain by chain. */
@Injectable()
export class AgeToolsService {
  constructor(
    @Inject(WALLET_DATA_CLIENT) private readonly wallets: WalletDataPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_wallet_age',
    input: WalletAgeInput,
    summary: 'How old and how active an EVM wallet is: first activity, age in days and sent transactions, per chain.',
    description:
      'Per chain: the first activity (the oldest transfer in either direction, of any kind: its time, hash, direction and counterparty), the age in days since, and the lifetime count of transactions the wallet sent (its nonce). Chains are read in parallel; a chain whose calls fail is named in failedChains. A wallet with no activity anywhere is an empty answer with a note. EVM chains only: for a Solana wallet use service_wallet_pnl.',
  })
  async age(input: WalletAgeInput): Promise<ToolResult<WalletAgeData>> {
    const wallet = input.wallet.toLowerCase();
    const chains: Chain[] = input.chains ? [...new Set(input.chains)] : [...EVM_CHAINS];
    const parts = new AnswerParts();
    const nowMs = this.clock.now().getTime();
    const first = (chain: Chain, side: 'fromAddress' | 'toAddress') =>
      this.wallets.assetTransfers({ chain, [side]: wallet, categories: TRANSFER_CATEGORIES, order: 'asc', maxCount: 1 }).then((p) => p.transfers[0] ?? null);
    const answers = await Promise.all(
      chains.map((chain) =>
        parts.run({ part: `Wallet activity on ${chain}`, affects: `its age there` }, async () => {
          const [sent, received, count] = await Promise.all([
            first(chain, 'fromAddress'),
            first(chain, 'toAddress'),
            this.wallets.transactionCount(chain, wallet),
          ]);
          return { row: chainAge(chain, sent, received, count, nowMs) };
        }),
      ),
    );
    parts.assertAnswered();
    const failedChains = chains.filter((_, i) => answers[i] === null);
    const inactiveChains = chains.filter((_, i) => answers[i] !== null && answers[i]?.row === null);
    const rows = answers
      .map((a) => a?.row ?? null)
      .filter((r): r is ChainAge => r !== null)
      .sort((a, b) => (a.firstActivityAt ?? '\uffff').localeCompare(b.firstActivityAt ?? '\uffff'));
    if (rows.length === 0)
      parts.note(`No transfer and no sent transaction on ${chains.filter((c) => !failedChains.includes(c)).join(', ')}: a fresh or unused wallet there.`);
    return { data: { wallet, summary: ageSummary(rows, nowMs), chains: rows, inactiveChains, failedChains }, notes: parts.resultNotes };
  }
}
