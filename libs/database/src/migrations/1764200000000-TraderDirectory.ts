import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trader directory: every tracked trader Scout has seen, so a handle resolves to its user id
 * and wallets without an upstream lookup once known. A worker job refreshes it from the four
 * leaderboards; tools add the traders they meet. Handles are matched case-insensitively and may
 * move between users upstream, so they are not unique here: a handle resolves to the user last
 * seen with it.
 */
export class TraderDirectory1764200000000 implements MigrationInterface {
  name = 'TraderDirectory1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE traders (
        user_id text PRIMARY KEY CHECK (char_length(user_id) BETWEEN 1 AND 100),
        handle text NOT NULL CHECK (char_length(handle) BETWEEN 1 AND 100),
        display_name text,
        solana_wallet text,
        evm_wallet text,
        verified boolean NOT NULL DEFAULT false,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_traders_handle_lower ON traders (lower(handle), last_seen_at DESC)`);
    await q.query(`CREATE INDEX idx_traders_solana_wallet ON traders (solana_wallet) WHERE solana_wallet IS NOT NULL`);
    await q.query(`CREATE INDEX idx_traders_evm_wallet ON traders (lower(evm_wallet)) WHERE evm_wallet IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE traders`);
  }
}
