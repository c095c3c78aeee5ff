/**
 * One job family: a BullMQ queue, the names of its jobs with their payload types, and the job
 * schedulers that feed it. Each family declares one of these in its `*.queue.ts` file beside its
 * domain; apps/worker consumes it, checks at boot that every job name has a handler and upserts
 * the schedulers.
 *
 * `Jobs` maps each job name to its payload type.
 */
export interface JobQueueDefinition<Jobs extends object = Record<string, unknown>> {
  readonly name: string;
  readonly jobNames: ReadonlyArray<JobName<Jobs>>;
  /** Recurring jobs. Upserted by id, so any number of workers keep exactly one schedule each. */
  readonly schedulers: ReadonlyArray<JobSchedule<Jobs>>;
}

export type JobName<Jobs extends object> = keyof Jobs & string;

export type JobSchedule<Jobs extends object> = {
  [N in JobName<Jobs>]: { readonly id: string; readonly everyMs: number; readonly jobName: N; readonly data: Jobs[N] };
}[JobName<Jobs>];

/**
 * The job names of a family, from an object with one key per name: the compiler then refuses a
 * payload map and a name list that disagree.
 */
export function jobNamesOf<Jobs extends object>(names: Record<JobName<Jobs>, true>): JobName<Jobs>[] {
  return Object.keys(names) as JobName<Jobs>[];
}
