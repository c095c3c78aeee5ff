import { AnswerParts, FomoNotFoundError, type PartSpec } from '@scout/upstream';

/**
 * The parts of a composite token answer. As AnswerParts (a failed part is null plus a note, no part
 * answering is a 502), and besides: a part the provider answers 404 (it has no such token there) is
 * null with a note; when no part found the token at all, the call is a 404 naming it.
 */
export class TokenParts {
  private readonly parts = new AnswerParts();
  private notFound: FomoNotFoundError | null = null;
  private found = 0;

  run<T>(spec: PartSpec, load: () => Promise<T>): Promise<T | null> {
    return this.parts.run(spec, async () => {
      try {
        const value = await load();
        this.found += 1;
        return value;
      } catch (error) {
        if (!(error instanceof FomoNotFoundError)) throw error;
        this.notFound ??= error;
        this.parts.note(`${spec.part} answered not found: ${spec.affects} left null.`);
        return null;
      }
    });
  }

  note(...texts: string[]): void {
    for (const text of texts) this.parts.note(text);
  }

  /** A 404 when no part knew the token, a 502 (the first failure) when no part answered; else the answer stands. */
  settle(): void {
    if (this.found === 0 && this.notFound) throw this.notFound;
    this.parts.assertAnswered();
  }

  get notes(): string[] {
    return this.parts.notes;
  }
}
