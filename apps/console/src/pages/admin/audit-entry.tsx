import type { AuditEntryView, JsonValue } from '@scout-api/client';
import { credits, when } from '../../format';
import { href } from '../../router';

type Details = AuditEntryView['details'];

const text = (v: JsonValue | undefined): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
const num = (v: JsonValue | undefined): number => (typeof v === 'number' ? v : Number(v ?? 0));
const because = (d: Details) => (d.reason ? `; reason: ${text(d.reason)}` : '');

/** What an audit entry changed, in one sentence, from its action and details as the API records them. */
export function changeSentence(entry: AuditEntryView): string {
  const d = entry.details;
  switch (entry.action) {
    case 'account.create':
      return `Account "${text(d.name)}" created${d.plan ? ` on the ${text(d.plan)} plan` : ''}, first key ${text(d.keyPrefix)}…`;
    case 'account.suspend':
      return `Account suspended: active → suspended${because(d)}`;
    case 'account.reactivate':
      return `Account reactivated: suspended → active${because(d)}`;
    case 'key.create':
      return `Key ${text(d.prefix)}… created with scopes ${(Array.isArray(d.scopes) ? d.scopes : []).map(text).join(', ')}${d.label ? `, label "${text(d.label)}"` : ''}`;
    case 'key.revoke':
      return `Key ${text(d.prefix)}… revoked${d.alreadyRevoked ? ' (it already was)' : ''}`;
    case 'plan.change':
    case 'plan.cancel':
      return `Plan ${text(d.from) || 'none'} → ${text(d.to) || 'none'}${because(d)}`;
    case 'credits.grant':
    case 'credits.topup':
    case 'credits.adjust': {
      const n = num(d.credits);
      return `${n > 0 ? '+' : '−'}${credits(Math.abs(n))} credits (${text(d.kind)})${d.expiresAt ? `, expiring ${when(text(d.expiresAt))}` : ''}${because(d)}`;
    }
    case 'ledger.export':
      return `Ledger exported as CSV (${text(d.scope)}), ${when(text(d.from))} to ${when(text(d.to))}`;
    case 'oauth_grant.revoke':
      return `OAuth grant of ${text(d.client)} revoked${d.alreadyRevoked ? ' (it already was)' : ''}`;
    default:
      return entry.action;
  }
}

/** The entry's recorded details, each as the API gives it. */
export function DetailList({ details }: { details: Details }) {
  const names = Object.keys(details);
  if (names.length === 0) return null;
  return (
    <dl class="details">
      {names.map((name) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{details[name] === null ? '—' : text(details[name])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One audit entry in full: what changed, who, when, on what; used by the audit log and the "Last change" box. */
export function AuditEntryCard({ entry }: { entry: AuditEntryView }) {
  return (
    <div class="audit-entry" data-audit-entry={entry.id} data-action={entry.action}>
      <p>
        <strong>{entry.action}</strong> — <span data-change>{changeSentence(entry)}</span>
      </p>
      <p class="muted">
        #{entry.id}, {when(entry.createdAt)}, by <a href={href(['admin', 'audit'], { actor: entry.actor })}>{entry.actor}</a>
        {entry.target && <>, on {entry.target}</>}
      </p>
      <DetailList details={entry.details} />
    </div>
  );
}
