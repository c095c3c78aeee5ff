import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '@scout/core';
import { isFomoUserId, normalizeFomoHandle } from '@scout/upstream';
import { TraderDirectory } from './trader-directory.service';
import { sightingOf } from './trader-views';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from './traders.ports';

export interface TraderRef {
  /** The trader's FOMO user id. */
  userId: string;
  /** Null when only the user id is known (a user id the directory has not seen). */
  handle: string | null;
}

/** How many search hits to scan for the exact handle. */
const SEARCH_LIMIT = 25;

/**
 * Turns a tool's `trader` input (a handle in any case, with or without @, or a user id) into the
 * user id FOMO's routes take. The directory answers first, so a known handle costs no upstream
 * call; an unknown handle is looked up with FOMO's search (the cheap route, not the 2,500-credit
 * profile) and then remembered. No exact match is `404 not_found` naming the handle.
 */
@Injectable()
export class TraderResolver {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly directory: TraderDirectory,
  ) {}

  async resolve(trader: string): Promise<TraderRef> {
    const known = await this.directory.resolve(trader);
    if (known) return { userId: known.userId, handle: known.handle };
    const name = normalizeFomoHandle(trader);
    if (isFomoUserId(name)) return { userId: name.toLowerCase(), handle: null };
    const found = await this.fomo.search(name, { type: 'traders', limit: SEARCH_LIMIT });
    const match = found.traders.find((t) => t.handle.toLowerCase() === name.toLowerCase());
    if (!match) throw new NotFoundError(`No tracked trader with the handle "${name}".`);
    await this.directory.record([sightingOf(match)]);
    return { userId: match.userId, handle: match.handle };
  }
}
