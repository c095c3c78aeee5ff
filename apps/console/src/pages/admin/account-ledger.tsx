import type { LedgerPage } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { download, get, query } from '../../api';
import { ErrorNote, Loading } from '../../components/bits';
import { credits, day, thisMonth, when } from '../../format';
import { describe, useLoad } from '../../load';
import { Pager, useCursor } from './paging';

const PAGE = 20;

/** GET accounts/:id/ledger (paged by `before`) and the CSV export of a period (accounts/:id/ledger.csv). */
export function AccountLedger({ accountId, round, onExported }: { accountId: string; round: number; onExported: () => void }) {
  const paging = useCursor<number>([accountId]);
  const ledger = useLoad(
    () => get<LedgerPage>(`/api/v1/admin/accounts/${accountId}/ledger${query({ limit: PAGE, before: paging.cursor })}`),
    [accountId, paging.cursor, round],
  );
  return (
    <>
      <Loading state={ledger}>
        {(page) => (
          <>
            <table data-table="ledger">
              <caption>Ledger entries, newest first: every change of the account's credits</caption>
              <thead>
                <tr>
                  <th scope="col">Entry</th>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col" class="num">
                    Credits
                  </th>
                  <th scope="col" class="num">
                    Balance after
                  </th>
                  <th scope="col">Tool, channel</th>
                  <th scope="col">Reason, by</th>
                </tr>
              </thead>
              <tbody>
                {page.entries.map((e) => (
                  <tr key={e.id} data-entry={e.id}>
                    <th scope="row">{e.id}</th>
                    <td>{when(e.createdAt)}</td>
                    <td>{e.kind}</td>
                    <td class="num">{(e.amount > 0 ? '+' : '') + credits(e.amount)}</td>
                    <td class="num">{credits(e.balanceAfter)}</td>
                    <td>{e.tool ? `${e.tool} (${e.channel})` : '—'}</td>
                    <td>{[e.reason, e.actor].filter(Boolean).join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager what="entries" page={paging.page} next={page.nextCursor} onNewer={paging.newer} onOlder={() => paging.older(page.nextCursor!)} />
          </>
        )}
      </Loading>
      <CsvExport accountId={accountId} onExported={onExported} />
    </>
  );
}

function CsvExport({ accountId, onExported }: { accountId: string; onExported: () => void }) {
  const month = thisMonth();
  const [from, setFrom] = useState(day(month.from));
  const [to, setTo] = useState(day(month.to));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const period = query({ from: `${from}T00:00:00.000Z`, to: `${to}T00:00:00.000Z` });
      await download(`/api/v1/admin/accounts/${accountId}/ledger.csv${period}`, `ledger-${accountId}-${from}-${to}.csv`);
      onExported();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="inline" onSubmit={(e) => void save(e)} aria-label="Export the ledger as CSV">
      <div>
        <label for="csv-from">From (UTC day, inclusive)</label>
        <input id="csv-from" type="date" value={from} required onInput={(e) => setFrom(e.currentTarget.value)} />
      </div>
      <div>
        <label for="csv-to">To (UTC day, exclusive)</label>
        <input id="csv-to" type="date" value={to} required onInput={(e) => setTo(e.currentTarget.value)} />
      </div>
      <button type="submit" disabled={busy}>
        Download the CSV
      </button>
      <ErrorNote error={error} />
    </form>
  );
}
