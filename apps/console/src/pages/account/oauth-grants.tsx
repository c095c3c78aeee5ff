import type { OAuthGrantList, OAuthGrantView } from '@scout-api/client';
import { api, get } from '../../api';
import { Loading, Section } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { when } from '../../format';
import { useLoad } from '../../load';

/** The agents signed in through OAuth (MCP clients the holder approved), each withdrawn behind a confirmation. */
export function OAuthGrantsSection({ round }: { round: number }) {
  const grants = useLoad(() => get<OAuthGrantList>('/api/v1/me/oauth-grants'), [round]);
  return (
    <Section title="Agents signed in (OAuth)" id="oauth">
      <p class="muted">
        Apps such as Claude or Cursor that signed in through the browser with one of your keys. Each acts for this account until you revoke it.
      </p>
      <Loading state={grants}>
        {(list) =>
          list.grants.length === 0 ? (
            <p class="muted">No agent is signed in.</p>
          ) : (
            <table data-table="oauth-grants">
              <caption>Standing OAuth grants, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">App</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Approved with</th>
                  <th scope="col">Approved</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {list.grants.map((grant) => (
                  <GrantRow key={grant.id} grant={grant} onRevoked={grants.reload} />
                ))}
              </tbody>
            </table>
          )
        }
      </Loading>
    </Section>
  );
}

function GrantRow({ grant, onRevoked }: { grant: OAuthGrantView; onRevoked: () => void }) {
  const name = grant.client.name ?? grant.client.id;
  return (
    <tr data-oauth-grant={grant.id}>
      <td>
        {name}
        {grant.client.name && <div class="muted small">{grant.client.id}</div>}
      </td>
      <td>{grant.scopes.join(', ')}</td>
      <td>
        <code>{grant.key.prefix}…</code>
      </td>
      <td>{when(grant.createdAt)}</td>
      <td>{grant.lastUsedAt ? when(grant.lastUsedAt) : 'never'}</td>
      <td>
        {grant.revokedAt ? (
          `revoked ${when(grant.revokedAt)}`
        ) : (
          <ConfirmButton
            label={`Revoke ${name}`}
            danger
            says={
              <p>
                {name} loses access to this account: its access and refresh tokens stop working within seconds, and it has to sign in again (with a key) to come
                back. Your keys are not touched.
              </p>
            }
            act={async () => {
              await api<OAuthGrantView>('DELETE', `/api/v1/me/oauth-grants/${encodeURIComponent(grant.id)}`);
              onRevoked();
            }}
          />
        )}
      </td>
    </tr>
  );
}
