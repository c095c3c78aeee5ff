import type { Job } from 'bullmq';
import {
  AlertDeliverer,
  AlertEvaluator,
  ALERTS_QUEUE,
  DELIVER_ALERT_JOB,
  EVALUATE_ALERTS_JOB,
  type DeliverAlertPayload,
  type DeliverAlertResult,
  type EvaluateAlertsResult,
} from '@scout/alerts';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** Alert evaluation and delivery (libs/alerts/src/jobs/alerts.queue.ts); deliveries run side by side. */
@QueueProcessor(ALERTS_QUEUE, { concurrency: 5 })
export class AlertsProcessor extends JobProcessor {
  constructor(
    private readonly evaluator: AlertEvaluator,
    private readonly deliverer: AlertDeliverer,
  ) {
    super();
  }

  @HandlesJob(EVALUATE_ALERTS_JOB)
  evaluate(): Promise<EvaluateAlertsResult> {
    return this.evaluator.evaluate();
  }

  @HandlesJob(DELIVER_ALERT_JOB)
  deliver(job: Job<DeliverAlertPayload>): Promise<DeliverAlertResult> {
    return this.deliverer.deliver(job.data.firingId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }
}
