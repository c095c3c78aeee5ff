import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts (libs/alerts):
 * - alerts: one row per alert an account set up. `state` goes active → fired (once, by the
 *   evaluator's claim) or active/fired → deleted (by its owner). At most 20 active per account,
 *   enforced by the create transaction under a per-account advisory lock. `signing_secret` (webhook
 *   alerts) is kept in the clear because every delivery signs with it; it is returned only by the
 *   create call and never selected by a read.
 * - alert_firings: the firing of an alert (at most one per alert), inserted in the transaction
 *   that claims the alert, with the delivery's state: pending until a 2xx (or a sent email), failed
 *   when the attempts ran out or the target was refused. `queued_at` is set once its delivery job
 *   is enqueued (an outbox: firings committed but never queued are queued by the next evaluation).
 * - alert_delivery_attempts: every attempt, with its time, duration and HTTP status or error.
 */
export class Alerts1764500000000 implements MigrationInterface {
  name = 'Alerts1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        kind text NOT NULL CHECK (kind IN ('price_above', 'price_below', 'smart_money_buy')),
        chain text NOT NULL CHECK (char_length(chain) BETWEEN 1 AND 20),
        token_address text NOT NULL CHECK (char_length(token_address) BETWEEN 1 AND 100),
        price_usd numeric CHECK (price_usd > 0),
        min_traders integer CHECK (min_traders BETWEEN 2 AND 20),
        channel text NOT NULL CHECK (channel IN ('webhook', 'email')),
        webhook_url text CHECK (char_length(webhook_url) <= 2000),
        email text CHECK (char_length(email) <= 320),
        signing_secret text,
        note text CHECK (char_length(note) <= 200),
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'fired', 'deleted')),
        created_at timestamptz NOT NULL,
        fired_at timestamptz,
        deleted_at timestamptz,
        CONSTRAINT alerts_kind_target CHECK (
          (kind = 'smart_money_buy' AND min_traders IS NOT NULL AND price_usd IS NULL)
          OR (kind <> 'smart_money_buy' AND price_usd IS NOT NULL AND min_traders IS NULL)),
        CONSTRAINT alerts_channel_target CHECK (
          (channel = 'webhook' AND webhook_url IS NOT NULL AND signing_secret IS NOT NULL AND email IS NULL)
          OR (channel = 'email' AND email IS NOT NULL AND webhook_url IS NULL AND signing_secret IS NULL)),
        CONSTRAINT alerts_fired_at CHECK (state <> 'fired' OR fired_at IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX idx_alerts_account ON alerts (account_id, created_at DESC)`);
    await q.query(`CREATE INDEX idx_alerts_active ON alerts (id) WHERE state = 'active'`);
    await q.query(`
      CREATE TABLE alert_firings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        alert_id uuid NOT NULL REFERENCES alerts(id),
        fired_at timestamptz NOT NULL,
        payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
        delivery_status text NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_status_code integer,
        last_error text,
        queued_at timestamptz,
        delivered_at timestamptz,
        CONSTRAINT alert_firings_once UNIQUE (alert_id)
      )`);
    await q.query(`CREATE INDEX idx_alert_firings_unqueued ON alert_firings (fired_at) WHERE queued_at IS NULL AND delivery_status = 'pending'`);
    await q.query(`
      CREATE TABLE alert_delivery_attempts (
        id bigserial PRIMARY KEY,
        firing_id uuid NOT NULL REFERENCES alert_firings(id),
        attempt integer NOT NULL CHECK (attempt >= 1),
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        status_code integer,
        error text,
        delivered boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX idx_alert_delivery_attempts_firing ON alert_delivery_attempts (firing_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_delivery_attempts`);
    await q.query(`DROP TABLE alert_firings`);
    await q.query(`DROP TABLE alerts`);
  }
}
