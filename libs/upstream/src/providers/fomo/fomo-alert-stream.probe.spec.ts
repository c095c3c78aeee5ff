import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { runProbes } from '../../provider-check';
import { fomoAlertStreamProbe } from './fomo-alert-stream.probe';

/** The drift check's probe of FOMO's alert stream, against the sandbox's `/ws/alerts` and its faults. */
describe('fomoAlertStreamProbe', () => {
  jest.setTimeout(60_000);
  let sandbox: RunningSandbox;
  // The probe's own wait (20 s): on a loaded machine the first replay may take seconds.
  const check = async (keys: string[] = [SANDBOX_KEYS.fomo], waitMs?: number) => {
    const [result] = await runProbes([fomoAlertStreamProbe({ baseUrl: sandbox.urls.fomo, keys }, waitMs)]);
    return result;
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  afterEach(() => sandbox.control.clear());

  it('is ok when the first replayed alert reads with the feed schema', async () => {
    expect(await check()).toMatchObject({ provider: 'fomo', endpoint: 'fomo:/ws/alerts', outcome: 'ok', detail: '' });
  });

  it('reports drift when the first frame is not an alert Scout can read', async () => {
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', malformed: 'truncated', times: 1 });
    expect(await check()).toMatchObject({ outcome: 'drift', detail: expect.stringContaining('not JSON') });
  });

  it('reports a refused key as refused, without the key', async () => {
    const result = await check(['not-a-sandbox-key']);
    expect(result).toMatchObject({ outcome: 'refused', detail: expect.stringContaining('HTTP 401') });
    expect(result.detail).not.toContain('not-a-sandbox-key');
  });

  it('reports a 503 at the upgrade, no key, and a silent upgrade as unreachable', async () => {
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', status: 503, times: 1 });
    expect(await check()).toMatchObject({ outcome: 'unreachable', detail: expect.stringContaining('HTTP 503') });
    expect(await check([])).toMatchObject({ outcome: 'unreachable', detail: expect.stringContaining('FOMO_API_KEYS') });
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', timeout: true, times: 1 });
    expect(await check(undefined, 300)).toMatchObject({ outcome: 'unreachable' });
  });
});
