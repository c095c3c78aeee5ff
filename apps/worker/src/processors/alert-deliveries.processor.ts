import type { Job } from 'bullmq';
import { AlertDeliverer, ALERT_DELIVERY_QUEUE, DELIVER_ALERT_JOB, type DeliverAlertPayload, type DeliverAlertResult } from '@scout/alerts';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** Alert deliveries, one job per firing (libs/alerts/src/jobs/alerts.queue.ts). */
@QueueProcessor(ALERT_DELIVERY_QUEUE, { concurrency: 5 })
export class AlertDeliveriesProcessor extends JobProcessor {
  constructor(private readonly deliverer: AlertDeliverer) {
    super();
  }

  @HandlesJob(DELIVER_ALERT_JOB)
  deliver(job: Job<DeliverAlertPayload>): Promise<DeliverAlertResult> {
    return this.deliverer.deliver(job.data.firingId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }
}
