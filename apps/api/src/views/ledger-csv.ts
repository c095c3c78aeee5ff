import { stringify } from 'csv-stringify';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import type { CreditEntryEntity } from '@scout/ledger';

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
 * period in memory.
 */
export async function streamLedgerCsv(res: Response, filename: string, batches: AsyncIterable<CreditEntryEntity[]>, withAccount: boolean): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  const columns = withAccount ? ['account_id', ...COLUMNS] : [...COLUMNS];
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) {
        for (const e of batch) {
          const row: Record<string, unknown> = {
            account_id: e.accountId,
            id: e.id,
            created_at: e.createdAt.toISOString(),
            kind: e.kind,
            amount: e.amount,
            balance_after: e.balanceAfter,
            tool: e.tool,
            grant_id: e.grantId,
            refund_of: e.refundOf,
            request_id: e.requestId,
            reason: e.reason,
            actor: e.actor,
            channel: e.channel,
          };
          yield row;
        }
      }
    })(),
  );
  await pipeline(rows, stringify({ header: true, columns, record_delimiter: 'windows', escape_formulas: true }), res);
}
