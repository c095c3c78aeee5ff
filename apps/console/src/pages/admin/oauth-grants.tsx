import type { OAuthGrantList, OAuthGrantView } from '@scout-api/client';
import { api, get } from '../../api';
import { Loading } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { when } from '../../format';
import { useLoad } from '../../load';

/** GET accounts/:id/oauth-grants (revoked ones too); DELETE /api/v1/admin/oauth-grants/:grantId. */
export function OAuthGrants({ accountId, accountName, round, onChanged }: { accountId: string; accountName: string; round: number; onChanged: () => void }) {
  const grants = useLoad(() => get<OAuthGrantList>(`/api/v1/admin/accounts/${accountId}/oauth-grants`), [accountId, round]);
  return (
    <Loading state={grants}>
      {({ grants: list }) =>
        list.length === 0 ? (
          <p class="muted">No app has signed in to this account with OAuth.</p>
        ) : (
          <table data-table="oauth-grants">
            <caption>Apps signed in to “{accountName}” with OAuth, newest first</caption>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Scopes</th>
                <th scope="col">Approved with key</th>
                <th scope="col">Approved</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {list.map((g) => (
                <tr key={g.id} data-grant={g.id}>
                  <th scope="row">
                    {g.client.name ?? g.client.id} <span class="muted">({g.client.kind})</span>
                  </th>
                  <td>{g.scopes.join(', ')}</td>
                  <td>
                    <code>{g.key.prefix}…</code>
                  </td>
                  <td>{when(g.createdAt)}</td>
                  <td>{when(g.lastUsedAt)}</td>
                  <td>
                    {g.revokedAt ? (
                      `revoked ${when(g.revokedAt)} (${g.revokedReason ?? 'unknown'})`
                    ) : (
                      <RevokeGrant grant={g} accountName={accountName} onChanged={onChanged} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </Loading>
  );
}

function RevokeGrant({ grant, accountName, onChanged }: { grant: OAuthGrantView; accountName: string; onChanged: () => void }) {
  const app = grant.client.name ?? grant.client.id;
  return (
    <>
      active{' '}
      <ConfirmButton
        label={`Revoke ${app}`}
        danger
        says={
          <p>
            Revokes the OAuth grant of {app} on “{accountName}”: its access and refresh tokens stop working at once, and the app must be signed in again to
            reconnect.
          </p>
        }
        act={async () => {
          await api<OAuthGrantView>('DELETE', `/api/v1/admin/oauth-grants/${grant.id}`);
          onChanged();
        }}
      />
    </>
  );
}
