/**
 * The job worker (BullMQ on Redis, or on PostgreSQL without it): its Nest module, the processors of
 * every queue, and the bootstrap both entry points use: `apps/worker` runs it alone, and the API
 * process runs it in-process under `npm start`.
 */
export { createWorkerContext, type WorkerContext } from './bootstrap';
export { WorkerModule, type WorkerContextOptions } from './worker.module';
export { HandlesJob, JobProcessor, QueueProcessor, assertEveryJobHandled, queueOf, type AnyJobQueue, type ProcessorOptions } from './queues/job-processor';
export {
  queueConnection,
  ScoutQueue,
  ScoutWorker,
  useBackendAwareQueueClasses,
  type QueueBackendKind,
  type QueueConnection,
  type QueueConnectionSettings,
} from './queues/queue-backend';
