import type { AccountDetail, AccountStatusChange, CreditsMoved, PlanChangeAnswer } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { ConfirmButton } from '../../components/confirm';
import { credits, when } from '../../format';
import { PLAN_IDS } from './types';

interface Props {
  detail: AccountDetail;
  /** Called once an action is done: the page reads the account and its last audit entry again. */
  onChanged: () => void;
}

const KINDS = {
  grant: 'grant: complimentary credits (a free grant)',
  topup: 'topup: prepaid credits',
  adjustment: 'adjustment: add or remove credits',
} as const;
type Kind = keyof typeof KINDS;

/** POST accounts/:id/credits {credits, kind, reason, expiresAt?}: grant, top up or adjust, with a reason. */
export function CreditsForm({ detail, onChanged }: Props) {
  const { account } = detail;
  const [kind, setKind] = useState<Kind>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [expires, setExpires] = useState('');
  const n = Number(amount);
  const problem =
    amount.trim() === '' || !Number.isInteger(n) || n === 0
      ? 'Enter a whole number of credits.'
      : kind !== 'adjustment' && n < 0
        ? `A ${kind} adds credits: use an adjustment to remove some.`
        : n < 0 && expires
          ? 'Removed credits have no expiry.'
          : reason.trim() === ''
            ? 'Say why: the reason goes into the ledger and the audit log.'
            : null;
  const expiresAt = expires ? `${expires}T00:00:00.000Z` : undefined;
  const label = n < 0 ? 'Remove credits' : kind === 'grant' ? 'Grant credits' : kind === 'topup' ? 'Add a top-up' : 'Add credits';
  const expiry = expiresAt ? `expiring ${when(expiresAt)}` : kind === 'topup' ? 'expiring after the top-up period (TOPUP_EXPIRY_MONTHS)' : 'never expiring';
  return (
    <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label="Grant or adjust credits">
      <div>
        <label for="credits-kind">Kind</label>
        <select id="credits-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
          {Object.entries(KINDS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="credits-amount">Credits</label>
        <input id="credits-amount" type="number" step={1} value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
      </div>
      <div>
        <label for="credits-reason">Reason</label>
        <input id="credits-reason" value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      <div>
        <label for="credits-expires">Expires (UTC day, optional)</label>
        <input id="credits-expires" type="date" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
      </div>
      <ConfirmButton
        label={label}
        disabled={problem !== null}
        danger={n < 0}
        says={
          n < 0 ? (
            <p>
              Removes {credits(-n)} credits from “{account.name}”: its balance goes from {credits(account.balance)} to {credits(account.balance + n)} (never
              below zero: removing more is refused). Reason: “{reason.trim()}”.
            </p>
          ) : (
            <p>
              Adds {credits(n)} credits ({kind}, {expiry}) to “{account.name}”: its balance goes from {credits(account.balance)} to{' '}
              {credits(account.balance + n)}. Reason: “{reason.trim()}”.
            </p>
          )
        }
        act={async () => {
          await api<CreditsMoved>('POST', `/api/v1/admin/accounts/${account.id}/credits`, { credits: n, kind, reason: reason.trim(), expiresAt });
          setAmount('');
          setReason('');
          setExpires('');
          onChanged();
        }}
      />
      {problem && amount !== '' && <p class="muted">{problem}</p>}
    </form>
  );
}

/** PUT accounts/:id/plan {plan, reason?} or DELETE accounts/:id/plan. */
export function PlanForm({ detail, onChanged }: Props) {
  const { account } = detail;
  const current = detail.plan?.id ?? '';
  const [plan, setPlan] = useState(current);
  const [reason, setReason] = useState('');
  const from = current || 'no plan';
  return (
    <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label="Change the plan">
      <div>
        <label for="plan-id">Plan</label>
        <select id="plan-id" value={plan} onChange={(e) => setPlan(e.currentTarget.value)}>
          <option value="">no plan (pay-as-you-go)</option>
          {PLAN_IDS.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="plan-reason">Reason (optional)</label>
        <input id="plan-reason" value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      <ConfirmButton
        label={plan ? 'Change the plan' : 'Cancel the plan'}
        disabled={plan === current}
        says={
          plan ? (
            <p>
              Changes the plan of “{account.name}” from {from} to {plan}: a new period starts now, granting its credits and charging its price.
            </p>
          ) : (
            <p>
              Cancels the {from} plan of “{account.name}”: no more monthly grants; its balance of {credits(account.balance)} credits stays.
            </p>
          )
        }
        act={async () => {
          const path = `/api/v1/admin/accounts/${account.id}/plan`;
          if (plan) await api<PlanChangeAnswer>('PUT', path, reason.trim() ? { plan, reason: reason.trim() } : { plan });
          else await api<PlanChangeAnswer>('DELETE', path);
          setReason('');
          onChanged();
        }}
      />
    </form>
  );
}

/** POST accounts/:id/suspend or /reactivate {reason?}. */
export function StatusForm({ detail, onChanged }: Props) {
  const { account } = detail;
  const [reason, setReason] = useState('');
  const suspended = account.status === 'suspended';
  return (
    <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label={suspended ? 'Reactivate the account' : 'Suspend the account'}>
      <div>
        <label for="status-reason">Reason (optional)</label>
        <input id="status-reason" value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
      </div>
      <ConfirmButton
        label={suspended ? 'Reactivate the account' : 'Suspend the account'}
        danger={!suspended}
        says={
          suspended ? (
            <p>Reactivates “{account.name}”: its status goes from suspended to active, and its keys that are not revoked work again.</p>
          ) : (
            <p>
              Suspends “{account.name}”: its status goes from active to suspended, and every key of the account and every OAuth token it approved get 401 until
              it is reactivated.
            </p>
          )
        }
        act={async () => {
          const body = reason.trim() ? { reason: reason.trim() } : {};
          await api<AccountStatusChange>('POST', `/api/v1/admin/accounts/${account.id}/${suspended ? 'reactivate' : 'suspend'}`, body);
          setReason('');
          onChanged();
        }}
      />
    </form>
  );
}
