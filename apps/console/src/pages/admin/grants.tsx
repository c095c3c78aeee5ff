import type { GrantView } from '@scout-api/client';
import { credits, when } from '../../format';

/** Where the account's credits came from and what is left of each grant, newest first. */
export function GrantsTable({ grants }: { grants: GrantView[] }) {
  if (grants.length === 0) return <p class="muted">No grants.</p>;
  // Newest first whatever order the answer lists them in.
  const newestFirst = [...grants].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <table data-table="grants">
      <caption>Grants, newest first: what each added, what is left of it, and when that expires</caption>
      <thead>
        <tr>
          <th scope="col">Granted</th>
          <th scope="col">Kind</th>
          <th scope="col" class="num">
            Credits
          </th>
          <th scope="col" class="num">
            Remaining
          </th>
          <th scope="col">Expires</th>
          <th scope="col">Reason, by</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((g) => (
          <tr key={g.id} data-grant-id={g.id}>
            <th scope="row">{when(g.createdAt)}</th>
            <td>{g.kind}</td>
            <td class="num">{credits(g.credits)}</td>
            <td class="num">{credits(g.remaining)}</td>
            <td>{g.expiresAt ? when(g.expiresAt) : 'never'}</td>
            <td>{[g.reason, g.actor].filter(Boolean).join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
