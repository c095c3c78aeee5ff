import type { AccountDetail, KeyView, NewKey } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { CopyButton } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { when } from '../../format';

interface Props {
  detail: AccountDetail;
  onChanged: () => void;
}

/** The account's keys (prefixes, never secrets), each working one revocable; a new key, shown once. */
export function AccountKeys({ detail, onChanged }: Props) {
  const keys = detail.keys;
  return (
    <>
      <table data-table="keys">
        <caption>Keys of “{detail.account.name}”: prefixes only, revoked ones included</caption>
        <thead>
          <tr>
            <th scope="col">Prefix</th>
            <th scope="col">Label</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-key={k.id} data-prefix={k.prefix}>
              <th scope="row">
                <code>{k.prefix}…</code>
              </th>
              <td>{k.label ?? '—'}</td>
              <td>{k.scopes.join(', ')}</td>
              <td>{when(k.createdAt)}</td>
              <td>{k.lastUsedAt === undefined ? 'not reported' : k.lastUsedAt ? when(k.lastUsedAt) : 'never'}</td>
              <td>{k.revokedAt ? `revoked ${when(k.revokedAt)}` : <RevokeKey account={detail.account.name} keyView={k} onChanged={onChanged} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NewKeyForm detail={detail} onChanged={onChanged} />
    </>
  );
}

function RevokeKey({ account, keyView, onChanged }: { account: string; keyView: KeyView; onChanged: () => void }) {
  return (
    <>
      active{' '}
      <ConfirmButton
        label={`Revoke ${keyView.prefix}…`}
        danger
        says={
          <p>
            Revokes the key {keyView.prefix}…{keyView.label ? ` (“${keyView.label}”)` : ''} of “{account}”: every request with it gets 401 from now on. This
            cannot be undone.
          </p>
        }
        act={async () => {
          await api<KeyView>('DELETE', `/api/v1/admin/keys/${keyView.id}`);
          onChanged();
        }}
      />
    </>
  );
}

/** POST accounts/:id/keys {scopes, label?}: the new key's secret shown this once, with a copy button. */
function NewKeyForm({ detail, onChanged }: Props) {
  const [label, setLabel] = useState('');
  const [admin, setAdmin] = useState(false);
  const [created, setCreated] = useState<NewKey | null>(null);
  const scopes = admin ? ['tools', 'admin'] : ['tools'];
  return (
    <>
      <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label="New key">
        <div>
          <label for="key-label">Label (optional)</label>
          <input id="key-label" value={label} maxLength={100} onInput={(e) => setLabel(e.currentTarget.value)} />
        </div>
        <div>
          <span>
            <input id="key-admin" type="checkbox" checked={admin} onChange={(e) => setAdmin(e.currentTarget.checked)} />{' '}
            <label for="key-admin">Admin scope too</label>
          </span>
        </div>
        <ConfirmButton
          label="Create a key"
          says={
            <p>
              Creates a key for “{detail.account.name}” with the scopes {scopes.join(' and ')}
              {label.trim() ? `, labelled “${label.trim()}”` : ''}
              {admin ? ': it can use the admin API, every account included' : ''}. Its secret is shown once, here.
            </p>
          }
          act={async () => {
            const body = label.trim() ? { scopes, label: label.trim() } : { scopes };
            setCreated(await api<NewKey>('POST', `/api/v1/admin/accounts/${detail.account.id}/keys`, body));
            setLabel('');
            setAdmin(false);
            onChanged();
          }}
        />
      </form>
      {created && (
        <div class="new-key" role="status" data-new-key={created.keyId}>
          <p>
            New key {created.prefix}… ({created.scopes.join(', ')}), shown this once (copy it now):
          </p>
          <p>
            <code data-secret>{created.apiKey}</code> <CopyButton text={created.apiKey} label="Copy the key" />{' '}
            <button type="button" onClick={() => setCreated(null)}>
              Hide it
            </button>
          </p>
        </div>
      )}
    </>
  );
}
