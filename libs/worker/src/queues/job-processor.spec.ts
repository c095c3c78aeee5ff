import { UnrecoverableError, type Job } from 'bullmq';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';
import { LEDGER_QUEUE } from '@scout/ledger';
import { LedgerProcessor } from '../processors/ledger.processor';
import { assertEveryJobHandled, HandlesJob, JobProcessor, QueueProcessor } from './job-processor';

interface PingJobs {
  ping: { n: number };
  pong: { n: number };
}

const PING_QUEUE: JobQueueDefinition<PingJobs> = { name: 'ping', jobNames: jobNamesOf<PingJobs>({ ping: true, pong: true }), schedulers: [] };

@QueueProcessor(PING_QUEUE)
class CompletePingProcessor extends JobProcessor {
  @HandlesJob('ping')
  async ping(job: Job<PingJobs['ping']>) {
    return job.data.n + 1;
  }

  @HandlesJob('pong')
  async pong(job: Job<PingJobs['pong']>) {
    return job.data.n - 1;
  }
}

@QueueProcessor(PING_QUEUE)
class PingOnlyProcessor extends JobProcessor {
  @HandlesJob('ping')
  async ping() {
    return 1;
  }
}

@QueueProcessor(PING_QUEUE)
class TypoProcessor extends CompletePingProcessor {
  @HandlesJob('pnig')
  async typo() {
    return 0;
  }
}

const job = (name: string, data: unknown = {}) => ({ name, data, queueName: 'ping' }) as unknown as Job;

describe('job processors and the boot check', () => {
  it("passes the worker's own queues and processors", () => {
    expect(() => assertEveryJobHandled([LEDGER_QUEUE], [LedgerProcessor])).not.toThrow();
  });

  it('refuses to boot when a job name has no handler', () => {
    expect(() => assertEveryJobHandled([PING_QUEUE], [PingOnlyProcessor])).toThrow('queue "ping": no handler for job "pong" in PingOnlyProcessor');
  });

  it('refuses a handler for a job name the queue does not have', () => {
    expect(() => assertEveryJobHandled([PING_QUEUE], [TypoProcessor])).toThrow(
      'queue "ping": TypoProcessor.typo handles "pnig", which is not a job of the queue',
    );
  });

  it('refuses a consumed queue without exactly one processor, and a processor of a queue not registered', () => {
    expect(() => assertEveryJobHandled([LEDGER_QUEUE, PING_QUEUE], [LedgerProcessor])).toThrow('queue "ping" has 0 processors');
    expect(() => assertEveryJobHandled([PING_QUEUE], [CompletePingProcessor, CompletePingProcessor])).toThrow('queue "ping" has 2 processors');
    expect(() => assertEveryJobHandled([LEDGER_QUEUE], [LedgerProcessor, CompletePingProcessor])).toThrow(
      'CompletePingProcessor processes queue "ping", which is not registered',
    );
  });

  it('dispatches each job to the method marked with its name', async () => {
    const processor = new CompletePingProcessor();
    await expect(processor.process(job('ping', { n: 1 }))).resolves.toBe(2);
    await expect(processor.process(job('pong', { n: 1 }))).resolves.toBe(0);
  });

  it('fails a job nobody handles at once, without retries (UnrecoverableError)', async () => {
    const error = await new CompletePingProcessor().process(job('pang')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toBe('No handler for job "pang" on queue "ping"');
  });
});
