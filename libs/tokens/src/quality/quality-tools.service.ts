import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, Tool, type ToolResult } from '@scout/core';
import { SolanaTokenInput } from '../solana-token-input.dto';
import { SOLANA_TOKENS_CLIENT, type SolanaTokensPort } from '../tokens.ports';
import {
  QUALITY_WINDOWS,
  qualityFlags,
  qualityNotes,
  tokenAudit,
  volumeWindow,
  type QualityFlag,
  type QualityWindow,
  type TokenAudit,
  type VolumeWindow,
  type VolumeWindows,
} from './quality-figures';

export interface TokenQualityData {
  /** The mint with its name, symbol and launchpad; each null when Jupiter does not say. */
  token: {
    /** The token's mint, as asked. */
    mint: string;
    /** The token's name; null when Jupiter does not say. */
    name: string | null;
    /** The token's symbol; null when Jupiter does not say. */
    symbol: string | null;
    /** The launchpad the token was launched on, as Jupiter names it; null when Jupiter does not say. */
    launchpad: string | null;
  };
  /** The directory's organic score, 0-100, and its label. */
  organicScore: number | null;
  /** Jupiter's label: high, medium or low as documented; a label it adds later is passed on as it comes. */
  organicScoreLabel: string | null;
  /** Jupiter-verified; null when Jupiter does not say. */
  verified: boolean | null;
  /** Jupiter's tags for the token; null when it gives none. */
  tags: string[] | null;
  /** Authorities, holder and developer shares and suspicious; null when Jupiter gives no audit. */
  audit: TokenAudit | null;
  /** Total against organic volume per window; a window the provider did not report is null. */
  volume: VolumeWindows;
  /** What the audit and the day's organic share flag, most serious first; empty when nothing is flagged. */
  flags: QualityFlag[];
}

/** Whether a Solana token and its volume are real: Jupiter's organic score, verification and audit. */
@Injectable()
export class QualityToolsService {
  constructor(@Inject(SOLANA_TOKENS_CLIENT) private readonly jupiter: SolanaTokensPort) {}

  @Tool({
    name: 'service_token_quality',
    input: SolanaTokenInput,
    summary: 'Is a Solana token real, and is its volume real: organic score, verification, tags, audit, organic against total volume.',
    description:
      "From Jupiter's token directory: organicScore (0-100) and its label, verified, tags, and an audit (mint and freeze authority disabled, top holders' and the developer's share of supply, the developer's earlier mints, suspicious). volume gives total against organic USD per 5m/1h/6h/24h, so wash trading shows as a low organicSharePct while total volume looks healthy. flags: mint_authority_live, freeze_authority_live, suspicious (high); wash_volume (under 20% organic over 24h), concentrated (top holders over 50%) (medium). Solana only; an EVM contract is a 400.",
  })
  async quality(input: SolanaTokenInput): Promise<ToolResult<TokenQualityData>> {
    const mint = input.token.trim();
    const entry = (await this.jupiter.searchTokens(mint)).find((t) => t.id === mint);
    if (!entry) throw new NotFoundError(`Jupiter's token directory lists no token with mint ${mint}.`);
    const audit = tokenAudit(entry.audit);
    const volume: VolumeWindows = Object.fromEntries(QUALITY_WINDOWS.map((w) => [w, volumeWindow(entry[`stats${w}`])])) as Record<
      QualityWindow,
      VolumeWindow | null
    >;
    const missing = QUALITY_WINDOWS.filter((w) => volume[w] === null);
    return {
      data: {
        token: { mint, name: entry.name ?? null, symbol: entry.symbol ?? null, launchpad: entry.launchpad ?? null },
        organicScore: entry.organicScore ?? null,
        organicScoreLabel: entry.organicScoreLabel ?? null,
        verified: entry.isVerified ?? null,
        tags: entry.tags ?? null,
        audit,
        volume,
        flags: qualityFlags(audit, volume['24h']),
      },
      notes: qualityNotes(audit, missing),
    };
  }
}
