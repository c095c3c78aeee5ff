import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { AnswerParts, PORTFOLIO_MAX_NETWORKS, type Chain, type WalletToken } from '@scout/upstream';
import { EVM_CHAINS, walletFamily } from '../wallet-input';
import { WALLET_DATA_CLIENT, type WalletDataPort } from '../wallets.ports';
import { chainGroups, portfolioFigures, type ChainValue, type PortfolioHolding } from './portfolio-figures';
import { WalletPortfolioInput } from './portfolio.dto';

/** Portfolio API pages read per call at most (100 tokens a page upstream), so a spam-laden wallet cannot fan out. */
const MAX_PAGES = 5;

export interface WalletPortfolioData {
  /** The wallet asked about (an EVM address lowercased, a Solana one as given). */
  wallet: string;
  /** The chains asked (by default every EVM chain, or solana for a base58 wallet). */
  chains: Chain[];
  /** The priced holdings' sum over the chains that answered; null when none of its holdings is priced. */
  totalUsd: number | null;
  /** Per chain that answered: USD value, holdings and unpriced count, most valuable first. */
  byChain: ChainValue[];
  /** Tokens held (zero balances dropped), most valuable first, unpriced last; minValueUsd hides small ones. */
  holdings: PortfolioHolding[];
  /** Chains whose call failed: their holdings are unknown, not empty. */
  failedChains: Chain[];
}

/** What any wallet holds, across chains, from the multichain wallet data API. */
@Injectable()
export class PortfolioToolsService {
  constructor(@Inject(WALLET_DATA_CLIENT) private readonly wallets: WalletDataPort) {}

  @Tool({
    name: 'service_wallet_portfolio',
    input: WalletPortfolioInput,
    summary: 'What a wallet holds right now and what it is worth, across chains.',
    description:
      'Every token (native coin included) with amount, USD price and USD value, the total and a per-chain breakdown, for any 0x wallet on the EVM chains or any base58 wallet on solana. Zero balances are dropped; a token without a USD price has priceUsd and valueUsd null and stays out of the totals. One upstream call per five chains, in parallel: a chain whose call fails is named in failedChains, not silently empty.',
  })
  async portfolio(input: WalletPortfolioInput): Promise<ToolResult<WalletPortfolioData>> {
    const chains: Chain[] = input.chains ? [...new Set(input.chains)] : walletFamily(input.wallet) === 'evm' ? [...EVM_CHAINS] : ['solana'];
    const parts = new AnswerParts();
    const groups = chainGroups(chains, PORTFOLIO_MAX_NETWORKS);
    const answers = await Promise.all(
      groups.map((group) =>
        parts.run({ part: `Portfolio API (${group.join(', ')})`, affects: `holdings on ${group.join(', ')}` }, () => this.allPages(input.wallet, group, parts)),
      ),
    );
    parts.assertAnswered();
    const answered = groups.filter((_, i) => answers[i] !== null).flat();
    const failedChains = groups.filter((_, i) => answers[i] === null).flat();
    const figures = portfolioFigures(
      answers.flatMap((a) => a ?? []),
      answered,
      input.minValueUsd,
    );
    if (figures.unpriced > 0)
      parts.note(`${figures.unpriced} holding(s) have no USD price: priceUsd and valueUsd are null and they are left out of the totals.`);
    if (figures.hidden > 0) parts.note(`${figures.hidden} holding(s) worth less than ${input.minValueUsd} USD are hidden; the totals still count them.`);
    if (figures.unaddressed > 0) parts.note(`${figures.unaddressed} holding(s) came without a token address: their tokenAddress is null.`);
    if (figures.byChain.every((c) => c.holdings === 0)) parts.note(`The wallet holds nothing on ${answered.join(', ')}.`);
    return {
      data: {
        wallet: walletFamily(input.wallet) === 'evm' ? input.wallet.toLowerCase() : input.wallet,
        chains,
        totalUsd: figures.totalUsd,
        byChain: figures.byChain,
        holdings: figures.holdings,
        failedChains,
      },
      notes: parts.resultNotes,
    };
  }

  private async allPages(wallet: string, chains: Chain[], parts: AnswerParts): Promise<WalletToken[]> {
    const tokens: WalletToken[] = [];
    let pageKey: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.wallets.tokensByWallet(wallet, chains, pageKey);
      tokens.push(...answer.tokens);
      if (!answer.pageKey) return tokens;
      pageKey = answer.pageKey;
    }
    parts.note(`Read the first ${MAX_PAGES} pages of tokens on ${chains.join(', ')}; more were left unread.`);
    return tokens;
  }
}
