import type { LedgerEntryView, LedgerPage } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { download, get, query } from '../../api';
import { ErrorNote, Loading, Section } from '../../components/bits';
import { credits, day, thisMonth, when } from '../../format';
import { describe, useLoad } from '../../load';
import type { Period } from './types';

const PAGE = 25;

/** The ledger, newest first, a page at a time (the API's cursor), and the CSV export of the usage section's period. */
export function LedgerSection({ round, accountId, period }: { round: number; accountId: string | null; period: Period | null }) {
  // The `before` cursor of each page shown so far; the last one is the page on screen (none: the newest).
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors[cursors.length - 1];
  const page = useLoad(() => get<LedgerPage>(`/api/v1/me/ledger${query({ limit: PAGE, before })}`), [round, before]);

  return (
    <Section title="Ledger" id="ledger">
      <p class="muted">Every change of the account's credits is one entry, never changed afterwards: grants, charged calls, refunds, expiries.</p>
      <CsvExport accountId={accountId} period={period ?? thisMonth()} />
      <Loading state={page}>
        {(p) => (
          <>
            <EntriesTable entries={p.entries} />
            <div class="pager">
              <button type="button" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer entries
              </button>
              <span class="muted">Page {cursors.length + 1}</span>
              <button type="button" disabled={p.nextCursor === null} onClick={() => p.nextCursor !== null && setCursors((c) => [...c, p.nextCursor!])}>
                Older entries
              </button>
            </div>
          </>
        )}
      </Loading>
    </Section>
  );
}

function CsvExport({ accountId, period }: { accountId: string | null; period: Period }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const name = `ledger-${accountId ? `${accountId}-` : ''}${day(period.from)}-${day(period.to)}.csv`;
      await download(`/api/v1/me/ledger.csv${query({ from: period.from, to: period.to })}`, name);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="csv-export">
      <button type="button" onClick={() => void save()} disabled={busy}>
        Download CSV
      </button>{' '}
      <span class="muted">
        the entries from {when(period.from)} to {when(period.to)} (the usage period), oldest first
      </span>
      <ErrorNote error={error} />
    </div>
  );
}

function EntriesTable({ entries }: { entries: LedgerEntryView[] }) {
  if (entries.length === 0) return <p class="muted">No entries.</p>;
  return (
    <table data-table="ledger">
      <caption>Ledger entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Kind</th>
          <th scope="col" class="num">
            Credits
          </th>
          <th scope="col" class="num">
            Balance after
          </th>
          <th scope="col">Tool</th>
          <th scope="col">Channel</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-entry={e.id}>
            <td>{when(e.createdAt)}</td>
            <td>{e.kind}</td>
            <td class="num" data-value={e.amount}>
              {e.amount > 0 ? '+' : ''}
              {credits(e.amount)}
            </td>
            <td class="num">{credits(e.balanceAfter)}</td>
            <td>{e.tool ?? '—'}</td>
            <td>{e.kind === 'usage' || e.kind === 'refund' ? e.channel : '—'}</td>
            <td>{e.reason ?? (e.refundOf !== null ? `refund of entry ${e.refundOf}` : '—')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
