/**
 * Group commit: items submitted while earlier batches are in flight are sent together, as one
 * statement in one transaction, and each submitter waits for its own result. An idle queue sends
 * a lone item at once, so grouping adds no wait of its own; under load, the database commits once
 * for many calls instead of once per call.
 */
export class GroupCommit<Item, Result> {
  private readonly queue: Array<{ item: Item; submittedAt: number; resolve(result: Result): void; reject(error: unknown): void }> = [];
  private inFlight = 0;

  /**
   * @param send runs one batch and resolves to one result per item, in the batch's order; if it
   *   throws, every item of the batch fails with that error.
   * @param onBatch told of each batch once it has committed or failed: its size, and how long each
   *   of its items waited from `submit` to that moment (seconds); the metrics read it.
   */
  constructor(
    private readonly send: (batch: Item[]) => Promise<Result[]>,
    private readonly maxBatch: number,
    private readonly maxInFlight: number,
    private readonly onBatch?: (size: number, waitsSeconds: number[]) => void,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, submittedAt: performance.now(), resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      this.send(batch.map((entry) => entry.item)).then(
        (results) => this.settle(batch, () => batch.forEach((entry, i) => entry.resolve(results[i]))),
        (error: unknown) => this.settle(batch, () => batch.forEach((entry) => entry.reject(error))),
      );
    }
  }

  /**
   * A batch is back: the next one (what arrived meanwhile) is sent first, and this batch's callers
   * go on only once it is on its way (setImmediate: after the microtasks that hand the next
   * statement to the driver), so the database runs the next batch while the process answers these.
   * Resolving them first left the database idle for all of their work.
   */
  private settle(batch: ReadonlyArray<{ submittedAt: number }>, release: () => void): void {
    this.observe(batch);
    this.inFlight--;
    this.drain();
    setImmediate(release);
  }

  /** Reports a settled batch; a failing observer never disturbs the queue. */
  private observe(batch: ReadonlyArray<{ submittedAt: number }>): void {
    if (!this.onBatch) return;
    const now = performance.now();
    try {
      this.onBatch(
        batch.length,
        batch.map((entry) => (now - entry.submittedAt) / 1000),
      );
    } catch {
      // Metrics only: the batch's callers already have their results.
    }
  }
}
