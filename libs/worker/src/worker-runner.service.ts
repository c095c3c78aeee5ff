import { BullRegistrar, getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue, Worker } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { AnyJobQueue, JobProcessor } from './queues/job-processor';
import { watchQueues } from './queues/queue-metrics';
import type { QueueBackendKind } from './queues/queue-backend';

export const WORKER_SETUP = Symbol('WORKER_SETUP');

export interface WorkerSetup {
  backend: QueueBackendKind;
  /**
   * A connection string that gives a session of its own (DATABASE_SESSION_URL, else DATABASE_URL):
   * the schedulers' session advisory lock is taken on it, never through a transaction-mode pooler.
   */
  sessionDatabaseUrl: string;
  queues: readonly AnyJobQueue[];
  processors: readonly Type<JobProcessor>[];
  /** Upsert the queues' job schedulers at start. */
  schedulers: boolean;
  shutdownTimeoutMs: number;
}

/**
 * Starts and stops the consumers. Start: upsert every job scheduler (by id, so N workers keep one
 * schedule), then create the BullMQ workers (@nestjs/bullmq's registration, deferred until here by
 * `manualRegistration`). Stop, before the database and the queue connections close: stop taking
 * jobs, give in-flight jobs `shutdownTimeoutMs` to finish, then let go of the rest; their locks
 * lapse and BullMQ's stalled-job check returns them to the queue for another worker. Every worker
 * of this process runs one of our JobProcessors, which count their running jobs.
 */
@Injectable()
export class WorkerRunner implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private running: Array<[JobProcessor, Worker]> = [];
  private stopping?: Promise<void>;
  /** Stops the queue metrics (job outcomes, queue depth probe). */
  private unwatchQueues: () => void = () => undefined;

  constructor(
    @Inject(WORKER_SETUP) private readonly setup: WorkerSetup,
    private readonly moduleRef: ModuleRef,
    private readonly registrar: BullRegistrar,
  ) {}

  async start(): Promise<void> {
    if (this.setup.schedulers) await this.upsertSchedulers();
    this.registrar.register();
    this.running = this.setup.processors.map((type) => {
      const processor = this.moduleRef.get(type, { strict: false });
      return [processor, processor.worker];
    });
    this.unwatchQueues = watchQueues(
      this.running.map(([, worker]) => worker),
      this.setup.queues.map((definition) => this.queue(definition.name)),
    );
    for (const [, worker] of this.running) {
      worker.on('error', (error) => this.logger.error(`queue "${worker.name}": ${error.message}`));
      worker.on('failed', (job, error) => this.logger.warn(`queue "${worker.name}": job ${job?.name} (${job?.id}) failed: ${error.message}`));
    }
    await Promise.all(this.running.map(([, worker]) => worker.waitUntilReady()));
    this.logger.log(`consuming ${this.setup.queues.map((q) => `"${q.name}"`).join(', ')} on ${this.setup.backend === 'redis' ? 'Redis' : 'PostgreSQL'}`);
  }

  /**
   * Upserting by id keeps one schedule, but on PostgreSQL two first upserts at the same moment (N
   * workers booting together) can each plan a first run, or deadlock in BullMQ's add_job_scheduler:
   * so workers take turns, under an advisory lock on the ledger database. Redis runs each upsert
   * as one atomic script. The lock is a session's, held across many statements: it is taken on a
   * connection of its own on the session URL (a transaction-mode pooler would hand each statement
   * to any server connection, and the unlock to another than the lock's).
   */
  private async upsertSchedulers(): Promise<void> {
    const lock = this.setup.backend === 'postgres' ? await this.schedulerLock() : undefined;
    try {
      for (const definition of this.setup.queues) {
        const queue = this.queue(definition.name);
        for (const schedule of definition.schedulers) {
          // Each family types its own payloads; here they only pass through to BullMQ.
          const data: unknown = schedule.data;
          await queue.upsertJobScheduler(schedule.id, { every: schedule.everyMs }, { name: schedule.jobName, data });
        }
      }
    } finally {
      await lock?.query(`SELECT pg_advisory_unlock(hashtext('scout:job-schedulers'))`).catch(() => undefined);
      // Ending the session lets go of the lock too, should the unlock above have failed.
      await lock?.end().catch(() => undefined);
    }
  }

  /** A connection of its own on the session URL, holding the schedulers' advisory lock. */
  private async schedulerLock(): Promise<Client> {
    const client = new Client({ connectionString: this.setup.sessionDatabaseUrl, application_name: 'scout-worker-schedulers', connectionTimeoutMillis: 5000 });
    // A connection dropped while held must not be an unhandled 'error': the queries in flight fail on their own.
    client.on('error', (error) => this.logger.warn(`job scheduler lock connection: ${error.message}`));
    try {
      await client.connect();
      await client.query(`SELECT pg_advisory_lock(hashtext('scout:job-schedulers'))`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  stop(): Promise<void> {
    this.stopping ??= this.stopWorkers();
    return this.stopping;
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  private async stopWorkers(): Promise<void> {
    await Promise.all(this.running.map(([processor, worker]) => this.stopWorker(processor, worker)));
    this.unwatchQueues();
  }

  private async stopWorker(processor: JobProcessor, worker: Worker): Promise<void> {
    await worker.pause(true); // no new jobs; the ones in hand go on
    const timer = new AbortController();
    const inTime = await Promise.race([
      processor.idle().then(() => true),
      sleep(this.setup.shutdownTimeoutMs, false, { signal: timer.signal }).catch(() => false),
    ]);
    timer.abort();
    if (!inTime) {
      this.logger.warn(
        `queue "${worker.name}": jobs still running after ${this.setup.shutdownTimeoutMs} ms; leaving them to be retried once their lock lapses`,
      );
    }
    // Not forced: waits for a job fetched just as the worker paused. Forced: lets go of the rest.
    await worker.close(!inTime);
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
