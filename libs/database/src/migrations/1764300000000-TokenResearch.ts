import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Token research's own data:
 * - token_board_captures: the last board of each kind the provider answered, so the token board
 *   can still be served (marked captured and stale) while the provider is down. One row per board,
 *   replaced on every new capture.
 * - token_snapshots: holder snapshots taken by an account (service_fomo_token_snapshot), kept as
 *   taken (never updated) and read back only by that account for compare.
 */
export class TokenResearch1764300000000 implements MigrationInterface {
  name = 'TokenResearch1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE token_board_captures (
        board text PRIMARY KEY CHECK (board IN ('trending', 'most-held', 'graduated')),
        captured_at timestamptz,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        board_json jsonb NOT NULL CHECK (jsonb_typeof(board_json) = 'object')
      )`);
    await q.query(`
      CREATE TABLE token_snapshots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        chain text,
        address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 100),
        captured_at timestamptz NOT NULL,
        snapshot jsonb NOT NULL CHECK (jsonb_typeof(snapshot) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_token_snapshots_account ON token_snapshots (account_id, created_at DESC)`);
    await q.query(`CREATE INDEX idx_token_snapshots_token ON token_snapshots (account_id, address, captured_at DESC)`);
    // A snapshot is a record of what was seen: compare reads it as captured.
    await q.query(`
      CREATE FUNCTION scout_token_snapshot_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'token snapshots are kept as captured: % refused', TG_OP;
      END $$`);
    await q.query(`CREATE TRIGGER token_snapshots_frozen BEFORE UPDATE ON token_snapshots FOR EACH ROW EXECUTE FUNCTION scout_token_snapshot_frozen()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE token_snapshots`);
    await q.query(`DROP FUNCTION scout_token_snapshot_frozen()`);
    await q.query(`DROP TABLE token_board_captures`);
  }
}
