import { Logger } from '@nestjs/common';

/** The log line of a payload that failed its schema: enough for an operator to find the field. */
export interface PayloadDrift {
  provider: string;
  /** The client's endpoint label, e.g. 'jupiter:/swap/v1/quote'. */
  endpoint: string;
  /** JSON path of the first problem, e.g. 'routePlan.0.swapInfo.inAmount'; '(root)' for the whole body. */
  path: string;
  problem: string;
}

const MAX_TRACKED = 1_000;

/**
 * Writes a warning for each payload a provider sent that Scout's schema refused (the call's answer
 * is a 502, as the contract says). A drifted provider fails every call the same way, so one
 * endpoint and path is written at most once per interval, with how many were held back since.
 */
export class PayloadDriftLog {
  private readonly lastWritten = new Map<string, { at: number; heldBack: number }>();

  constructor(
    private readonly logger: Pick<Logger, 'warn'> = new Logger('UpstreamPayload'),
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  report(drift: PayloadDrift): void {
    // Array positions differ from call to call; the field at fault does not.
    const key = `${drift.endpoint} ${drift.path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')}`;
    const at = this.now();
    const last = this.lastWritten.get(key);
    if (last && at - last.at < this.intervalMs) {
      last.heldBack += 1;
      return;
    }
    if (this.lastWritten.size >= MAX_TRACKED) this.lastWritten.clear();
    this.lastWritten.set(key, { at, heldBack: 0 });
    this.logger.warn(
      { ...drift, heldBack: last?.heldBack ?? 0 },
      `${drift.provider} answered ${drift.endpoint} off Scout's schema at ${drift.path}: ${drift.problem}`,
    );
  }
}

/** The shared log of every source in this process. */
export const payloadDriftLog = new PayloadDriftLog();
