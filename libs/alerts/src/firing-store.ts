import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AlertRecord, DeliveryAttemptRecord, DeliveryStatus, FiringPayload, FiringRecord } from './alert.types';
import { toAlert, type RawAlert } from './alert-store';

/** A firing with what its delivery needs: the alert, and the webhook's signing secret. */
export interface DeliveryTask {
  firing: FiringRecord;
  alert: AlertRecord;
  signingSecret: string | null;
}

export interface AttemptOutcome {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  delivered: boolean;
  /** The firing's delivery status after this attempt. */
  status: DeliveryStatus;
}

const FIRING_COLUMNS = `f.id, f.alert_id, f.fired_at, f.payload, f.delivery_status, f.attempts, f.last_status_code, f.last_error, f.delivered_at,
  (SELECT max(a.started_at) FROM alert_delivery_attempts a WHERE a.firing_id = f.id) AS last_attempt_at`;

/** Firings, their delivery state, and the record of every delivery attempt. */
@Injectable()
export class FiringStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The firings of these alerts, keyed by alert id. */
  async forAlerts(alertIds: string[]): Promise<Map<string, FiringRecord>> {
    if (alertIds.length === 0) return new Map();
    const rows: RawFiring[] = await this.db.query(`SELECT ${FIRING_COLUMNS} FROM alert_firings f WHERE f.alert_id = ANY($1::uuid[])`, [alertIds]);
    return new Map(rows.map((r) => [r.alert_id, toFiring(r)]));
  }

  /** Every attempt of these firings, oldest first, keyed by firing id. */
  async attempts(firingIds: string[]): Promise<Map<string, DeliveryAttemptRecord[]>> {
    const byFiring = new Map<string, DeliveryAttemptRecord[]>();
    if (firingIds.length === 0) return byFiring;
    const rows: RawAttempt[] = await this.db.query(
      `SELECT firing_id, attempt, started_at, duration_ms, status_code, error, delivered FROM alert_delivery_attempts WHERE firing_id = ANY($1::uuid[]) ORDER BY id`,
      [firingIds],
    );
    for (const r of rows) {
      const list = byFiring.get(r.firing_id) ?? [];
      list.push({
        attempt: r.attempt,
        startedAt: new Date(r.started_at),
        durationMs: r.duration_ms,
        statusCode: r.status_code,
        error: r.error,
        delivered: r.delivered,
      });
      byFiring.set(r.firing_id, list);
    }
    return byFiring;
  }

  /** Pending firings whose delivery job was never enqueued (the outbox), oldest first. */
  async unqueued(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM alert_firings WHERE queued_at IS NULL AND delivery_status = 'pending' ORDER BY fired_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async markQueued(firingId: string, at: Date): Promise<void> {
    await this.db.query(`UPDATE alert_firings SET queued_at = coalesce(queued_at, $2::timestamptz) WHERE id = $1`, [firingId, at]);
  }

  /** The firing with its alert and secret; null for an unknown id. */
  async task(firingId: string): Promise<DeliveryTask | null> {
    const firings: RawFiring[] = await this.db.query(`SELECT ${FIRING_COLUMNS} FROM alert_firings f WHERE f.id = $1`, [firingId]);
    if (firings.length === 0) return null;
    const alerts: (RawAlert & { signing_secret: string | null })[] = await this.db.query(`SELECT * FROM alerts WHERE id = $1`, [firings[0].alert_id]);
    return { firing: toFiring(firings[0]), alert: toAlert(alerts[0]), signingSecret: alerts[0].signing_secret };
  }

  /** Records one attempt and the firing's delivery state after it, together. */
  async recordAttempt(firingId: string, outcome: AttemptOutcome): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO alert_delivery_attempts (firing_id, attempt, started_at, duration_ms, status_code, error, delivered) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [firingId, outcome.attempt, outcome.startedAt, outcome.durationMs, outcome.statusCode, outcome.error, outcome.delivered],
      );
      await m.query(
        `UPDATE alert_firings SET attempts = attempts + 1, last_status_code = $2, last_error = $3, delivery_status = $4,
           delivered_at = CASE WHEN $4 = 'delivered' THEN $5::timestamptz ELSE delivered_at END
         WHERE id = $1`,
        [firingId, outcome.statusCode, outcome.error, outcome.status, new Date(outcome.startedAt.getTime() + outcome.durationMs)],
      );
    });
  }
}

interface RawFiring {
  id: string;
  alert_id: string;
  fired_at: Date;
  payload: FiringPayload;
  delivery_status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  last_attempt_at: Date | null;
}

interface RawAttempt {
  firing_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
}

function toFiring(r: RawFiring): FiringRecord {
  return {
    id: r.id,
    alertId: r.alert_id,
    firedAt: new Date(r.fired_at),
    payload: r.payload,
    deliveryStatus: r.delivery_status,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
    lastAttemptAt: r.last_attempt_at ? new Date(r.last_attempt_at) : null,
  };
}
