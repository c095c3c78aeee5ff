import { AnswerConformance, CHECKED_FIRST } from './answer-drift';

// A file of its own: the test tiers' drift recording (set by another spec of this library) checks
// every answer, and a module keeps it on once set.

/** A service_wallet_age answer with a field its schema does not have: drift whenever it is checked. */
const drifted = {
  wallet: '0xabc',
  summary: { firstActivityAt: null, oldestChain: null, ageDays: null, outboundCount: 0 },
  chains: [],
  inactiveChains: [],
  failedChains: [],
  extra: 1,
};

/** Which of `count` answers of one tool were checked (1-based), told by the drift each check finds. */
function checkedAnswers(conformance: AnswerConformance, tool: string, count: number, check = (c: AnswerConformance) => c.check(tool, drifted)): number[] {
  const checked: number[] = [];
  for (let n = 1; n <= count; n++) if (check(conformance).length > 0) checked.push(n);
  return checked;
}

describe('AnswerConformance sampling (ANSWER_CHECK_EVERY)', () => {
  it('checks every answer of a tool at first, then one in `every`, counted per tool', () => {
    const conformance = new AnswerConformance({ warn: jest.fn() }, 10);
    const checked = checkedAnswers(conformance, 'service_wallet_age', CHECKED_FIRST + 35);
    expect(checked.slice(0, CHECKED_FIRST)).toEqual(Array.from({ length: CHECKED_FIRST }, (_, i) => i + 1));
    expect(checked.slice(CHECKED_FIRST)).toEqual([CHECKED_FIRST + 10, CHECKED_FIRST + 20, CHECKED_FIRST + 30]);
    // Another tool has its own count: its first answers are all checked.
    expect(conformance.check('service_chain_health', { bogus: true }).length).toBeGreaterThan(0);
  });

  it('logs the drift it finds once, as with every answer checked', () => {
    const warn = jest.fn();
    const conformance = new AnswerConformance({ warn }, 1_000);
    checkedAnswers(conformance, 'service_wallet_age', CHECKED_FIRST + 2_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('samples route bodies the same way', () => {
    const conformance = new AnswerConformance({ warn: jest.fn() }, 5);
    const checked = checkedAnswers(conformance, 'GET /api/v1/me/keys', CHECKED_FIRST + 10, (c) => c.checkRoute('GET /api/v1/me/keys', { keys: 'not a list' }));
    expect(checked).toHaveLength(CHECKED_FIRST + 2);
    expect(checked.slice(-2)).toEqual([CHECKED_FIRST + 5, CHECKED_FIRST + 10]);
  });

  it('checks every answer with `every` 1 (the default), and refuses a count that is not a positive integer', () => {
    expect(checkedAnswers(new AnswerConformance({ warn: jest.fn() }), 'service_wallet_age', CHECKED_FIRST + 50)).toHaveLength(CHECKED_FIRST + 50);
    expect(() => new AnswerConformance({ warn: jest.fn() }, 0)).toThrow('positive integer');
    expect(() => new AnswerConformance({ warn: jest.fn() }, 2.5)).toThrow('positive integer');
  });
});
