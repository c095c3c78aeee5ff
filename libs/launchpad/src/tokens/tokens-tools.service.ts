import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { launchpadPage, type LaunchpadPage } from '../launchpad-inputs';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import { coinRow, launchRow, type CoinRow, type LaunchRow } from './coin-rows';
import { LaunchpadMintInput, LaunchpadTokensInput } from './tokens.dto';

export interface LaunchpadTokensData {
  /** The coins on this page, in the requested order. */
  tokens: CoinRow[];
  /** Paging of the listing, with nextPage (null on the last page). */
  pagination: LaunchpadPage;
  /** The site's cluster (e.g. mainnet-beta) and when it built the list (the peer's fields, kept). */
  network: string | null;
  /** When the site built the list, ISO 8601 UTC; null when the site does not say. */
  _generatedAt: string | null;
}

export interface LaunchpadTokenData {
  /** The coin as launchpad_tokens lists it, with live market data. */
  token: CoinRow;
  /** How the coin was launched; null when the site did not launch it. */
  launch: LaunchRow | null;
}

/** Fields the site leaves out on some rows: said once per answer, so a null is not read as zero. */
function missingNotes(rows: CoinRow[]): string[] {
  const notes: string[] = [];
  const noLiquidity = rows.filter((r) => r.market.liquidityUsd === null).length;
  const noCreator = rows.filter((r) => r.creator === null).length;
  const of = (n: number) => (rows.length === 1 ? 'The coin' : `${n} of ${rows.length} coins`);
  if (noLiquidity) notes.push(`${of(noLiquidity)}: the site reported no liquidity (liquidityUsd null: unknown, not zero).`);
  if (noCreator) notes.push(`${of(noCreator)}: the site named no creator (creator null).`);
  return notes;
}

/** The launchpad's coins: the listing with its filters, and one coin with its launch record. */
@Injectable()
export class LaunchpadTokensToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_tokens',
    input: LaunchpadTokensInput,
    summary: 'List or search the launchpad coins with live market data, by market cap, newest or volume.',
    description:
      'Every coin with a live pool: mint, pool, name, symbol, quote pair (mint, symbol, category such as xstock), creator, launchpad path (raydium, launchlab, pump), mode (standard, reward), transferFee.bps and flywheel.active on reward coins, market (priceUsd, marketCapUsd, fdvUsd, volume24hUsd, liquidityUsd, priceChange24h, peakMarketCapUsd), status, graduationProgress (0..1), graduatedAt, createdAt; and pagination with nextPage. q searches name, symbol and mint; filter by mode, status, quoteMint or category. For one coin with its launch record use launchpad_token.',
  })
  async tokens(input: LaunchpadTokensInput): Promise<ToolResult<LaunchpadTokensData>> {
    const list = await this.launchpad.tokens({
      q: input.q?.trim(),
      sort: input.sort,
      mode: input.mode,
      status: input.status,
      quoteMint: input.quoteMint?.trim(),
      category: input.category,
      page: input.page,
      pageSize: input.pageSize,
    });
    const tokens = list.tokens.map(coinRow);
    const pagination = launchpadPage(list.pagination);
    const notes = missingNotes(tokens);
    if (tokens.length === 0) {
      notes.push(
        pagination.total > 0 && pagination.page > pagination.totalPages
          ? `Page ${pagination.page} is past the last page (${pagination.totalPages}) of ${pagination.total} coins.`
          : 'No launchpad coin matches these filters.',
      );
    }
    return { data: { tokens, pagination, network: list.network, _generatedAt: list._generatedAt }, notes: notes.length ? notes : undefined };
  }

  @Tool({
    name: 'launchpad_token',
    input: LaunchpadMintInput,
    summary: 'One launchpad coin: live market data plus its launch record (creator, path, mode, quote, start and target market cap).',
    description:
      'The coin as launchpad_tokens lists it, plus launch: who created it and how (creator, launchpad path, mode, quote, transferFee, startMarketCapUsd, targetMarketCapUsd, createdAt); launch is null for a coin the site lists but did not launch. A mint the launchpad does not know is a 404. For burns, rewards, fees and backing at once use launchpad_token_report.',
  })
  async token(input: LaunchpadMintInput): Promise<ToolResult<LaunchpadTokenData>> {
    const { token } = await this.launchpad.token(input.mint.trim());
    const { launch, ...listed } = token;
    const row = coinRow(listed);
    const notes = missingNotes([row]);
    if (!launch) notes.push('The site holds no launch record for this coin (it did not launch it): launch is null.');
    return { data: { token: row, launch: launch ? launchRow(launch) : null }, notes: notes.length ? notes : undefined };
  }
}
