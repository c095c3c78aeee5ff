import { CallMeter } from '../context/call-meter';
import { answerJson, buildEnvelope, shareAnswerData } from './envelope';

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

describe('answerJson', () => {
  const built = (data: object, notes?: string[]) =>
    buildEnvelope({ tool: 't', data, notes, creditsSpent: 5, remaining: 7, meter: new CallMeter(), startedAt: performance.now(), requestId: 'r"1' });
  const board = () => ({ rows: [{ rank: 1, name: 'Zoë "z" \\ 😀', pnl: -1.5e-7, tags: [] }], empty: {}, none: null, skipped: undefined });

  it('gives the bytes JSON.stringify gives, shared data or not, with and without notes', () => {
    const shared = shareAnswerData(board());
    for (const envelope of [built(shared), built(shared, ['a note']), built(board()), built(board(), ['a note'])]) {
      expect(answerJson(envelope)).toBe(JSON.stringify(envelope));
    }
    expect(answerJson({ data: shared })).toBe(JSON.stringify({ data: shared }));
    for (const other of [null, 'text', [1, 2], { error: { code: 'x' } }, { data: null }, { data: 'text' }])
      expect(answerJson(other)).toBe(JSON.stringify(other));
  });

  it('serialises shared data once, however many answers send it, and other data every time', () => {
    const shared = shareAnswerData(board());
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      answerJson(built(shared));
      answerJson(built(shared, ['a note']));
      answerJson(built(shared));
      expect(stringify.mock.calls.filter(([value]) => value === shared)).toHaveLength(1);
      const fresh = board();
      answerJson(built(fresh));
      answerJson(built(fresh));
      expect(stringify.mock.calls.filter(([value]) => (value as { data?: unknown })?.data === fresh)).toHaveLength(2);
    } finally {
      stringify.mockRestore();
    }
  });

  it('keeps data where it is when it is not the first key', () => {
    const shared = shareAnswerData(board());
    const answer = { meta: { tool: 't' }, data: shared };
    expect(answerJson(answer)).toBe(JSON.stringify(answer));
    expect(answerJson(answer).startsWith('{"meta"')).toBe(true);
  });
});
