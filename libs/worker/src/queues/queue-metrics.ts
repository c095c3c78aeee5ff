import type { Queue, Worker } from 'bullmq';
import { QUEUE_JOB_STATES, queueJobs, queueLabelOf, recordJobFinished } from '@scout/metrics';

/**
 * The job queues in the metrics: each job this process's workers finish counts by queue and outcome
 * (scout_queue_jobs_finished_total: every failed attempt, retried or not, counts as failed), and each
 * queue's jobs by state are read from the backend at scrape time (scout_queue_jobs: waiting, active,
 * delayed; the same numbers from every worker process). Returns the function that stops both.
 */
export function watchQueues(workers: readonly Worker[], queues: readonly Queue[]): () => void {
  const detach = workers.map((worker) => {
    const completed = () => recordJobFinished(worker.name, 'completed');
    const failed = () => recordJobFinished(worker.name, 'failed');
    worker.on('completed', completed);
    worker.on('failed', failed);
    return () => {
      worker.off('completed', completed);
      worker.off('failed', failed);
    };
  });
  const stopProbe = queueJobs.addProbe(async () => {
    const counts = await Promise.all(queues.map(async (queue) => ({ queue: queueLabelOf(queue.name), counts: await queue.getJobCounts(...QUEUE_JOB_STATES) })));
    return counts.flatMap(({ queue, counts: byState }) => QUEUE_JOB_STATES.map((state) => ({ labels: { queue, state }, value: byState[state] ?? 0 })));
  });
  return () => {
    stopProbe();
    for (const off of detach) off();
  };
}
