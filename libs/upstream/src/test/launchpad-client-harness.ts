import { RequestContext } from '@scout/core';
import { HttpUpstreamSource } from '../http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from './programmable-upstream';
import type { UpstreamCall, UpstreamSource } from '../upstream.types';
import { LaunchpadClient } from '../providers/launchpad/launchpad.client';

/**
 * The launchpad client specs' stand-in: a programmable site mounted under a prefix (so asset paths
 * must keep it), clients on real sources, and a record of every call each client described (to
 * read its cache TTL). Call `launchpadSite()` once at the top of a spec file.
 */
export function launchpadSite() {
  const upstream = new ProgrammableUpstream();
  const opened: HttpUpstreamSource[] = [];
  const calls: UpstreamCall[] = [];
  const site = { url: '' };

  beforeAll(async () => {
    site.url = `${await upstream.start()}/stonk`;
  });
  // Each test starts with no hits recorded and no answer programmed.
  beforeEach(() => upstream.reset((_req, res) => json(res, 500, { error: 'unprogrammed' })));
  afterEach(async () => {
    calls.length = 0;
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => upstream.stop());

  return {
    upstream,
    calls,
    /** The site's base URL (set once the stand-in listens). */
    get url(): string {
      return site.url;
    },
    client(keys: string[] = []): LaunchpadClient {
      const source = new HttpUpstreamSource({
        name: `launchpad-${opened.length}`,
        baseUrl: site.url,
        keys,
        keyPlacement: keys.length ? { kind: 'header', header: 'x-api-key' } : { kind: 'none' },
        timeoutMs: 2_000,
        retries: 0,
      });
      opened.push(source);
      const recording: UpstreamSource = {
        name: source.name,
        request: (call, parse) => {
          calls.push(call);
          return source.request(call, parse);
        },
      };
      return new LaunchpadClient(recording, site.url);
    },
    within: <T>(fn: () => Promise<T>): Promise<T> => RequestContext.run(toolContext(), fn),
    /** Answers `body` on every path. */
    answering: (body: unknown, status = 200) => upstream.reset((_req, res) => json(res, status, body)),
    hit: (n = 0) => upstream.hits[n],
    /** What a promise rejected with, or null. */
    failure: (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      ),
  };
}
