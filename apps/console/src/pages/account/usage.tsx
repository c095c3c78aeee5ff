import type { AccountUsage } from '@scout-api/client';
import { Loading, Section } from '../../components/bits';
import { UsageCharts } from '../../components/usage-charts';
import { credits, when } from '../../format';
import type { Loaded } from '../../load';
import { PERIOD_CHOICES, type PeriodChoice } from './types';

/** Net usage of a period (refunds deducted), by tool, by channel and by day, as charts with their figures. */
export function UsageSection({ usage, choice, onChoose }: { usage: Loaded<AccountUsage>; choice: PeriodChoice; onChoose: (c: PeriodChoice) => void }) {
  return (
    <Section title="Usage" id="usage">
      <form class="inline" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label for="usage-period">Period</label>
          <select id="usage-period" value={choice} onChange={(e) => onChoose(e.currentTarget.value as PeriodChoice)}>
            {PERIOD_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <Loading state={usage}>{(u) => <UsageBody usage={u} />}</Loading>
    </Section>
  );
}

function UsageBody({ usage }: { usage: AccountUsage }) {
  return (
    <>
      <p data-usage-period={`${usage.from}/${usage.to}`}>
        From {when(usage.from)} to {when(usage.to)}: <strong data-usage-total-calls={usage.total.calls}>{credits(usage.total.calls)} calls</strong> for{' '}
        <strong data-usage-total-credits={usage.total.credits}>{credits(usage.total.credits)} credits</strong>, refunds deducted.
      </p>
      <UsageCharts usage={usage} />
    </>
  );
}
