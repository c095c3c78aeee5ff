import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryWrite } from '@scout/core';
import type { AlertRecord, AlertState, FiringPayload } from './alert.types';
import type { AlertChannel, AlertKind } from './alerts.dto';
import type { Chain } from '@scout/upstream';

/** Active alerts an account may hold at once. */
export const MAX_ACTIVE_ALERTS = 20;

export interface NewAlert {
  kind: AlertKind;
  chain: Chain;
  tokenAddress: string;
  priceUsd: number | null;
  minTraders: number | null;
  channel: AlertChannel;
  webhookUrl: string | null;
  email: string | null;
  signingSecret: string | null;
  note: string | null;
}

const ALERT_COLUMNS = `id, account_id, kind, chain, token_address, price_usd, min_traders, channel, webhook_url, email, note, state, created_at, fired_at, deleted_at`;

/**
 * The alerts table: accounts' alerts, and the claim that fires one exactly once. An UPDATE whose
 * rows are read runs through queryWrite (TypeORM answers a bare UPDATE with [rows, count]).
 */
@Injectable()
export class AlertStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Inserts the alert unless the account already has MAX_ACTIVE_ALERTS active; null then. Creates
   * of one account take turns under a transaction-scoped advisory lock, so two at once cannot both
   * count 19 and make 21.
   */
  async create(accountId: string, alert: NewAlert, createdAt: Date): Promise<AlertRecord | null> {
    return this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`scout:alerts:${accountId}`]);
      const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM alerts WHERE account_id = $1 AND state = 'active'`, [accountId]);
      if (n >= MAX_ACTIVE_ALERTS) return null;
      const rows: RawAlert[] = await m.query(
        `INSERT INTO alerts (account_id, kind, chain, token_address, price_usd, min_traders, channel, webhook_url, email, signing_secret, note, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${ALERT_COLUMNS}`,
        [
          accountId,
          alert.kind,
          alert.chain,
          alert.tokenAddress,
          alert.priceUsd,
          alert.minTraders,
          alert.channel,
          alert.webhookUrl,
          alert.email,
          alert.signingSecret,
          alert.note,
          createdAt,
        ],
      );
      return toAlert(rows[0]);
    });
  }

  /** The account's alerts, newest first. */
  async list(accountId: string, state?: AlertState): Promise<AlertRecord[]> {
    const rows: RawAlert[] = await this.db.query(
      `SELECT ${ALERT_COLUMNS} FROM alerts WHERE account_id = $1 AND ($2::text IS NULL OR state = $2) ORDER BY created_at DESC, id`,
      [accountId, state ?? null],
    );
    return rows.map(toAlert);
  }

  async activeCount(accountId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM alerts WHERE account_id = $1 AND state = 'active'`, [accountId]);
    return n;
  }

  /** Deletes the account's alert (kept as state 'deleted'); null when the account has no such alert. */
  async delete(accountId: string, id: string, at: Date): Promise<AlertRecord | null> {
    const { rows } = await queryWrite<RawAlert>(
      this.db,
      `UPDATE alerts SET state = 'deleted', deleted_at = coalesce(deleted_at, $3::timestamptz) WHERE id = $1 AND account_id = $2 RETURNING ${ALERT_COLUMNS}`,
      [id, accountId, at],
    );
    return rows.length ? toAlert(rows[0]) : null;
  }

  /** Up to `limit` active alerts with ids after `afterId`, in id order (the evaluator's pages). */
  async activePage(afterId: string | null, limit: number): Promise<AlertRecord[]> {
    const rows: RawAlert[] = await this.db.query(
      `SELECT ${ALERT_COLUMNS} FROM alerts WHERE state = 'active' AND ($1::uuid IS NULL OR id > $1) ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map(toAlert);
  }

  /**
   * Fires the alert: claims it (active → fired) and records the firing in one transaction. Of any
   * number of evaluators racing for one alert exactly one gets the row back; the others (and a
   * deleted or already fired alert) get null and record nothing.
   */
  async fire(alertId: string, firedAt: Date, payload: FiringPayload): Promise<string | null> {
    return this.db.transaction(async (m) => {
      const claimed = await queryWrite(m, `UPDATE alerts SET state = 'fired', fired_at = $2 WHERE id = $1 AND state = 'active'`, [alertId, firedAt]);
      if (claimed.count === 0) return null;
      const firing: { id: string }[] = await m.query(`INSERT INTO alert_firings (alert_id, fired_at, payload) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
        alertId,
        firedAt,
        JSON.stringify(payload),
      ]);
      return firing[0].id;
    });
  }

  /** Whether an account with this id exists (the admin view's 404). */
  async accountExists(accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM accounts WHERE id = $1`, [accountId]);
    return rows.length > 0;
  }
}

export interface RawAlert {
  id: string;
  account_id: string;
  kind: AlertKind;
  chain: Chain;
  token_address: string;
  price_usd: string | null;
  min_traders: number | null;
  channel: AlertChannel;
  webhook_url: string | null;
  email: string | null;
  note: string | null;
  state: AlertState;
  created_at: Date;
  fired_at: Date | null;
  deleted_at: Date | null;
}

export function toAlert(r: RawAlert): AlertRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    kind: r.kind,
    chain: r.chain,
    tokenAddress: r.token_address,
    priceUsd: r.price_usd === null ? null : Number(r.price_usd),
    minTraders: r.min_traders,
    channel: r.channel,
    webhookUrl: r.webhook_url,
    email: r.email,
    note: r.note,
    state: r.state,
    createdAt: new Date(r.created_at),
    firedAt: r.fired_at ? new Date(r.fired_at) : null,
    deletedAt: r.deleted_at ? new Date(r.deleted_at) : null,
  };
}
