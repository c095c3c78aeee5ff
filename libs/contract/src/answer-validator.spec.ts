import { ANSWER_SCHEMAS } from './answer-schemas';
import { AnswerConformance, recordAnswerDrift, takeAnswerDrift } from './answer-drift';
import { AnswerValidator } from './answer-validator';

/** A service_wallet_age answer as the handler builds it (WalletAgeData). */
function walletAge(): Record<string, unknown> {
  return {
    wallet: '0xabc',
    summary: { firstActivityAt: null, oldestChain: null, ageDays: null, outboundCount: 0 },
    chains: [
      {
        chain: 'ethereum',
        firstActivityAt: '2021-05-01T00:00:00.000Z',
        firstActivityHash: '0x1',
        firstDirection: 'in',
        firstCounterparty: null,
        ageDays: 1000.5,
        outboundCount: 12,
      },
    ],
    inactiveChains: ['base'],
    failedChains: [],
  };
}

describe('AnswerValidator', () => {
  const validator = new AnswerValidator();

  it('accepts an answer of the declared shape', () => {
    expect(ANSWER_SCHEMAS.tools.service_wallet_age.dataType).toBe('WalletAgeData');
    expect(validator.check('service_wallet_age', walletAge())).toEqual([]);
  });

  it('names the JSON path of a renamed field: the new name is not in the schema, the old one is missing', () => {
    const answer = walletAge();
    const [row] = answer.chains as Array<Record<string, unknown>>;
    row.ageInDays = row.ageDays;
    delete row.ageDays;
    expect(validator.check('service_wallet_age', answer)).toEqual(
      expect.arrayContaining([
        { path: 'data.chains[0].ageInDays', message: 'is not in the schema' },
        { path: 'data.chains[0].ageDays', message: 'is required by the schema but missing' },
      ]),
    );
  });

  it('refuses a wrong type, an unknown enum value and a null where none is allowed', () => {
    const answer = walletAge();
    const [row] = answer.chains as Array<Record<string, unknown>>;
    row.outboundCount = '12';
    row.chain = 'atlantis';
    answer.wallet = null;
    const paths = validator.check('service_wallet_age', answer).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['data.chains[0].outboundCount', 'data.chains[0].chain', 'data.wallet']));
  });

  it('says so for a tool without a schema', () => {
    expect(validator.check('service_unknown', {})).toEqual([{ path: 'data', message: 'service_unknown has no answer schema (run npm run schemas)' }]);
  });
});

describe('AnswerConformance', () => {
  it('logs a drifted tool and path once however often it recurs, and records every drift for the test tiers', () => {
    const warn = jest.fn();
    const conformance = new AnswerConformance({ warn });
    recordAnswerDrift();
    takeAnswerDrift();
    const answer = { ...walletAge(), extra: 1 };
    conformance.check('service_wallet_age', answer);
    conformance.check('service_wallet_age', answer);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { tool: 'service_wallet_age', path: 'data.extra', message: 'is not in the schema' },
      'service_wallet_age answered off its schema at data.extra: is not in the schema',
    );
    expect(takeAnswerDrift()).toHaveLength(2);
    expect(conformance.check('service_wallet_age', walletAge())).toEqual([]);
  });

  it("holds an account or admin route's body to the schema generated from its handler", () => {
    const conformance = new AnswerConformance({ warn: jest.fn() });
    const key = {
      id: 'k1',
      prefix: 'sc_ab12',
      scopes: ['tools'],
      label: null,
      createdAt: '2027-01-01T00:00:00.000Z',
      revokedAt: null,
      lastUsedAt: null,
      current: true,
    };
    expect(ANSWER_SCHEMAS.routes['GET /api/v1/me/keys'].dataType).toBe('OwnKeyList');
    expect(conformance.checkRoute('GET /api/v1/me/keys', { keys: [key] })).toEqual([]);
    const { current: _current, ...renamed } = { ...key, isCurrent: true };
    expect(conformance.checkRoute('GET /api/v1/me/keys', { keys: [renamed] })).toEqual(
      expect.arrayContaining([
        { tool: 'GET /api/v1/me/keys', path: 'body.keys[0].isCurrent', message: 'is not in the schema' },
        { tool: 'GET /api/v1/me/keys', path: 'body.keys[0].current', message: 'is required by the schema but missing' },
      ]),
    );
    // A route that publishes no schema (a CSV export) passes whatever it sends.
    expect(conformance.checkRoute('GET /api/v1/admin/ledger.csv', 'id,kind\n')).toEqual([]);
  });

  it("leaves tools outside the contract (tests' fixture tools) unchecked", () => {
    expect(new AnswerConformance({ warn: jest.fn() }).check('fixture_paid', { anything: true })).toEqual([]);
  });
});
