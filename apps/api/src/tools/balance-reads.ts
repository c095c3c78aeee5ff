import { Injectable } from '@nestjs/common';
import { LedgerService } from '@scout/ledger';

interface Waiting {
  promise: Promise<number>;
  resolve: (remaining: number) => void;
  reject: (error: unknown) => void;
}

interface AccountReads {
  running: boolean;
  /** Callers that asked while a read was running: they share the next one. */
  next: Waiting | null;
}

function waiting(): Waiting {
  let resolve!: (remaining: number) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<number>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/**
 * The balance a free call's answer carries, read once for every call of one account that asks at
 * the same time: one feed event answers thousands of held watches of one key in the same tick, and
 * each would otherwise run its own `scout_spendable`. A read starts once the current burst of
 * callers has asked (after the microtasks queued so far), so they share it. A caller never joins a
 * read that was already running when it asked (that read may predate a charge the caller has seen):
 * it waits for the next, which starts when the running one ends and serves everyone who queued
 * meanwhile.
 */
@Injectable()
export class BalanceReads {
  private readonly accounts = new Map<string, AccountReads>();

  constructor(private readonly ledger: LedgerService) {}

  remaining(accountId: string): Promise<number> {
    let reads = this.accounts.get(accountId);
    if (!reads) {
      reads = { running: false, next: null };
      this.accounts.set(accountId, reads);
    }
    if (!reads.next) {
      reads.next = waiting();
      if (!reads.running) {
        const account = reads;
        queueMicrotask(() => this.start(accountId, account));
      }
    }
    return reads.next.promise;
  }

  private start(accountId: string, reads: AccountReads): void {
    const batch = reads.next!;
    reads.next = null;
    reads.running = true;
    this.ledger
      .remaining(accountId)
      .then(batch.resolve, batch.reject)
      .finally(() => {
        reads.running = false;
        if (reads.next) this.start(accountId, reads);
        else this.accounts.delete(accountId);
      });
  }
}
