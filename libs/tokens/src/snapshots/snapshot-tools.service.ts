import { Inject, Injectable } from '@nestjs/common';
import { Clock, InvalidRequestError, NotFoundError, Tool, type ToolContext, type ToolResult } from '@scout/core';
import { flowWindow } from '../flow/flow-figures';
import { trackedHolders } from '../holders/holder-figures';
import { TokenParts } from '../token-parts';
import { networkIdParam, tokenRef, withProviderChain } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.ports';
import { diffSnapshots, type ComparableSnapshot, type SnapshotDiff } from './snapshot-diff';
import { SnapshotStore } from './snapshot-store';
import type { TokenSnapshot } from './snapshot.types';
import { CompareSnapshotsInput, TokenSnapshotInput, type SnapshotObjectInput } from './snapshots.dto';

export interface SnapshotComparisonData extends SnapshotDiff {
  /** The token compared, when the snapshots say. */
  token: TokenSnapshot['token'] | null;
}

/** Holder snapshots kept per account, and what changed between two of them. */
@Injectable()
export class SnapshotToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    private readonly store: SnapshotStore,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_token_snapshot',
    input: TokenSnapshotInput,
    summary:
      "Saves a snapshot of a coin's holders (tracked traders with amounts and values, total holders, top-10 share, price, 24h flow) and returns it with its id.",
    description:
      'The provider keeps no holder history, so take snapshots and compare them later with service_fomo_compare_snapshots (free) by id. Snapshots are kept by Scout, visible only to your account, and never change. Stats and holders are read in parallel; a part that fails is null with a note.',
  })
  async snapshot(input: TokenSnapshotInput, context: ToolContext): Promise<ToolResult<TokenSnapshot>> {
    const asked = tokenRef(input.address, input.chain);
    const parts = new TokenParts();
    const [stats, holders] = await Promise.all([
      parts.run({ part: 'FOMO token stats', affects: 'priceUsd, totalHolders, top10HoldersPercent, flow24h' }, () =>
        this.fomo.tokenStats(asked.address, networkIdParam(asked, input.chain !== undefined)),
      ),
      parts.run({ part: 'FOMO tracked holders', affects: 'trackedHolders' }, () => this.fomo.tokenHolders(asked.address)),
    ]);
    parts.settle();
    const tracked = holders ? trackedHolders(holders.holders, input.holdersLimit) : null;
    const taken: Omit<TokenSnapshot, 'id'> = {
      capturedAt: this.clock.now().toISOString(),
      token: stats ? withProviderChain(asked, stats.networkId) : asked,
      priceUsd: stats?.priceUsd ?? null,
      totalHolders: stats?.holders ?? null,
      top10HoldersPercent: stats?.top10HoldersPercent ?? null,
      trackedHolderCount: tracked?.trackedHolderCount ?? null,
      trackedValueUsd: tracked?.trackedValueUsd ?? null,
      trackedHolders: tracked ? tracked.holders.map((h) => ({ handle: h.handle, userId: h.userId, amount: h.amount, valueUsd: h.valueUsd })) : null,
      flow24h: stats ? flowWindow(stats.windows['24h']) : null,
    };
    const id = await this.store.save(context.caller!.accountId, taken);
    return { data: { id, ...taken }, notes: parts.notes };
  }

  @Tool({
    name: 'service_fomo_compare_snapshots',
    input: CompareSnapshotsInput,
    summary: 'What changed between two holder snapshots: tracked traders who joined, left, added or trimmed; price, holder count and top-10 share.',
    description:
      "Give each side as the id of a snapshot you took (beforeId, afterId) or as the snapshot object itself (before, after). Holders are compared by amount held, so a price move alone is not a trade. Reads no market data. Another account's snapshot id is not found.",
  })
  async compare(input: CompareSnapshotsInput, context: ToolContext): Promise<ToolResult<SnapshotComparisonData>> {
    const [first, second] = await Promise.all([
      this.side(input.beforeId, input.before, 'beforeId', context),
      this.side(input.afterId, input.after, 'afterId', context),
    ]);
    const tokens = [first.token, second.token].filter((t): t is TokenSnapshot['token'] => t !== null);
    if (tokens.length === 2 && tokens[0].address.toLowerCase() !== tokens[1].address.toLowerCase()) {
      throw new InvalidRequestError('The two snapshots are of different tokens.', [
        { path: 'afterId', message: `before is of ${tokens[0].address}, after of ${tokens[1].address}` },
      ]);
    }
    const notes: string[] = [];
    let [before, after] = [first.snapshot, second.snapshot];
    if (before.capturedAt && after.capturedAt && Date.parse(before.capturedAt) > Date.parse(after.capturedAt)) {
      [before, after] = [after, before];
      notes.push('The snapshots were given newest first; compared oldest to newest.');
    }
    for (const [name, s] of [
      ['before', first],
      ['after', second],
    ] as const) {
      if (s.holdersMissing)
        notes.push(`The ${name} snapshot has no holder list (the provider did not answer when it was taken): holder changes are not known.`);
      if (s.truncated)
        notes.push(
          `The ${name} snapshot lists ${s.snapshot.trackedHolders.length} of ${s.truncated} tracked holders: those beyond it may show as joined or exited.`,
        );
    }
    return { data: { token: tokens[0] ?? null, ...diffSnapshots(before, after) }, notes };
  }

  /** One side of a compare: a stored snapshot of the caller's, or the object given. */
  private async side(
    id: string | undefined,
    given: SnapshotObjectInput | undefined,
    field: string,
    context: ToolContext,
  ): Promise<{ snapshot: ComparableSnapshot; token: TokenSnapshot['token'] | null; holdersMissing: boolean; truncated: number | null }> {
    if (given) {
      const token = typeof given.token?.address === 'string' ? tokenRef(given.token.address) : null;
      return { snapshot: given, token, holdersMissing: false, truncated: truncatedAt(given.trackedHolders.length, given.trackedHolderCount) };
    }
    const stored = await this.store.find(context.caller!.accountId, id!);
    if (!stored) throw new NotFoundError(`No snapshot ${id} (${field}) among this account's snapshots.`);
    return {
      snapshot: { ...stored, trackedHolders: stored.trackedHolders ?? [] },
      token: stored.token,
      holdersMissing: stored.trackedHolders === null,
      truncated: truncatedAt(stored.trackedHolders?.length ?? 0, stored.trackedHolderCount),
    };
  }
}

function truncatedAt(listed: number, count: number | null | undefined): number | null {
  return count != null && count > listed ? count : null;
}
