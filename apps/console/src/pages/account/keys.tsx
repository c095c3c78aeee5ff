import type { KeyView, NewKey, OwnKeyList, OwnKeyView } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { api, get } from '../../api';
import { CopyButton, ErrorNote, Loading, Section } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { when } from '../../format';
import { describe, useLoad } from '../../load';

/**
 * The account's keys (prefixes only: Scout keeps no secret it could show again), a new key shown
 * once in a marked box (gone when the page is left), and a revoke behind a confirmation.
 */
export function KeysSection({ round }: { round: number }) {
  const keys = useLoad(() => get<OwnKeyList>('/api/v1/me/keys'), [round]);
  const [created, setCreated] = useState<NewKey | null>(null);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const text = label.trim();
      setCreated(await api<NewKey>('POST', '/api/v1/me/keys', text ? { label: text } : {}));
      setLabel('');
      keys.reload();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="API keys" id="keys">
      <form class="inline" onSubmit={(e) => void create(e)} autocomplete="off">
        <div>
          <label for="key-label">Label for a new key (optional)</label>
          <input id="key-label" name="label" maxLength={100} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Create key
        </button>
      </form>
      <ErrorNote error={error} />
      {created && <NewKeyBox created={created} onDone={() => setCreated(null)} />}
      <Loading state={keys}>{(list) => <KeysTable keys={list.keys} onRevoked={keys.reload} />}</Loading>
    </Section>
  );
}

function NewKeyBox({ created, onDone }: { created: NewKey; onDone: () => void }) {
  return (
    <div class="new-key" data-new-key={created.keyId} role="region" aria-labelledby="new-key-title">
      <h3 id="new-key-title">Your new key: copy it now</h3>
      <p>
        Scout shows this key <strong>once</strong>: it is not stored anywhere it could be shown again, and it disappears from this page when you leave it. Keep
        it in your secret store.
      </p>
      <p>
        <code data-new-key-secret>{created.apiKey}</code> <CopyButton text={created.apiKey} label="Copy the key" />
      </p>
      <p class="muted">
        Prefix {created.prefix}, scopes {created.scopes.join(', ')}.{' '}
        <button type="button" onClick={onDone}>
          I have saved it: hide it
        </button>
      </p>
    </div>
  );
}

function KeysTable({ keys, onRevoked }: { keys: OwnKeyView[]; onRevoked: () => void }) {
  const active = keys.filter((k) => !k.revokedAt).length;
  return (
    <table data-table="keys">
      <caption>The account's keys, oldest first; revoked ones included</caption>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Prefix</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">State</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} data-key={key.id} data-current={key.current ? 'true' : undefined}>
            <td>
              {key.label ?? <span class="muted">no label</span>}
              {key.current && <strong class="tag"> (this tab's key)</strong>}
            </td>
            <td>
              <code>{key.prefix}…</code>
            </td>
            <td>{key.scopes.join(', ')}</td>
            <td>{when(key.createdAt)}</td>
            <td>{key.lastUsedAt === undefined ? '—' : key.lastUsedAt === null ? 'never' : when(key.lastUsedAt)}</td>
            <td>{key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active'}</td>
            <td>{!key.revokedAt && <RevokeKey keyRow={key} last={active === 1} onRevoked={onRevoked} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RevokeKey({ keyRow, last, onRevoked }: { keyRow: OwnKeyView; last: boolean; onRevoked: () => void }) {
  if (last) return <span class="muted">last active key: create another to revoke it</span>;
  const name = keyRow.label ? `“${keyRow.label}” (${keyRow.prefix}…)` : `${keyRow.prefix}…`;
  return (
    <ConfirmButton
      label={`Revoke key ${keyRow.prefix}…`}
      danger
      says={
        <>
          <p>The key {name} stops working at once: every call made with it is refused (401) from now on. This cannot be undone.</p>
          {keyRow.current && <p class="error">This is the key this tab is signed in with: revoking it signs you out of the console.</p>}
        </>
      }
      act={async () => {
        await api<KeyView>('DELETE', `/api/v1/me/keys/${encodeURIComponent(keyRow.id)}`);
        onRevoked();
      }}
    />
  );
}
