import { z } from 'zod';
import { HttpUpstreamSource } from './http-upstream-source';
import { PayloadDriftLog } from './payload-drift-log';
import { json, ProgrammableUpstream } from './test/programmable-upstream';
import { UpstreamError } from './upstream.types';

function recordingLog(intervalMs = 60_000) {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  let clock = 1_000_000;
  const log = new PayloadDriftLog({ warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) }, intervalMs, () => clock);
  return { log, lines, advance: (ms: number) => (clock += ms) };
}

describe('PayloadDriftLog', () => {
  it('writes provider, endpoint, JSON path and problem', () => {
    const { log, lines } = recordingLog();
    log.report({ provider: 'jupiter', endpoint: 'jupiter:/swap/v1/quote', path: 'platformFee', problem: 'Invalid input' });
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toEqual({ provider: 'jupiter', endpoint: 'jupiter:/swap/v1/quote', path: 'platformFee', problem: 'Invalid input', heldBack: 0 });
    expect(lines[0].message).toContain('jupiter:/swap/v1/quote');
    expect(lines[0].message).toContain('platformFee');
  });

  it('writes one endpoint and field once per interval, whatever the array position, then says how many were held back', () => {
    const { log, lines, advance } = recordingLog(60_000);
    const drift = (path: string) => ({ provider: 'p', endpoint: 'p:/x', path, problem: 'bad' });
    log.report(drift('0.price'));
    log.report(drift('7.price'));
    log.report(drift('12.price'));
    log.report(drift('0.symbol'));
    expect(lines.map((l) => l.fields.path)).toEqual(['0.price', '0.symbol']);
    advance(60_000);
    log.report(drift('3.price'));
    expect(lines).toHaveLength(3);
    expect(lines[2].fields).toMatchObject({ path: '3.price', heldBack: 2 });
  });
});

describe('a source given a payload off its schema', () => {
  const upstream = new ProgrammableUpstream();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await upstream.start();
  });
  afterAll(() => upstream.stop());

  it.each([
    ['a field of the wrong type', { items: [{ price: 1 }, { price: 'two' }] }, 'items.1.price'],
    ['a body that is not JSON', '<html>busy</html>', '(root)'],
  ])('fails the call as malformed and logs the path: %s', async (_case, body, path) => {
    upstream.reset((_req, res) => json(res, 200, body));
    const { log, lines } = recordingLog();
    const source = new HttpUpstreamSource({ name: 'fx', baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0 }, { driftLog: log });
    const schema = z.object({ items: z.array(z.object({ price: z.number() })) });
    const failure = await source.request({ endpoint: 'fx:/items', path: '/items' }, (raw) => schema.parse(raw)).catch((e: unknown) => e);
    await source.close();
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ failure: 'malformed' });
    expect((failure as UpstreamError).detail).toContain('malformed payload');
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ provider: 'fx', endpoint: 'fx:/items', path });
  });
});
