import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type AssetTransfer, type AssetTransfersPage, type Chain, type TransferCategory } from '@scout/upstream';
import { WALLET_DATA_CLIENT, type WalletDataPort } from '../wallets.ports';
import { batches, mergeTransfers, toPrice, transferRow, transferSummary, type TransferRow, type TransferSummary } from './transfer-figures';
import { WalletTransfersInput } from './transfers.dto';

/** Tokens the Prices API takes per call. */
const PRICE_BATCH = 25;

export interface WalletTransfersData {
  /** The wallet asked about, lowercased 0x address. */
  wallet: string;
  /** The EVM chain read. */
  chain: Chain;
  /** Block order of the list: desc (newest first) or asc (oldest first). */
  order: 'asc' | 'desc';
  /** Transfer categories asked for (external, internal, erc20, erc721, erc1155). */
  categories: TransferCategory[];
  /** Counts each way and the USD-now sums of the listed transfers. */
  summary: TransferSummary;
  /** The transfers in and out, merged in block order and cut to limit. */
  transfers: TransferRow[];
}

/** A wallet's transfers in and out on one EVM chain, valued at today's prices. */
@Injectable()
export class TransfersToolsService {
  constructor(@Inject(WALLET_DATA_CLIENT) private readonly wallets: WalletDataPort) {}

  @Tool({
    name: 'service_wallet_transfers',
    input: WalletTransfersInput,
    summary: 'Every transfer in and out of an EVM wallet on one chain, newest first, valued at today’s prices.',
    description:
      'Both directions are read (sent and received, two calls in parallel), merged in block order and cut to limit: time, hash, direction (in/out), counterparty, category, asset, token contract, amount, and usdNow (amount × the asset’s USD price today, from the Prices API; null when unpriced or an NFT). Categories the chain does not index (internal off ethereum) are named in a note. EVM chains only: for a Solana wallet use service_wallet_pnl.',
  })
  async transfers(input: WalletTransfersInput): Promise<ToolResult<WalletTransfersData>> {
    const { chain, order, limit } = input;
    const categories = [...new Set(input.categories)];
    const wallet = input.wallet.toLowerCase();
    const parts = new AnswerParts();
    const read = (side: 'fromAddress' | 'toAddress') => () => this.wallets.assetTransfers({ chain, [side]: wallet, categories, order, maxCount: limit });
    const [sent, received] = await Promise.all([
      parts.run({ part: 'Transfers sent', affects: 'outbound transfers' }, read('fromAddress')),
      parts.run({ part: 'Transfers received', affects: 'inbound transfers' }, read('toAddress')),
    ]);
    parts.assertAnswered();
    const unsupported = (sent ?? received) as AssetTransfersPage;
    if (unsupported.unsupportedCategories.length > 0) {
      parts.note(`${unsupported.unsupportedCategories.join(', ')} transfers are not indexed on ${chain}: left out.`);
    }
    const merged = mergeTransfers(sent?.transfers ?? [], received?.transfers ?? [], order, limit);
    const prices = await this.prices(chain, merged, parts);
    const rows = merged.map((t) => transferRow(wallet, t, prices));
    const summary = transferSummary(rows);
    if (rows.length === 0) parts.note(`No ${categories.join(', ')} transfers of this wallet on ${chain}.`);
    else if (summary.unpriced > 0) parts.note(`${summary.unpriced} transfer(s) have no USD price today (unpriced token or NFT): usdNow is null.`);
    return { data: { wallet, chain, order, categories, summary, transfers: rows }, notes: parts.resultNotes };
  }

  /** Today's USD price of each asset moved, by priceKey; a batch that fails leaves its assets unpriced (noted). */
  private async prices(chain: Chain, transfers: readonly AssetTransfer[], parts: AnswerParts): Promise<Map<string, number>> {
    const { addresses, symbols } = toPrice(transfers);
    const prices = new Map<string, number>();
    await Promise.all([
      ...batches(addresses, PRICE_BATCH).map(async (batch) => {
        const quotes = await parts.run({ part: 'Token prices', affects: 'usdNow of the token transfers' }, () =>
          this.wallets.pricesByAddress(batch.map((address) => ({ chain, address }))),
        );
        for (const q of quotes ?? []) if (q.priceUsd !== null) prices.set(`address:${q.address.toLowerCase()}`, q.priceUsd);
      }),
      ...batches(symbols, PRICE_BATCH).map(async (batch) => {
        const quotes = await parts.run({ part: 'Native coin prices', affects: 'usdNow of the native transfers' }, () => this.wallets.pricesBySymbol(batch));
        for (const q of quotes ?? []) if (q.priceUsd !== null) prices.set(`symbol:${q.symbol.toUpperCase()}`, q.priceUsd);
      }),
    ]);
    return prices;
  }
}
