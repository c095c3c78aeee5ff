import type { GrantList, GrantView, MeSummary } from '@scout-api/client';
import { get } from '../../api';
import { Loading, Section } from '../../components/bits';
import { credits, when } from '../../format';
import { useLoad, type Loaded } from '../../load';

const KINDS: Record<GrantView['kind'], string> = {
  free: 'free',
  plan: 'plan period',
  topup: 'top-up',
  adjustment: 'adjustment',
};

/** What the account can spend now, and the grants it comes from, with what is left of each and when it expires. */
export function BalanceSection({ me, round }: { me: Loaded<MeSummary>; round: number }) {
  const grants = useLoad(() => get<GrantList>('/api/v1/me/grants'), [round]);
  return (
    <Section title="Balance" id="balance">
      <Loading state={me}>
        {(summary) => (
          <div class="figures">
            <div class="figure" data-figure="balance">
              <div class="muted">Credits left</div>
              <div class="value">{credits(summary.balance)}</div>
            </div>
            <div class="figure" data-figure="calls-left">
              <div class="muted">Calls left at {credits(summary.creditsPerCall)} credits a call</div>
              <div class="value">{credits(summary.callsLeft)}</div>
            </div>
            <div class="figure" data-figure="plan">
              <div class="muted">Plan</div>
              <div class="value">{summary.plan.plan?.name ?? 'Pay as you go'}</div>
            </div>
          </div>
        )}
      </Loading>
      <h3>Grants</h3>
      <Loading state={grants}>{(list) => <GrantsTable grants={list.grants} />}</Loading>
    </Section>
  );
}

function GrantsTable({ grants }: { grants: GrantView[] }) {
  if (grants.length === 0) return <p class="muted">No grants yet.</p>;
  const now = Date.now();
  return (
    <table data-table="grants">
      <caption>Where the credits come from, newest first; spent and expired grants included.</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col" class="num">
            Credits
          </th>
          <th scope="col" class="num">
            Left
          </th>
          <th scope="col">Expires</th>
          <th scope="col">Granted</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {grants.map((grant) => {
          const expired = grant.expiresAt !== null && Date.parse(grant.expiresAt) <= now;
          return (
            <tr key={grant.id} data-grant={grant.id}>
              <td>{KINDS[grant.kind] ?? grant.kind}</td>
              <td class="num">{credits(grant.credits)}</td>
              <td class="num" data-value={grant.remaining}>
                {credits(grant.remaining)}
              </td>
              <td>{grant.expiresAt === null ? 'never' : `${expired ? 'expired ' : ''}${when(grant.expiresAt)}`}</td>
              <td>{when(grant.createdAt)}</td>
              <td>{grant.reason ?? '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
