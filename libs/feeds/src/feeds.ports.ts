import type { FomoThesesPage } from '@scout/upstream';

/*
 * What the feed tools need of the FOMO client, stated here so they depend on the little they use.
 * FomoTokenClient (@scout/upstream) satisfies it as it is; tests pass fakes.
 */

/** Injection token of the FOMO theses feed (a FomoThesesFeedPort). */
export const FOMO_THESES_CLIENT = Symbol('FOMO_THESES_CLIENT');

export interface FomoThesesFeedPort {
  recentTheses(options?: { chain?: string; sort?: string; cursor?: string }): Promise<FomoThesesPage>;
}
