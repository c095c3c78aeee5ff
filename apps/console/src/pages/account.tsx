import type { AccountUsage, MeSummary, OwnPlan } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { get, query } from '../api';
import { useLoad } from '../load';
import { BalanceSection } from './account/balance';
import { ConnectSection } from './account/connect';
import { KeysSection } from './account/keys';
import { LedgerSection } from './account/ledger';
import { OAuthGrantsSection } from './account/oauth-grants';
import { PlanSection } from './account/plan';
import { periodOf, type PeriodChoice } from './account/types';
import { UsageSection } from './account/usage';
import './account/account.css';

/**
 * The account dashboard (any key with the tools scope, all over /api/v1/me): balance and grants,
 * plan and period, usage as charts, the ledger with its CSV export, keys, OAuth grants, and how to
 * connect. "Refresh" (and any change made here) reads everything again.
 */
export function AccountPage() {
  const [round, setRound] = useState(0);
  const refresh = () => setRound((r) => r + 1);
  const [choice, setChoice] = useState<PeriodChoice>('current');

  const me = useLoad(() => get<MeSummary>('/api/v1/me'), [round]);
  const plan = useLoad(() => get<OwnPlan>('/api/v1/me/plan'), [round]);
  const usage = useLoad(() => get<AccountUsage>(`/api/v1/me/usage${query({ ...periodOf(choice) })}`), [round, choice]);
  const busy = me.loading || plan.loading || usage.loading;

  return (
    <div class="account" data-page="account">
      <div class="account-head">
        <h1>{me.data ? `Account: ${me.data.account.name}` : 'Account'}</h1>
        <button type="button" onClick={refresh} disabled={busy}>
          Refresh
        </button>
        <span class="muted" role="status">
          {busy ? 'Reading…' : ''}
        </span>
      </div>
      {me.data?.account.status === 'suspended' && (
        <p role="alert" class="error">
          This account is suspended: Scout refuses every call made with its keys. Ask support to reactivate it.
        </p>
      )}
      <BalanceSection me={me} round={round} />
      <PlanSection plan={plan} onChanged={refresh} />
      <UsageSection usage={usage} choice={choice} onChoose={setChoice} />
      <LedgerSection round={round} accountId={me.data?.account.id ?? null} period={usage.data} />
      <KeysSection round={round} />
      <OAuthGrantsSection round={round} />
      <ConnectSection usage={usage.data} me={me.data} />
    </div>
  );
}
