import type { NotFoundError } from '@scout/core';
import { AnswerParts, type PartSpec } from '@scout/upstream';

export interface TokenPartSpec extends PartSpec {
  /**
   * False for a part that answers for any address (a feed or search filtered by it): its answer
   * does not show that the provider knows the token, so it cannot keep an unknown token from a 404.
   */
  knowsToken?: boolean;
}

/**
 * The parts of a composite token answer. As AnswerParts (a failed part is null plus a note, no part
 * answering is a 502), and besides: a part whose provider answers not found (FOMO's or the token-analytics API's 404: it
 * has no such token there) is null with a note; when no part found the token at all, the call is a 404 naming it.
 */
export class TokenParts {
  private readonly parts = new AnswerParts();
  private notFound: NotFoundError | null = null;
  private found = 0;

  run<T>(spec: TokenPartSpec, load: () => Promise<T>): Promise<T | null> {
    return this.parts.runFinding(spec, load, {
      found: () => {
        if (spec.knowsToken !== false) this.found += 1;
      },
      notFound: (error) => {
        this.notFound ??= error;
        this.parts.noteNotFound(spec);
      },
    });
  }

  note(...texts: string[]): void {
    for (const text of texts) this.parts.note(text);
  }

  /** A 404 when no part that could tell knew the token, a 502 (the first failure) when no part answered; else the answer stands. */
  settle(): void {
    if (this.found === 0 && this.notFound) throw this.notFound;
    this.parts.assertAnswered();
  }

  get notes(): string[] {
    return this.parts.notes;
  }
}
