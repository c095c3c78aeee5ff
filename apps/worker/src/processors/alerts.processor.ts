import { AlertEvaluator, ALERTS_QUEUE, EVALUATE_ALERTS_JOB, type EvaluateAlertsResult } from '@scout/alerts';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** Alert evaluation (libs/alerts/src/jobs/alerts.queue.ts). */
@QueueProcessor(ALERTS_QUEUE, { concurrency: 1 })
export class AlertsProcessor extends JobProcessor {
  constructor(private readonly evaluator: AlertEvaluator) {
    super();
  }

  @HandlesJob(EVALUATE_ALERTS_JOB)
  evaluate(): Promise<EvaluateAlertsResult> {
    return this.evaluator.evaluate();
  }
}
