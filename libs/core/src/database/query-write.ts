/** What runs SQL through TypeORM's `query()`: a DataSource or an EntityManager (of a transaction too). */
export interface SqlQueryRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** What a statement that changes rows answered. */
export interface WriteResult<Row> {
  /** The rows of its RETURNING clause (none without one). */
  rows: Row[];
  /** How many rows it changed (an UPDATE or DELETE); for any other statement, the rows it returned. */
  count: number;
}

/**
 * Reads what TypeORM's `query()` answered for a statement, whatever its kind. On PostgreSQL it
 * answers an UPDATE or DELETE with `[rows, rowCount]` and every other statement (a SELECT, an
 * INSERT, an UPDATE inside a CTE) with its rows alone; rows are objects, never arrays, so the two
 * shapes cannot be confused.
 */
export function writeResult<Row>(answer: unknown): WriteResult<Row> {
  if (!Array.isArray(answer)) throw new TypeError(`not an answer of query(): ${typeof answer}`);
  if (answer.length === 2 && Array.isArray(answer[0]) && typeof answer[1] === 'number') {
    return { rows: answer[0] as Row[], count: answer[1] };
  }
  return { rows: answer as Row[], count: answer.length };
}

/**
 * Runs an UPDATE or DELETE (RETURNING or not) through `db.query()` and answers its rows and how
 * many rows it changed, so no caller reads TypeORM's `[rows, rowCount]` itself. Pass a
 * transaction's EntityManager to run it in that transaction.
 */
export async function queryWrite<Row = unknown>(db: SqlQueryRunner, sql: string, parameters?: unknown[]): Promise<WriteResult<Row>> {
  return writeResult<Row>(await db.query(sql, parameters));
}
