import { CallMeter } from '../context/call-meter';
import { buildEnvelope } from './envelope';

const envelope = (meter: CallMeter, notes?: string[]) =>
  buildEnvelope({ tool: 't', data: {}, notes, creditsSpent: 250, remaining: 10, meter, startedAt: performance.now(), requestId: 'r' });

describe('buildEnvelope', () => {
  it('counts a stale answer as a cached call and says so in notes, after the handler notes, once per endpoint', () => {
    const meter = new CallMeter();
    meter.recordCall('a:/live');
    meter.recordStaleHit('a:/board', Date.parse('2026-01-02T03:04:05.000Z'));
    meter.recordStaleHit('a:/board', Date.parse('2026-01-02T03:00:00.000Z'));
    const built = envelope(meter, ['from the handler']);
    expect(built.credits).toMatchObject({ calls: 1, cachedCalls: 2, endpoints: ['a:/live', 'a:/board'] });
    expect(built.notes).toEqual([
      'from the handler',
      "a:/board failed upstream: answered from Scout's cached copy of 2026-01-02T03:00:00.000Z, past its usual lifetime.",
    ]);
  });

  it('has no notes when neither the handler nor a stale answer gave one', () => {
    expect(envelope(new CallMeter()).notes).toBeUndefined();
  });
});
