import type { UpstreamsState } from '@scout-api/client';
import { get } from '../api';
import { Loading, Section } from '../components/bits';
import { credits, when } from '../format';
import { useLoad } from '../load';
import { href } from '../router';
import { OverviewCharts } from './admin/overview-charts';
import { Figure } from './admin/paging';
import type { AdminOverview as Overview, TopAccount } from './admin/types';
import { Upstreams } from './admin/upstreams';

function TopAccounts({ month, accounts }: { month: string; accounts: TopAccount[] }) {
  if (accounts.length === 0) return <p class="muted">No account has spent credits in {month}.</p>;
  return (
    <table data-table="top-accounts">
      <caption>The accounts that spent the most credits in {month} (UTC), most first</caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Plan</th>
          <th scope="col">Status</th>
          <th scope="col" class="num">
            Calls
          </th>
          <th scope="col" class="num">
            Credits
          </th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.id}>
            <th scope="row">
              <a href={href(['admin', 'accounts', a.id])}>{a.name}</a>
            </th>
            <td>{a.plan ?? 'pay-as-you-go'}</td>
            <td>{a.status}</td>
            <td class="num">{credits(a.calls)}</td>
            <td class="num">{credits(a.credits)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The admin overview: the whole service's traffic of the last 30 days, top accounts, holds, data sources. */
export function AdminOverview() {
  const overview = useLoad(() => get<Overview>('/api/v1/admin/overview'), []);
  const upstreams = useLoad(() => get<UpstreamsState>('/api/v1/admin/upstreams'), []);
  return (
    <>
      <h1>Overview</h1>
      <Loading state={overview}>
        {(o) => {
          const sum = (measure: 'calls' | 'credits') => o.days.reduce((total, d) => total + d[measure], 0);
          return (
            <>
              <p class="muted">As of {when(o.generatedAt)}.</p>
              <div class="figures">
                <Figure name="calls" label="Calls, last 30 days" value={credits(sum('calls'))} />
                <Figure name="credits" label="Credits, last 30 days" value={credits(sum('credits'))} />
                <Figure name="accounts" label="Accounts" value={`${credits(o.accounts.active)} active, ${credits(o.accounts.suspended)} suspended`} />
                <Figure name="holds" label="Open holds (calls running)" value={`${credits(o.holds.count)}, ${credits(o.holds.credits)} credits`} />
              </div>
              <Section id="traffic" title="Calls and credits per day, last 30 days (UTC)">
                <OverviewCharts days={o.days} />
              </Section>
              <Section id="top-accounts" title={`Top accounts by credits, ${o.month}`}>
                <TopAccounts month={o.month} accounts={o.topAccounts} />
              </Section>
            </>
          );
        }}
      </Loading>
      <Section id="upstreams" title="Data sources">
        <Loading state={upstreams}>{(u) => <Upstreams state={u} />}</Loading>
      </Section>
    </>
  );
}
