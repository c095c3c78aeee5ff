import type { NotFoundError } from '@scout/core';
import { AnswerParts, type PartSpec } from '@scout/upstream';

/**
 * The parts of launchpad_token_report. As AnswerParts (a failed part is null plus a note), with
 * two rules of its own:
 * - the launchpad site must answer at least one part: FOMO's tracked holders alone are no report,
 *   so when every site part failed the first site failure is the answer (502, uncharged);
 * - the site's 404 on the token read (or on every part, when the token read itself failed) means
 *   it knows no such coin: the report is that 404. A 404 on another part beside a found token is
 *   null plus a note.
 */
export class ReportParts {
  private readonly site = new AnswerParts();
  private readonly others = new AnswerParts();
  private notFound: NotFoundError | null = null;
  private tokenNotFound = false;
  private found = 0;

  /** A read of the launchpad site about the mint; `token` marks the token read itself. */
  fromSite<T>(spec: PartSpec, load: () => Promise<T>, token = false): Promise<T | null> {
    return this.site.runFinding(spec, load, {
      found: () => {
        this.found += 1;
      },
      notFound: (error) => {
        this.notFound ??= error;
        if (token) this.tokenNotFound = true;
        else this.site.noteNotFound(spec);
      },
    });
  }

  /** A read of another provider (FOMO's tracked holders): its 404 is null plus a note. */
  fromOther<T>(spec: PartSpec, load: () => Promise<T>): Promise<T | null> {
    return this.others.runFinding(spec, load, { notFound: () => this.others.noteNotFound(spec) });
  }

  /** Whether the site has said it knows no such coin (later reads are not worth making). */
  get unknown(): boolean {
    return this.tokenNotFound || (this.found === 0 && this.notFound !== null);
  }

  note(...texts: string[]): void {
    for (const text of texts) this.site.note(text);
  }

  /** 404 for a coin the site does not know, 502 when no site part answered; else the report stands. */
  settle(): void {
    if (this.unknown && this.notFound) throw this.notFound;
    this.site.assertAnswered();
  }

  /** The site's notes, then the other providers'. */
  get notes(): string[] | undefined {
    const notes = [...this.site.notes, ...this.others.notes];
    return notes.length ? notes : undefined;
  }
}
