import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable: a lost database is a 503, a failed query is not', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a terminated backend (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a driver error under a TypeORM error', new QueryFailedError('SELECT 1', [], Object.assign(new Error('Connection terminated unexpectedly'), {}))],
    ["a transaction's next statement after its connection was lost", new QueryRunnerProviderAlreadyReleasedError()],
    ['a statement on a query runner released by a lost connection', new QueryRunnerAlreadyReleasedError()],
  ])('%s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })],
    ['no error at all', undefined],
  ])('%s is not', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
