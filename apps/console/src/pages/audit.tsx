import type { AuditPage } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { query } from '../api';
import { Loading, Section } from '../components/bits';
import { href, navigate } from '../router';
import { AuditEntryCard } from './admin/audit-entry';
import { Pager, useAnswer, useCursor } from './admin/paging';
import { AUDIT_ACTIONS } from './admin/types';

const PAGE = 25;
const FILTERS = ['actor', 'action', 'accountId'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const read = (params: URLSearchParams): Filters => ({
  actor: params.get('actor') ?? '',
  action: params.get('action') ?? '',
  accountId: params.get('accountId') ?? '',
});

/** The audit log (`#/admin/audit?actor=&action=&accountId=`): filtered, newest first, paged; each entry with what it changed. */
export function AuditLog({ params }: { params: URLSearchParams }) {
  const filters = read(params);
  const shown = JSON.stringify(filters);
  const paging = useCursor<number>([shown]);
  const log = useAnswer<AuditPage>(`/api/v1/admin/audit${query({ ...filters, limit: PAGE, before: paging.cursor })}`);
  const filtered = FILTERS.filter((name) => filters[name]);
  return (
    <>
      <h1>Audit log</h1>
      <p>Every admin action that changed something (and every ledger export), newest first.</p>
      {/* Keyed by the filters in the URL: a new address gives a new form in the same render, never one a frame behind. */}
      <FilterForm key={shown} initial={filters} filtered={filtered.length > 0} />
      <Section id="entries" title={filtered.length ? `Entries where ${filtered.map((name) => `${name} is ${filters[name]}`).join(' and ')}` : 'Every entry'}>
        <Loading state={log}>
          {(page) => (
            <>
              {page.entries.length === 0 && <p class="muted">No entry.</p>}
              <ol class="audit-log" aria-busy={!log.fresh}>
                {page.entries.map((entry) => (
                  <li key={entry.id}>
                    <AuditEntryCard entry={entry} />
                    {entry.accountId && (
                      <p>
                        Account: <a href={href(['admin', 'accounts', entry.accountId])}>{entry.accountId}</a> (
                        <a href={href(['admin', 'audit'], { accountId: entry.accountId })}>its entries</a>)
                      </p>
                    )}
                  </li>
                ))}
              </ol>
              <Pager what="entries" page={paging.page} next={page.nextCursor} onNewer={paging.newer} onOlder={() => paging.older(page.nextCursor!)} />
            </>
          )}
        </Loading>
      </Section>
    </>
  );
}

function FilterForm({ initial, filtered }: { initial: Filters; filtered: boolean }) {
  const [form, setForm] = useState(initial);
  const set = (name: keyof Filters) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [name]: e.currentTarget.value });
  return (
    <form
      class="inline"
      aria-label="Filter the audit log"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(['admin', 'audit'], { actor: form.actor.trim(), action: form.action, accountId: form.accountId.trim() });
      }}
    >
      <div>
        <label for="audit-actor">Actor (key:&lt;id&gt;)</label>
        <input id="audit-actor" value={form.actor} maxLength={200} onInput={set('actor')} />
      </div>
      <div>
        <label for="audit-action">Action</label>
        <select id="audit-action" value={form.action} onChange={set('action')}>
          <option value="">any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="audit-account">Account id</label>
        <input id="audit-account" value={form.accountId} maxLength={36} onInput={set('accountId')} />
      </div>
      <button type="submit" class="primary">
        Filter
      </button>
      {filtered && <a href={href(['admin', 'audit'])}>Clear the filters</a>}
    </form>
  );
}
