import { NotFoundError } from '@scout/core';
import { UpstreamError } from './upstream.types';

export interface PartSpec {
  /** What was asked, e.g. 'DefiLlama /stablecoinchains'. */
  part: string;
  /** The output fields that stay null without it, e.g. 'stablecoinSupplyUsd'. */
  affects: string;
  /**
   * The note when DefiLlama answers 404 (it does not list the chain or protocol asked for). A 404
   * with this set is an answer, not a failure. Without it a 404 is a failure like any other.
   */
  notListedNote?: string;
}

function reason(error: UpstreamError): string {
  if (error.failure === 'http' && error.upstreamStatus !== null) return `HTTP ${error.upstreamStatus}`;
  return error.failure.replace('_', ' ');
}

/**
 * The upstream parts of a composite answer. A part that fails with an UpstreamError becomes null
 * plus a note naming the part and the fields it leaves null; the answer stands as long as one part
 * answered. Errors other than UpstreamError are bugs and propagate.
 */
export class AnswerParts {
  readonly notes: string[] = [];
  private readonly failures: UpstreamError[] = [];
  private answered = 0;

  async run<T>(spec: PartSpec, load: () => Promise<T>): Promise<T | null> {
    try {
      const value = await load();
      this.answered += 1;
      return value;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (spec.notListedNote && error.upstreamStatus === 404) {
        this.answered += 1;
        this.notes.push(spec.notListedNote);
        return null;
      }
      this.failures.push(error);
      this.notes.push(`${spec.part} did not answer (${reason(error)}): ${spec.affects} left null.`);
      return null;
    }
  }

  /**
   * As `run`, and a NotFoundError (the provider has no such subject) is null too: `found` hears of
   * an answer, `notFound` of the 404, so the caller's own rules can say what a 404 means for the
   * whole answer (TokenParts, the launchpad's ReportParts). A 404 still counts as a part answered.
   */
  runFinding<T>(spec: PartSpec, load: () => Promise<T>, on: { found?: () => void; notFound: (error: NotFoundError) => void }): Promise<T | null> {
    return this.run(spec, async () => {
      try {
        const value = await load();
        on.found?.();
        return value;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        on.notFound(error);
        return null;
      }
    });
  }

  /** The note for a part whose provider answered not found. */
  noteNotFound(spec: PartSpec): void {
    this.notes.push(`${spec.part} answered not found: ${spec.affects} left null.`);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** The first failure, if any part failed. */
  get firstFailure(): UpstreamError | null {
    return this.failures[0] ?? null;
  }

  /** When no part answered, there is nothing to return: rethrow the first failure (502, charged nothing). */
  assertAnswered(): void {
    if (this.answered === 0 && this.failures.length > 0) throw this.failures[0];
  }

  /** `notes` for the ToolResult: absent when there are none. */
  get resultNotes(): string[] | undefined {
    return this.notes.length ? [...this.notes] : undefined;
  }
}
