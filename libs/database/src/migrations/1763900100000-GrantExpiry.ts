import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Writes off what is left of grants past their expiry (docs/architecture.md section 5): one 'expiry' entry
 * per grant for exactly its remaining credits, linked to the grant and allocated against it, and
 * the account balance lowered by the same amount. The worker's ledger queue calls
 * scout_expire_grants every minute; spending never needed it (scout_spendable and scout_spend
 * already ignore expired grants), so a late sweep only delays the entry, never lets expired
 * credits be spent.
 *
 * Invariants, beside those of the LedgerFoundation migration:
 *  - balance = sum(entries) = sum(remaining of every grant, expired or not), so lowering the
 *    balance by one grant's remaining never takes it below zero;
 *  - a grant is written off at most once per credit: the sweep re-reads it under lock and sets
 *    remaining = 0, so a second sweep finds nothing (credits refunded later onto an expired grant
 *    are written off by the next sweep, again exactly once);
 *  - lock order is the one scout_spend and scout_refund use, account row first, then its grants,
 *    and accounts in id order, so sweeps never deadlock with debits or with each other.
 */
export class GrantExpiry1763900100000 implements MigrationInterface {
  name = 'GrantExpiry1763900100000';

  async up(q: QueryRunner): Promise<void> {
    // What the sweep looks for: grants with credits left and an expiry, by expiry.
    await q.query(`CREATE INDEX idx_credit_grants_expiry_due ON credit_grants (expires_at)
      WHERE remaining > 0 AND expires_at IS NOT NULL`);

    // Expires up to p_limit grants with expires_at <= p_now and credits left (every account, or
    // only p_account), one row per grant written off. Call again until it returns fewer rows than
    // p_limit; each call is one transaction.
    await q.query(`
      CREATE FUNCTION scout_expire_grants(p_now timestamptz, p_limit integer, p_account uuid DEFAULT NULL)
      RETURNS TABLE (grant_id uuid, account_id uuid, entry_id bigint, credits bigint) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_account uuid;
        v_left bigint;
        v_balance bigint;
        v_entry bigint;
        g record;
      BEGIN
        IF p_now IS NULL OR p_limit IS NULL OR p_limit <= 0 THEN
          RAISE EXCEPTION 'scout_expire_grants: bad arguments (now %, limit %)', p_now, p_limit;
        END IF;
        -- Candidates are read without locks and re-checked once their account is locked: a debit,
        -- refund or another sweep may have moved them in between.
        FOR g IN
          SELECT c.id, c.account_id, c.kind, c.expires_at FROM credit_grants c
          WHERE c.remaining > 0 AND c.expires_at <= p_now AND (p_account IS NULL OR c.account_id = p_account)
          ORDER BY c.account_id, c.id
          LIMIT p_limit
        LOOP
          IF v_account IS DISTINCT FROM g.account_id THEN
            PERFORM 1 FROM accounts a WHERE a.id = g.account_id FOR UPDATE;
            v_account := g.account_id;
          END IF;
          SELECT c.remaining INTO v_left FROM credit_grants c
            WHERE c.id = g.id AND c.remaining > 0 AND c.expires_at <= p_now
            FOR UPDATE;
          CONTINUE WHEN NOT FOUND;
          UPDATE credit_grants SET remaining = 0 WHERE id = g.id;
          UPDATE accounts SET balance = balance - v_left, updated_at = now()
            WHERE id = g.account_id RETURNING balance INTO v_balance;
          INSERT INTO credit_entries (account_id, kind, amount, balance_after, grant_id, reason, actor)
            VALUES (g.account_id, 'expiry', -v_left, v_balance, g.id,
                    format('%s grant expired at %s', g.kind, to_char(g.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
                    'system')
            RETURNING id INTO v_entry;
          INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, g.id, -v_left);
          RETURN QUERY SELECT g.id, g.account_id, v_entry, v_left;
        END LOOP;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION scout_expire_grants(timestamptz, integer, uuid)`);
    await q.query(`DROP INDEX idx_credit_grants_expiry_due`);
  }
}
