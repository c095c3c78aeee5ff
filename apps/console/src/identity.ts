import type { MeSummary } from '@scout-api/client';
import { ApiError, getWithKey } from './api';

/** Who the tab's key belongs to: its account (a key with the tools scope) and whether it is an admin key. */
export interface Identity {
  me: MeSummary | null;
  admin: boolean;
}

/**
 * Asks Scout who a key is: GET /api/v1/me for its account and scopes; a key with the admin scope
 * alone cannot read /me (403), so the admin API is asked then. A refused key is an ApiError.
 */
export async function identify(key: string): Promise<Identity> {
  try {
    const me = await getWithKey<MeSummary>('/api/v1/me', key);
    return { me, admin: me.key.scopes.includes('admin') };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    await getWithKey('/api/v1/admin/accounts?limit=1', key);
    return { me: null, admin: true };
  }
}
