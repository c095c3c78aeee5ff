import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/**
 * The alerts' job family (queue 'alerts'): 'evaluate-alerts', every active alert evaluated by a job
 * scheduler every ALERT_EVAL_INTERVAL_SECONDS (alertsQueue(config) sets the interval), and
 * 'deliver-alert', one job per firing, its id the firing's (so a firing queued twice is one job),
 * retried with exponential backoff until a 2xx or the attempts run out.
 *
 * One queue, not one per job: on BullMQ's PostgreSQL backend every queue costs each worker process
 * about four connections (its LISTEN connection and the queue's and the worker's pools, measured),
 * so a second queue would cost every worker four more. Deliveries still retry on their own, job by
 * job (attempts and backoff per job), and run beside evaluations (the processor's concurrency).
 */

export const EVALUATE_ALERTS_JOB = 'evaluate-alerts';
export const DELIVER_ALERT_JOB = 'deliver-alert';

export interface EvaluateAlertsResult {
  evaluated: number;
  fired: number;
  /** Firings whose delivery job was enqueued in this run (new ones and any left unqueued). */
  queued: number;
  /** Price reads that failed (their alerts are evaluated again next run). */
  failed: { chain: string; error: string }[];
}

export interface DeliverAlertPayload {
  firingId: string;
}

export interface DeliverAlertResult {
  firingId: string;
  status: 'delivered' | 'skipped';
}

export interface AlertJobs {
  [EVALUATE_ALERTS_JOB]: Record<string, never>;
  [DELIVER_ALERT_JOB]: DeliverAlertPayload;
}

export const ALERT_EVALUATION_SCHEDULER_ID = 'alerts:evaluate';
export const DEFAULT_ALERT_EVAL_INTERVAL_MS = 60_000;

export const ALERTS_QUEUE: JobQueueDefinition<AlertJobs> = {
  name: 'alerts',
  jobNames: jobNamesOf<AlertJobs>({ [EVALUATE_ALERTS_JOB]: true, [DELIVER_ALERT_JOB]: true }),
  schedulers: [{ id: ALERT_EVALUATION_SCHEDULER_ID, everyMs: DEFAULT_ALERT_EVAL_INTERVAL_MS, jobName: EVALUATE_ALERTS_JOB, data: {} }],
};

/** The 'alerts' family with its scheduler at the configured interval. */
export function alertsQueue(intervalSeconds: number): JobQueueDefinition<AlertJobs> {
  return {
    ...ALERTS_QUEUE,
    schedulers: [{ id: ALERT_EVALUATION_SCHEDULER_ID, everyMs: intervalSeconds * 1000, jobName: EVALUATE_ALERTS_JOB, data: {} }],
  };
}

/** Attempts of one delivery, and the first backoff (doubling: 1, 2, 4 ... 256 s; about 8.5 minutes in all). */
export const DELIVERY_ATTEMPTS = 10;
export const DELIVERY_BACKOFF_MS = 1_000;

/** Adds alert jobs. Provided where the 'alerts' queue is registered (apps/worker). */
@Injectable()
export class AlertsQueueProducer {
  constructor(@InjectQueue(ALERTS_QUEUE.name) private readonly alerts: Queue) {}

  /** Evaluates now rather than at the scheduler's next run. */
  evaluateNow(): Promise<unknown> {
    return this.alerts.add(EVALUATE_ALERTS_JOB, {});
  }

  /** Queues the firing's delivery; a firing already queued (same job id) is not queued again. */
  async deliver(firingId: string): Promise<void> {
    await this.alerts.add(DELIVER_ALERT_JOB, { firingId } satisfies DeliverAlertPayload, {
      jobId: firingId,
      attempts: DELIVERY_ATTEMPTS,
      backoff: { type: 'exponential', delay: DELIVERY_BACKOFF_MS },
    });
  }
}
