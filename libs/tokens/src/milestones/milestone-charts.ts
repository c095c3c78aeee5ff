import { NotFoundError, RequestContext } from '@scout/core';
import { UpstreamError } from '@scout/upstream';

/** Chart reads in flight at once: enough to finish a full sample quickly, few enough not to trip the API's rate limit. */
export const CHART_CONCURRENCY = 4;

/** How close to the deadline a timed-out read counts as cut by it. */
const DEADLINE_SLACK_MS = 250;

export type ChartRead<T> = { state: 'read'; value: T } | { state: 'failed'; error: UpstreamError | NotFoundError } | { state: 'cut' };

/**
 * Runs `read` for every item, at most `concurrency` at once, until `deadlineAt` (epoch ms). An item
 * whose read has not answered by then, or not started, is `cut`; an upstream failure or a 404 is
 * `failed`; other errors are bugs and propagate. Each read runs with the request's deadline cut to
 * `deadlineAt`, so upstream timeouts fit inside it. Results are in the items' order.
 */
export async function readWithin<I, T>(
  items: readonly I[],
  read: (item: I) => Promise<T>,
  deadlineAt: number,
  concurrency = CHART_CONCURRENCY,
): Promise<ChartRead<T>[]> {
  const results: ChartRead<T>[] = items.map(() => ({ state: 'cut' }));
  const context = RequestContext.current();
  let next = 0;
  // Held in an object: TypeScript does not see the workers assign it.
  const thrown: { bug: Error | null } = { bug: null };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), Math.max(0, deadlineAt - Date.now()));
  });
  const worker = async (): Promise<void> => {
    while (next < items.length && Date.now() < deadlineAt && thrown.bug === null) {
      const i = next++;
      const call = context ? RequestContext.run({ ...context, deadlineAt: Math.min(context.deadlineAt, deadlineAt) }, () => read(items[i])) : read(items[i]);
      const settled = call.then(
        (value): ChartRead<T> => ({ state: 'read', value }),
        (error: unknown): ChartRead<T> => {
          if (error instanceof UpstreamError || error instanceof NotFoundError) return { state: 'failed', error };
          thrown.bug ??= error instanceof Error ? error : new Error('A chart read threw a non-error', { cause: error });
          return { state: 'cut' };
        },
      );
      const outcome = await Promise.race([settled, expired]);
      // A read still out at the deadline is left out even if it answers later.
      if (outcome === 'expired') return;
      // A timeout that ends at the deadline is the deadline's doing (the read's timeout was cut to it): cut, not failed.
      const deadlineTimeout =
        outcome.state === 'failed' &&
        outcome.error instanceof UpstreamError &&
        outcome.error.failure === 'timeout' &&
        Date.now() >= deadlineAt - DEADLINE_SLACK_MS;
      if (!deadlineTimeout) results[i] = outcome;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  } finally {
    clearTimeout(timer);
  }
  if (thrown.bug !== null) throw thrown.bug;
  return results;
}
