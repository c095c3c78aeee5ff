import { Processor, WorkerHost } from '@nestjs/bullmq';
import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import { UnrecoverableError, type Job, type WorkerOptions } from 'bullmq';
import type { JobQueueDefinition } from '@scout/core';

const QUEUE_DEFINITION = 'scout:job-queue';
const JOB_HANDLER = 'scout:job-handler';

export type AnyJobQueue = JobQueueDefinition<any>;

/** Worker settings of a processor (the connection comes from the queue's registration). */
export type ProcessorOptions = Omit<WorkerOptions, 'connection'>;

/** The processor of one job family: BullMQ's @Processor for its queue, plus its definition. */
export function QueueProcessor(queue: AnyJobQueue, workerOptions: ProcessorOptions = {}): ClassDecorator {
  return applyDecorators(Processor(queue.name, workerOptions), SetMetadata(QUEUE_DEFINITION, queue));
}

/** The method that runs one job name of the processor's queue. */
export function HandlesJob(jobName: string): MethodDecorator {
  return SetMetadata(JOB_HANDLER, jobName);
}

/**
 * Base of every processor: dispatches a job to the method marked with its name. A job nobody
 * handles (a producer newer than this worker) fails at once instead of being retried.
 */
export abstract class JobProcessor extends WorkerHost {
  private readonly running = new Set<Promise<unknown>>();

  async process(job: Job): Promise<unknown> {
    const method = handlerMethods(this.constructor as Type).get(job.name);
    if (!method) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${job.queueName}"`);
    const run = (this as unknown as Record<string, (job: Job) => Promise<unknown>>)[method](job);
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** Resolves once none of this processor's jobs is running (graceful shutdown waits on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

export function queueOf(processor: Type): AnyJobQueue | undefined {
  return Reflect.getMetadata(QUEUE_DEFINITION, processor) as AnyJobQueue | undefined;
}

/** Job name → method name, from the processor's @HandlesJob methods. */
function handlerMethods(processor: Type): Map<string, string> {
  const methods = new Map<string, string>();
  for (const [jobName, method] of handlerList(processor)) if (!methods.has(jobName)) methods.set(jobName, method);
  return methods;
}

function handlerList(processor: Type): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  for (let proto = processor.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const method: unknown = Object.getOwnPropertyDescriptor(proto, key)?.value;
      if (typeof method !== 'function') continue;
      const jobName = Reflect.getMetadata(JOB_HANDLER, method) as string | undefined;
      if (jobName !== undefined) list.push([jobName, key]);
    }
  }
  return list;
}

/**
 * The boot check: every queue the worker consumes has exactly one processor, and that processor
 * has one handler for each of the queue's job names and none for a name the queue does not have.
 * Throws with every problem found, before any connection is opened.
 */
export function assertEveryJobHandled(queues: readonly AnyJobQueue[], processors: readonly Type[]): void {
  const problems: string[] = [];
  for (const processor of processors) {
    const queue = queueOf(processor);
    if (!queue) {
      problems.push(`${processor.name} is not a @QueueProcessor`);
      continue;
    }
    if (!(processor.prototype instanceof JobProcessor)) problems.push(`${processor.name} does not extend JobProcessor`);
    // By name: a family may be registered as a copy with its schedulers set from configuration.
    if (!queues.some((q) => q.name === queue.name)) problems.push(`${processor.name} processes queue "${queue.name}", which is not registered`);
    const handled = handlerList(processor);
    for (const jobName of queue.jobNames) {
      const count = handled.filter(([name]) => name === jobName).length;
      if (count === 0) problems.push(`queue "${queue.name}": no handler for job "${jobName}" in ${processor.name}`);
      if (count > 1) problems.push(`queue "${queue.name}": ${count} handlers for job "${jobName}" in ${processor.name}`);
    }
    for (const [jobName, method] of handled) {
      if (!queue.jobNames.includes(jobName)) {
        problems.push(`queue "${queue.name}": ${processor.name}.${method} handles "${jobName}", which is not a job of the queue`);
      }
    }
  }
  for (const queue of queues) {
    const count = processors.filter((processor) => queueOf(processor)?.name === queue.name).length;
    if (count !== 1) problems.push(`queue "${queue.name}" has ${count} processors (needs exactly one)`);
  }
  if (problems.length > 0) throw new Error(`The worker cannot start:\n  ${problems.join('\n  ')}`);
}
