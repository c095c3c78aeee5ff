import { LaunchpadNotFoundError, UpstreamError, type LaunchList, type LaunchpadLaunchQuery } from '@scout/upstream';
import { CREATOR, fakeLaunchpad, SPYX, STONK, stonkLaunch } from '../tokens/coin.fixture';
import { SIGNATURE_EXAMPLE } from './launches.dto';
import { LaunchpadLaunchesToolsService } from './launches-tools.service';

function ledger(launches = [stonkLaunch], pagination = { page: 1, pageSize: 25, total: 1, totalPages: 1 }): LaunchList {
  return { launches, pagination, _generatedAt: null };
}

describe('launchpad_launches', () => {
  it('asks by creator, mode, since (as an instant) and page, and answers the launch records', async () => {
    const asked: LaunchpadLaunchQuery[] = [];
    const port = fakeLaunchpad({ launches: async (q) => (asked.push(q), ledger([stonkLaunch], { page: 1, pageSize: 1, total: 2, totalPages: 2 })) });
    const result = await new LaunchpadLaunchesToolsService(port).launches({
      creator: ` ${CREATOR} `,
      mode: 'standard',
      since: '2026-07-01T12:00:00+02:00',
      page: 1,
      pageSize: 1,
    });
    expect(asked).toEqual([{ creator: CREATOR, mode: 'standard', since: new Date(Date.UTC(2026, 6, 1, 10)), page: 1, pageSize: 1 }]);
    expect(result.data.launches).toEqual([
      expect.objectContaining({
        mint: STONK,
        creator: CREATOR,
        quote: expect.objectContaining({ mint: SPYX }),
        launchpad: 'raydium',
        startMarketCapUsd: 5_000,
        targetMarketCapUsd: 69_000,
      }),
    ]);
    expect(result.data.pagination).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2, nextPage: 2 });
    expect(result.notes).toBeUndefined();
  });

  it('a date alone is midnight UTC; no since asks without one', async () => {
    const asked: LaunchpadLaunchQuery[] = [];
    const port = fakeLaunchpad({ launches: async (q) => (asked.push(q), ledger()) });
    await new LaunchpadLaunchesToolsService(port).launches({ since: '2026-07-01', page: 1, pageSize: 25 });
    await new LaunchpadLaunchesToolsService(port).launches({ page: 1, pageSize: 25 });
    expect(asked.map((q) => q.since)).toEqual([new Date(Date.UTC(2026, 6, 1)), undefined]);
  });

  it('a creator with no launches is an empty answer with a note naming the wallet', async () => {
    const port = fakeLaunchpad({ launches: async () => ledger([], { page: 1, pageSize: 25, total: 0, totalPages: 0 }) });
    const result = await new LaunchpadLaunchesToolsService(port).launches({ creator: CREATOR, since: '2026-07-01', page: 1, pageSize: 25 });
    expect(result.data.launches).toEqual([]);
    expect(result.notes).toEqual([`The launchpad has no launch by ${CREATOR} since 2026-07-01.`]);
  });

  it('says so when the page lies past the last one', async () => {
    const port = fakeLaunchpad({ launches: async () => ledger([], { page: 5, pageSize: 25, total: 40, totalPages: 2 }) });
    expect((await new LaunchpadLaunchesToolsService(port).launches({ page: 5, pageSize: 25 })).notes).toEqual([
      'Page 5 is past the last page (2) of 40 launches.',
    ]);
  });
});

describe('launchpad_launch_status', () => {
  it('a processing launch has no mint yet and says to ask again', async () => {
    const port = fakeLaunchpad({
      launchStatus: async (sig) => ({ paymentSignature: sig, status: 'processing', mint: null, updatedAt: '2026-07-23T19:08:00.000Z' }),
    });
    const result = await new LaunchpadLaunchesToolsService(port).launchStatus({ paymentSignature: SIGNATURE_EXAMPLE });
    expect(result.data).toEqual({ paymentSignature: SIGNATURE_EXAMPLE, status: 'processing', mint: null, updatedAt: '2026-07-23T19:08:00.000Z' });
    expect(result.notes).toEqual([expect.stringContaining('Still processing')]);
  });

  it('a completed launch names its mint', async () => {
    const asked: string[] = [];
    const port = fakeLaunchpad({
      launchStatus: async (sig) => (asked.push(sig), { paymentSignature: sig, status: 'completed', mint: STONK, updatedAt: '2026-07-23T19:08:03.348Z' }),
    });
    const result = await new LaunchpadLaunchesToolsService(port).launchStatus({ paymentSignature: ` ${SIGNATURE_EXAMPLE}` });
    expect(asked).toEqual([SIGNATURE_EXAMPLE]);
    expect(result.data).toMatchObject({ status: 'completed', mint: STONK });
    expect(result.notes).toBeUndefined();
  });

  it('an unknown signature is the 404 it is; the provider failing goes through as well', async () => {
    const missing = fakeLaunchpad({ launchStatus: (sig) => Promise.reject(new LaunchpadNotFoundError('launch', sig)) });
    await expect(new LaunchpadLaunchesToolsService(missing).launchStatus({ paymentSignature: SIGNATURE_EXAMPLE })).rejects.toBeInstanceOf(
      LaunchpadNotFoundError,
    );
    const down = fakeLaunchpad({ launchStatus: () => Promise.reject(new UpstreamError('launchpad', 'http', 'HTTP 502', 502)) });
    await expect(new LaunchpadLaunchesToolsService(down).launchStatus({ paymentSignature: SIGNATURE_EXAMPLE })).rejects.toBeInstanceOf(UpstreamError);
  });
});
