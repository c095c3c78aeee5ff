import type { AccountUsage } from '@scout-api/client';
import { get } from '../../api';
import { Loading } from '../../components/bits';
import { UsageCharts } from '../../components/usage-charts';
import { credits, day } from '../../format';
import { useLoad } from '../../load';
import { Figure } from './paging';

/** GET accounts/:id/usage (the 30 UTC days ending today): net calls and credits by tool, channel and day. */
export function AccountUsageCharts({ accountId, round }: { accountId: string; round: number }) {
  const usage = useLoad(() => get<AccountUsage>(`/api/v1/admin/accounts/${accountId}/usage`), [accountId, round]);
  return (
    <Loading state={usage}>
      {(u) => {
        return (
          <>
            <p class="muted">
              From {day(u.from)} to {day(u.to)} (UTC), net of refunds.
            </p>
            <div class="figures">
              <Figure name="usage-calls" label="Calls" value={credits(u.total.calls)} />
              <Figure name="usage-credits" label="Credits" value={credits(u.total.credits)} />
            </div>
            <UsageCharts usage={u} />
          </>
        );
      }}
    </Loading>
  );
}
