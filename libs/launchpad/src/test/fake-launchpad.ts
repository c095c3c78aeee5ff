import { UpstreamError } from '@scout/upstream';
import type { LaunchpadPort } from '../launchpad.ports';

/*
 * A LaunchpadPort for the tools' unit specs: each test gives the methods it reads, every other
 * method fails the test if called, and `calls` records what was asked.
 */

export function fakeLaunchpad(methods: Partial<LaunchpadPort>): { port: LaunchpadPort; calls: string[] } {
  const calls: string[] = [];
  const port = new Proxy({} as LaunchpadPort, {
    get(_target, name: string) {
      const method = (methods as Record<string, ((...args: unknown[]) => unknown) | undefined>)[name];
      return (...args: unknown[]) => {
        calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`);
        if (!method) throw new Error(`unexpected launchpad call: ${name}`);
        return method(...args);
      };
    },
  });
  return { port, calls };
}

/** The site not answering, as the client reports it (a 502 when it reaches the caller). */
export const siteDown = (): Promise<never> => Promise.reject(new UpstreamError('launchpad', 'http', 'HTTP 503', 503));

export const MINT = 'CatRwdXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3pump';
export const T = '2026-09-01T12:00:00.000Z';
