import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, Tool, type ToolResult } from '@scout/core';
import { LaunchpadRefusedError, UpstreamError, type LaunchpadTokenDetail } from '@scout/upstream';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import {
  airdropFigures,
  backingFigures,
  burnRows,
  burnTotals,
  launchPathLabel,
  listedBurns,
  type TokenAirdropPart,
  type TokenBackingPart,
  type TokenBurnsPart,
} from './token-economics-figures';
import { LaunchpadMintInput } from '../tokens/tokens.dto';
import { LaunchpadMintLimitInput } from './token-economics.dto';

export interface LaunchpadBurnsData extends TokenBurnsPart {
  /** Solana mint of the coin, as asked. */
  mint: string;
}

export interface LaunchpadAirdropData extends TokenAirdropPart {
  /** Solana mint of the coin, as asked. */
  mint: string;
}

export interface LaunchpadBackingData extends TokenBackingPart {
  /** Solana mint of the coin, as asked. */
  mint: string;
}

/** What the site says when a coin has no airdrop and it gave no message of its own. */
const NO_AIRDROP = 'This token launched without an airdrop.';

/** A coin's supply side on the launchpad: what was burned, airdropped, and what locked value backs it. */
@Injectable()
export class TokenSupplyToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_token_burns',
    input: LaunchpadMintLimitInput,
    summary: "How much of a launchpad coin has been burned: burn totals and the newest burns (the flywheel's buyback and burn).",
    description:
      'totals: raw and whole tokens burned, USD at burn, burn count, last burn time, and the average USD price paid at burn. burns: the newest `limit` burns (signature, tokens, USD at burn, source such as flywheel, time). listed sums the listed burns; when complete is true the list is every burn and its sums equal the totals. Unknown mint 404.',
  })
  async burns(input: LaunchpadMintLimitInput): Promise<ToolResult<LaunchpadBurnsData>> {
    const { mint } = input;
    const answer = await this.launchpad.burns(mint, input.limit);
    const rows = burnRows(answer.burns.slice(0, input.limit));
    const notes =
      answer.totals.valueUsdAtBurn === null && answer.totals.burnCount > 0
        ? ['The site gave no USD value at burn: valueUsdAtBurn is null (unknown, not zero).']
        : undefined;
    return { data: { mint, totals: burnTotals(answer.totals), listed: listedBurns(rows, answer.totals.burnCount), burns: rows }, notes };
  }

  @Tool({
    name: 'launchpad_token_airdrop',
    input: LaunchpadMintLimitInput,
    summary: 'Did a launchpad coin launch with an airdrop: share of supply carved out, wallet count, snapshot source, recipients.',
    description:
      "airdrop: supplySharePct (percent of supply), walletCount, snapshotSource, the first `limit` recipients (wallet, tokens) with recipientsComplete and the tokens listed. airdrop is null, with the site's message, when the coin launched without one (most coins do): an answer, not an error. Unknown mint 404.",
  })
  async airdrop(input: LaunchpadMintLimitInput): Promise<ToolResult<LaunchpadAirdropData>> {
    const { mint } = input;
    const answer = await this.launchpad.airdrop(mint, input.limit);
    const airdrop = airdropFigures(answer.airdrop, input.limit);
    return { data: { mint, airdrop, message: answer.message ?? (airdrop === null ? NO_AIRDROP : null) } };
  }

  @Tool({
    name: 'launchpad_token_backing',
    input: LaunchpadMintInput,
    summary: 'How much USD is locked for good behind a pump-launched coin, and what share of its market cap that is.',
    description:
      "Pump launches only: the quote tokens locked behind the coin (raw and whole tokens), their USD value, the coin's market cap now and backedPctOfMarketCap. A coin launched on another path (raydium, launchlab) has no backing: 400 naming its launchpad; check it with launchpad_token first. Unknown mint 404.",
  })
  async backing(input: LaunchpadMintInput): Promise<ToolResult<LaunchpadBackingData>> {
    const { mint } = input;
    // The listing runs beside the backing: it gives the market cap, and on a refusal the path to name.
    const [backing, listing] = await Promise.allSettled([this.launchpad.backing(mint), this.launchpad.token(mint)]);
    if (backing.status === 'rejected') {
      if (backing.reason instanceof LaunchpadRefusedError && listing.status === 'fulfilled') throw notPumpLaunch(mint, listing.value);
      throw backing.reason;
    }
    let marketCapUsd: number | null = null;
    let notes: string[] | undefined;
    if (listing.status === 'fulfilled') marketCapUsd = listing.value.token.market.marketCapUsd;
    else if (listing.reason instanceof UpstreamError || listing.reason instanceof NotFoundError) {
      notes = [`The coin's listing did not answer (${listing.reason.message}): marketCapUsd and backedPctOfMarketCap left null.`];
    } else throw listing.reason;
    return { data: { mint, launchpad: backing.value.launchpad, ...backingFigures(backing.value, marketCapUsd) }, notes };
  }
}

function notPumpLaunch(mint: string, detail: LaunchpadTokenDetail): LaunchpadRefusedError {
  const { launchpad, symbol } = detail.token;
  const coin = symbol ? `${symbol} (${mint})` : mint;
  return new LaunchpadRefusedError(
    'mint',
    `${coin} launched on the ${launchpad} launchpad (${launchPathLabel(launchpad)}), not pump: only pump launches lock USD behind a coin, so it has no backing.`,
  );
}
