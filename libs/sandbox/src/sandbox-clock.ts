/** Pins the market clock at runtime (POST /__control/clock), on top of the configured clock. */
export class SandboxClock {
  private pinned: number | null = null;
  constructor(private readonly base: () => number) {}
  now = (): number => this.pinned ?? this.base();
  pin(ms: number | null): void {
    this.pinned = ms;
  }
  get isPinned(): boolean {
    return this.pinned !== null;
  }
}
