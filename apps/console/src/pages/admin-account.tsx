import type { AccountDetail, AuditPage } from '@scout-api/client';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { get } from '../api';
import { Loading, Section } from '../components/bits';
import { credits, when } from '../format';
import { useLoad } from '../load';
import { href } from '../router';
import { CreditsForm, PlanForm, StatusForm } from './admin/account-actions';
import { AccountKeys } from './admin/account-keys';
import { AccountLedger } from './admin/account-ledger';
import { AccountUsageCharts } from './admin/account-usage';
import { AuditEntryCard } from './admin/audit-entry';
import { GrantsTable } from './admin/grants';
import { OAuthGrants } from './admin/oauth-grants';
import { Figure } from './admin/paging';

/** The account's latest audit entry: after each action on this page, the one it wrote, scrolled into view. */
function LastChange({ accountId, round }: { accountId: string; round: number }) {
  const last = useLoad(() => get<AuditPage>(`/api/v1/admin/audit?accountId=${accountId}&limit=1`), [accountId, round]);
  const box = useRef<HTMLElement>(null);
  const shown = last.data?.entries[0]?.id;
  useEffect(() => {
    if (round > 0 && !last.loading) box.current?.scrollIntoView({ block: 'nearest' });
  }, [round, shown, last.loading]);
  return (
    <section ref={box} class="last-change" aria-labelledby="last-change-title" data-section="last-change">
      <h2 id="last-change-title">Last change</h2>
      <div aria-live="polite">
        <Loading state={last}>{(page) => (page.entries[0] ? <AuditEntryCard entry={page.entries[0]} /> : <p class="muted">No change recorded.</p>)}</Loading>
      </div>
      <p>
        <a href={href(['admin', 'audit'], { accountId })}>Every change to this account in the audit log</a>
      </p>
    </section>
  );
}

function PlanAndPeriod({ detail }: { detail: AccountDetail }) {
  const { plan, period } = detail;
  if (!plan) return <p>No plan: pay-as-you-go.</p>;
  return (
    <p>
      <strong>{plan.name}</strong> ({plan.id}): ${plan.priceUsd} a month for {credits(plan.creditsPerMonth)} credits.
      {period && (
        <>
          {' '}
          This period: {when(period.startsAt)} to {when(period.endsAt)}, {credits(period.credits)} credits for ${period.chargeUsd}.
        </>
      )}
      {detail.renewsAt && <> Renews {when(detail.renewsAt)}.</>}
    </p>
  );
}

/** One account for the admin: balance, plan, grants, keys, OAuth grants, usage, ledger, and the actions on it. */
export function AdminAccountPage({ id }: { id: string }) {
  const [round, setRound] = useState(0);
  const changed = useCallback(() => setRound((r) => r + 1), []);
  const detail = useLoad(() => get<AccountDetail>(`/api/v1/admin/accounts/${encodeURIComponent(id)}`), [id, round]);
  return (
    <Loading state={detail}>
      {(d) => (
        <>
          <p>
            <a href={href(['admin', 'accounts'])}>Accounts</a> › {d.account.name}
          </p>
          <h1>{d.account.name}</h1>
          <p class="muted">
            Account <code>{d.account.id}</code>, created {when(d.account.createdAt)}.
          </p>
          <div class="figures">
            <Figure name="balance" label="Balance (spendable now)" value={credits(d.account.balance)} />
            <Figure name="status" label="Status" value={d.account.status} />
            <Figure name="held" label="Held by running calls" value={credits(d.held)} />
            <Figure name="ledger-balance" label="Ledger balance" value={credits(d.ledgerBalance)} />
            <Figure name="plan" label="Plan" value={d.plan?.id ?? 'none'} />
          </div>
          <LastChange accountId={d.account.id} round={round} />
          <Section id="usage" title="Usage, last 30 days">
            <AccountUsageCharts accountId={d.account.id} round={round} />
          </Section>
          <Section id="credits" title="Credits">
            <GrantsTable grants={d.grants} />
            <h3>Grant or adjust credits</h3>
            <CreditsForm detail={d} onChanged={changed} />
          </Section>
          <Section id="plan" title="Plan and period">
            <PlanAndPeriod detail={d} />
            <PlanForm detail={d} onChanged={changed} />
          </Section>
          <Section id="status" title={`Status: ${d.account.status}`}>
            <StatusForm detail={d} onChanged={changed} />
          </Section>
          <Section id="keys" title={`Keys (${d.counts.activeKeys} active of ${d.counts.keys})`}>
            <AccountKeys detail={d} onChanged={changed} />
          </Section>
          <Section id="oauth" title="OAuth grants">
            <OAuthGrants accountId={d.account.id} accountName={d.account.name} round={round} onChanged={changed} />
          </Section>
          <Section id="ledger" title="Ledger">
            <AccountLedger accountId={d.account.id} round={round} onExported={changed} />
          </Section>
        </>
      )}
    </Loading>
  );
}
