import { stringify } from 'csv-stringify/sync';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import type { ExportedEntry } from '@scout/ledger';

/** The ledger export of the admin API (one account's or every account's) and of the self-service routes (the caller's own). */

/** channel last: it came after the others, and columns only ever add at the end. */
const COLUMNS = ['id', 'created_at', 'kind', 'amount', 'balance_after', 'tool', 'grant_id', 'refund_of', 'request_id', 'reason', 'actor', 'channel'] as const;

/** The export's answer in the OpenAPI document (admin and self-service): the CSV streamLedgerCsv writes. */
export const LEDGER_CSV_ANSWER = {
  description: 'The entries as CSV (RFC 4180, a header row), oldest first, sent as an attachment.',
  content: { 'text/csv': { schema: { type: 'string' } } },
};

/**
 * The export's file name: `ledger-<account id>-<from day>-<to day>.csv`, or without the account for
 * every account's entries.
 */
export function ledgerCsvName(accountId: string | null, from: Date, to: Date): string {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  return `ledger-${accountId ? `${accountId}-` : ''}${day(from)}-${day(to)}.csv`;
}

/**
 * Streams ledger entries as RFC 4180 CSV (csv-stringify): a header row, CRLF line ends, quoting
 * where needed, and text cells that a spreadsheet would run as a formula (= + - @ tab CR first)
 * prefixed with a quote. Batches are pulled one at a time, so an export never holds a whole
 * period in memory; each batch is made into text at once (rows as arrays, one chunk a batch: a
 * record at a time through the stream took as long as the database's reads).
 */
export async function streamLedgerCsv(res: Response, filename: string, batches: AsyncIterable<ExportedEntry[]>, withAccount: boolean): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  const columns = withAccount ? ['account_id', ...COLUMNS] : [...COLUMNS];
  const chunks = Readable.from(
    (async function* () {
      let header = true;
      for await (const batch of batches) {
        const rows = batch.map((e) => columns.map((column) => e[column as keyof ExportedEntry]));
        yield stringify(rows, { header, columns, record_delimiter: 'windows', escape_formulas: true });
        header = false;
      }
      // No entries: the header row alone.
      if (header) yield stringify([], { header, columns, record_delimiter: 'windows' });
    })(),
  );
  await pipeline(chunks, res);
}
