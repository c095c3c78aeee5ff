import type { AccountList } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { query } from '../api';
import { Loading, Section } from '../components/bits';
import { credits, when } from '../format';
import { href, navigate } from '../router';
import { NewAccount } from './admin/new-account';
import { Pager, useAnswer, useCursor } from './admin/paging';

const PAGE = 50;

/** Accounts: search by id, name or key prefix (`#/admin/accounts?q=`), and a new account. */
export function AccountSearch({ q }: { q: string }) {
  const paging = useCursor<string>([q]);
  const found = useAnswer<AccountList>(`/api/v1/admin/accounts${query({ q, limit: PAGE, cursor: paging.cursor })}`);
  return (
    <>
      <h1>Accounts</h1>
      {/* Keyed by the query in the URL, so the box shows it in the same render as the results' title. */}
      <SearchForm key={q} q={q} />
      <Section id="results" title={q ? `Accounts matching “${q}”` : 'All accounts, newest first'}>
        <Loading state={found}>
          {(list) =>
            list.accounts.length === 0 ? (
              <p class="muted">No account matches.</p>
            ) : (
              <>
                <table data-table="accounts" aria-busy={!found.fresh}>
                  <caption>{q ? `Accounts matching “${q}”` : 'Accounts'}, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Id</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="num">
                        Balance
                      </th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.accounts.map((a) => (
                      <tr key={a.id} data-account={a.id}>
                        <th scope="row">
                          <a href={href(['admin', 'accounts', a.id])}>{a.name}</a>
                        </th>
                        <td>
                          <code>{a.id}</code>
                        </td>
                        <td>{a.plan ?? 'pay-as-you-go'}</td>
                        <td>{a.status}</td>
                        <td class="num">{credits(a.balance)}</td>
                        <td>{when(a.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <Pager what="accounts" page={paging.page} next={list.nextCursor} onNewer={paging.newer} onOlder={() => paging.older(list.nextCursor!)} />
              </>
            )
          }
        </Loading>
      </Section>
      <Section id="new-account" title="New account">
        <NewAccount />
      </Section>
    </>
  );
}

function SearchForm({ q }: { q: string }) {
  const [text, setText] = useState(q);
  return (
    <form
      class="inline"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(['admin', 'accounts'], { q: text.trim() || undefined });
      }}
    >
      <div>
        <label for="account-q">Account id, name or key prefix</label>
        <input id="account-q" name="q" type="search" value={text} maxLength={200} onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      <button type="submit" class="primary">
        Search
      </button>
    </form>
  );
}
