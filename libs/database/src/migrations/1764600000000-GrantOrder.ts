import type { MigrationInterface, QueryRunner } from 'typeorm';

const BY_ID = 'ORDER BY expires_at ASC NULLS LAST, created_at, id';
const BY_SEQ = 'ORDER BY expires_at ASC NULLS LAST, created_at, seq';

/**
 * Grants that tie on created_at are spent in the order they were granted. created_at is the wall
 * clock (clock_timestamp), which on the embedded PostgreSQL (PGlite) ticks in milliseconds: an
 * account's free grant and its plan grant, written in one transaction, often shared a stamp, and
 * the tie fell to their random uuids, so a plan grant could be spent before the free credits. A
 * sequence number breaks the tie in the order of insertion. The spending functions (scout_spend's
 * and scout_hold_many's grant walk) are rewritten in place from their own definitions, so their
 * bodies are not copied here.
 */
export class GrantOrder1764600000000 implements MigrationInterface {
  name = 'GrantOrder1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_grants ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`);
    await rewriteGrantWalks(q, BY_ID, BY_SEQ);
  }

  async down(q: QueryRunner): Promise<void> {
    await rewriteGrantWalks(q, BY_SEQ, BY_ID);
    await q.query(`ALTER TABLE credit_grants DROP COLUMN seq`);
  }
}

/** Re-creates every public function whose definition walks the grants in `from` order with `to`. */
async function rewriteGrantWalks(q: QueryRunner, from: string, to: string): Promise<void> {
  const rows = (await q.query(
    `SELECT pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prokind = 'f' AND p.prosrc LIKE '%' || $1 || '%'`,
    [from],
  )) as { def: string }[];
  if (rows.length === 0) throw new Error(`no function walks the grants by "${from}"`);
  for (const { def } of rows) await q.query(def.split(from).join(to));
}
