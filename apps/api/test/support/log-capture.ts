/**
 * Reads what the app logs, for tests of the log lines. pino writes to process.stdout itself (not
 * through its own fd stream) when stdout.write has been replaced at the time the logger is built,
 * so `start` must run before the app boots. nestjs-pino keeps one process-wide root logger, built
 * by the first app that asks (its level and destination win for every later app in the process):
 * `start` and `stop` reset it, through the reset nestjs-pino ships for tests.
 */
export class LogCapture {
  private readonly chunks: string[] = [];
  private spy?: jest.SpyInstance;

  start(): void {
    this.spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    });
    resetNestjsPinoRootLogger();
  }

  stop(): void {
    this.spy?.mockRestore();
    resetNestjsPinoRootLogger();
  }

  text(): string {
    return this.chunks.join('');
  }

  lines(): string[] {
    return this.text().split('\n');
  }

  /** Waits for the lines that mention `needle` until `done` says they are complete (5 s at most), and returns them. */
  async waitForLines(needle: string, done: (lines: string[]) => boolean): Promise<string[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.lines().filter((line) => line.includes(needle));
      if (done(found)) return found;
      if (Date.now() > deadline) throw new Error(`log lines with ${needle} not complete; found:\n${found.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The JSON request line (pino-http's `request completed` or `request errored`) of a request id. */
  async requestLine(requestId: string): Promise<Record<string, unknown>> {
    const isRequestLine = (line: string) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.requestId === requestId && (parsed.msg === 'request completed' || parsed.msg === 'request errored');
    };
    const [line] = await this.waitForLines(requestId, (found) => found.some(isRequestLine));
    const lines = this.lines().filter((l) => l.includes(requestId) && isRequestLine(l));
    if (lines.length !== 1) throw new Error(`expected one request line for ${requestId}, found ${lines.length}: ${line}`);
    return JSON.parse(lines[0]) as Record<string, unknown>;
  }
}

function resetNestjsPinoRootLogger(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pinoLogger = require('nestjs-pino/PinoLogger') as { __resetOutOfContextForTests?: () => void };
  if (typeof pinoLogger.__resetOutOfContextForTests !== 'function') throw new Error('nestjs-pino __resetOutOfContextForTests not found');
  pinoLogger.__resetOutOfContextForTests();
}
