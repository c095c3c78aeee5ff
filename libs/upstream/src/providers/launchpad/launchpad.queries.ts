import type { LaunchMode, LaunchpadTokenStatus } from './launchpad.schemas';

/** What `/api/tokens` filters and sorts by; every field optional (the site's defaults apply). */
export interface LaunchpadTokenQuery {
  /** Matched against name, symbol and mint. */
  q?: string;
  sort?: 'marketCap' | 'newest' | 'volume';
  mode?: LaunchMode;
  status?: LaunchpadTokenStatus;
  quoteMint?: string;
  /** The quote's category, e.g. `xstock`. */
  category?: string;
  /** 1-based. */
  page?: number;
  /** 1-100. */
  pageSize?: number;
}

/** What `/api/launches` filters by (newest first). */
export interface LaunchpadLaunchQuery {
  creator?: string;
  mode?: LaunchMode;
  /** Launched at or after this instant. */
  since?: Date;
  page?: number;
  pageSize?: number;
}

/** What `/api/pairs` filters by. */
export interface LaunchpadPairQuery {
  category?: string;
  launchable?: boolean;
  launchLabReady?: boolean;
}
