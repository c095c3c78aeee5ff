import { queryWrite, writeResult, type SqlQueryRunner } from './query-write';

/** A query() that answers as TypeORM's PostgreSQL driver does, without a database. */
function answering(answer: unknown): SqlQueryRunner & { calls: Array<[string, unknown[] | undefined]> } {
  const calls: Array<[string, unknown[] | undefined]> = [];
  return {
    calls,
    query: (sql, parameters) => {
      calls.push([sql, parameters]);
      return Promise.resolve(answer);
    },
  };
}

describe('writeResult: what query() answered for a statement that changes rows', () => {
  it('an UPDATE or DELETE ([rows, rowCount]): its RETURNING rows and the rows it changed', () => {
    expect(writeResult([[{ id: 'a' }, { id: 'b' }], 2])).toEqual({ rows: [{ id: 'a' }, { id: 'b' }], count: 2 });
    expect(writeResult([[], 0])).toEqual({ rows: [], count: 0 });
  });

  it('an UPDATE without RETURNING: no rows, the count all the same', () => {
    expect(writeResult([[], 3])).toEqual({ rows: [], count: 3 });
  });

  it('any other statement (rows alone): the rows, counted', () => {
    expect(writeResult([{ id: 'a' }])).toEqual({ rows: [{ id: 'a' }], count: 1 });
    expect(writeResult([])).toEqual({ rows: [], count: 0 });
  });

  it('two rows are never read as [rows, rowCount]: rows are objects', () => {
    const rows = [{ n: 1 }, { n: 2 }];
    expect(writeResult(rows)).toEqual({ rows, count: 2 });
  });

  it('refuses what query() never answers', () => {
    expect(() => writeResult(undefined)).toThrow(TypeError);
    expect(() => writeResult({ rows: [] })).toThrow(TypeError);
  });
});

describe('queryWrite: runs the statement and reads either answer', () => {
  it('passes the SQL and parameters through, and answers rows and count', async () => {
    const db = answering([[{ id: 'a' }], 1]);
    await expect(queryWrite<{ id: string }>(db, 'UPDATE t SET x = $2 WHERE id = $1 RETURNING id', ['a', 1])).resolves.toEqual({
      rows: [{ id: 'a' }],
      count: 1,
    });
    expect(db.calls).toEqual([['UPDATE t SET x = $2 WHERE id = $1 RETURNING id', ['a', 1]]]);
  });

  it('a statement that changed nothing: count 0', async () => {
    await expect(queryWrite(answering([[], 0]), 'DELETE FROM t WHERE false')).resolves.toEqual({ rows: [], count: 0 });
  });
});
