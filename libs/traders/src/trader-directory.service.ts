import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A tracked trader as the directory knows them. */
export interface DirectoryTrader {
  userId: string;
  handle: string;
  displayName: string | null;
  wallets: { solana: string | null; evm: string | null };
  verified: boolean;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** What a leaderboard row or a profile tells the directory about a trader. */
export type SeenTrader = Pick<DirectoryTrader, 'userId' | 'handle' | 'displayName' | 'wallets' | 'verified'>;

interface Row {
  user_id: string;
  handle: string;
  display_name: string | null;
  solana_wallet: string | null;
  evm_wallet: string | null;
  verified: boolean;
  first_seen_at: Date;
  last_seen_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long the trader count service_health reports may be old: it is read on every health call. */
const COUNT_TTL_MS = 10_000;

/**
 * The trader directory (TraderDirectory migration): every tracked trader Scout has seen, kept
 * fresh from the leaderboards, so a handle resolves to a user id and wallets with no upstream
 * lookup once known. Handles match case-insensitively; a handle resolves to the user last seen
 * with it (handles can move between users upstream).
 */
@Injectable()
export class TraderDirectory {
  private counted: { value: number; at: number } | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Adds or refreshes traders seen at `seenAt`, one statement for the lot; resolves to how many rows
   * it wrote (a trader already seen later is left as is).
   */
  async record(traders: readonly SeenTrader[], seenAt: Date = new Date()): Promise<number> {
    // One row per user id: a trader on several boards of one refresh is written once.
    const unique = [...new Map(traders.map((t) => [userKey(t.userId), t])).values()];
    if (unique.length === 0) return 0;
    const written = await this.db.query<unknown[]>(
      `INSERT INTO traders AS t (user_id, handle, display_name, solana_wallet, evm_wallet, verified, first_seen_at, last_seen_at)
       SELECT u.user_id, u.handle, u.display_name, u.solana_wallet, u.evm_wallet, u.verified, $7, $7
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[])
              AS u(user_id, handle, display_name, solana_wallet, evm_wallet, verified)
       ON CONFLICT (user_id) DO UPDATE
          SET handle = EXCLUDED.handle, display_name = EXCLUDED.display_name,
              solana_wallet = coalesce(EXCLUDED.solana_wallet, t.solana_wallet),
              evm_wallet = coalesce(EXCLUDED.evm_wallet, t.evm_wallet),
              verified = EXCLUDED.verified, last_seen_at = EXCLUDED.last_seen_at
        -- An older sighting (a board captured before the last one) changes nothing.
        WHERE EXCLUDED.last_seen_at >= t.last_seen_at
       RETURNING 1`,
      [
        unique.map((t) => userKey(t.userId)),
        unique.map((t) => t.handle),
        unique.map((t) => t.displayName),
        unique.map((t) => t.wallets.solana),
        unique.map((t) => t.wallets.evm),
        unique.map((t) => t.verified),
        seenAt,
      ],
    );
    this.counted = null;
    return written.length;
  }

  /**
   * The trader a handle (any case, with or without a leading @) or a user id names, or null when
   * the directory has not seen them.
   */
  async resolve(trader: string): Promise<DirectoryTrader | null> {
    const name = trader.trim().replace(/^@/, '');
    if (name === '') return null;
    const rows = await this.db.query<Row[]>(
      UUID.test(name) ? `SELECT * FROM traders WHERE user_id = $1` : `SELECT * FROM traders WHERE lower(handle) = lower($1) ORDER BY last_seen_at DESC LIMIT 1`,
      [userKey(name)],
    );
    return rows.length === 0 ? null : toTrader(rows[0]);
  }

  /** How many traders the directory holds (at most COUNT_TTL_MS old). */
  async count(): Promise<number> {
    if (this.counted && Date.now() - this.counted.at < COUNT_TTL_MS) return this.counted.value;
    const [row] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM traders`);
    this.counted = { value: row.n, at: Date.now() };
    return row.n;
  }
}

/** User ids are UUIDs: stored and looked up in lower case. */
function userKey(id: string): string {
  return UUID.test(id) ? id.toLowerCase() : id;
}

function toTrader(row: Row): DirectoryTrader {
  return {
    userId: row.user_id,
    handle: row.handle,
    displayName: row.display_name,
    wallets: { solana: row.solana_wallet, evm: row.evm_wallet },
    verified: row.verified,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
  };
}
