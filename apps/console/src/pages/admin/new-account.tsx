import type { CreatedAccount } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { CopyButton } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { href } from '../../router';
import { PLAN_IDS } from './types';

/** POST /api/v1/admin/accounts: a new account with its free grant and first key, the key shown once. */
export function NewAccount() {
  const [name, setName] = useState('');
  const [plan, setPlan] = useState('');
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const trimmed = name.trim();
  return (
    <>
      <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label="New account">
        <div>
          <label for="new-account-name">Name</label>
          <input id="new-account-name" value={name} maxLength={200} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <div>
          <label for="new-account-plan">Plan</label>
          <select id="new-account-plan" value={plan} onChange={(e) => setPlan(e.currentTarget.value)}>
            <option value="">none (pay-as-you-go)</option>
            {PLAN_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
        <ConfirmButton
          label="Create account"
          disabled={trimmed === ''}
          says={
            <p>
              Creates the account “{trimmed}”{plan ? ` on the ${plan} plan (its first period starts now, with its credits and its charge)` : ' without a plan'},
              with the free grant and a first key with the tools scope. The key is shown once, here.
            </p>
          }
          act={async () => {
            setCreated(await api<CreatedAccount>('POST', '/api/v1/admin/accounts', plan ? { name: trimmed, plan } : { name: trimmed }));
            setName('');
          }}
        />
      </form>
      {created && (
        <div class="new-key" role="status" data-new-account={created.account.id}>
          <p>
            Account <a href={href(['admin', 'accounts', created.account.id])}>{created.account.name}</a> created. Its first key, shown this once (copy it now):
          </p>
          <p>
            <code data-secret>{created.apiKey}</code> <CopyButton text={created.apiKey} label="Copy the key" />
          </p>
        </div>
      )}
    </>
  );
}
