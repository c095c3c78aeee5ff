import type { OwnPlan, PlanChangeAnswer, PlanView } from '@scout-api/client';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { Loading, Section } from '../../components/bits';
import { ConfirmButton } from '../../components/confirm';
import { credits, day, when } from '../../format';
import type { Loaded } from '../../load';
import { monthAfter, usd } from './types';

/** The plan, its current period and renewal, the periods charged, and a plan change or cancel behind a confirmation. */
export function PlanSection({ plan, onChanged }: { plan: Loaded<OwnPlan>; onChanged: () => void }) {
  return (
    <Section title="Plan" id="plan">
      <Loading state={plan}>{(state) => <PlanBody state={state} onChanged={onChanged} />}</Loading>
    </Section>
  );
}

function PlanBody({ state, onChanged }: { state: OwnPlan; onChanged: () => void }) {
  const current = state.plan;
  const others = state.available.filter((p) => p.id !== current?.id);
  const [choice, setChoice] = useState<string>('');
  // What the select shows: the holder's choice while it is another plan, else the first other plan.
  const picked = others.some((p) => p.id === choice) ? choice : (others[0]?.id ?? '');
  const next = others.find((p) => p.id === picked) ?? null;
  const change = async (to: string | null) => {
    if (to === null) await api<PlanChangeAnswer>('DELETE', '/api/v1/me/plan');
    else await api<PlanChangeAnswer>('PUT', '/api/v1/me/plan', { plan: to });
    onChanged();
  };

  return (
    <>
      {current ? (
        <p data-plan={current.id}>
          <strong>{current.name}</strong>: {usd(current.priceUsd)} a month for {credits(current.creditsPerMonth)} credits ({credits(current.callsPerMonth)}{' '}
          calls at the base price).
          {state.period && (
            <>
              {' '}
              The current period runs from {when(state.period.startsAt)} to {when(state.period.endsAt)}
            </>
          )}
          {state.renewsAt && <> and renews on {when(state.renewsAt)}</>}.
        </p>
      ) : (
        <p data-plan="none">No plan: pay as you go. A plan grants its credits each month, starting the moment you pick it; credits never expire.</p>
      )}

      {others.length > 0 && (
        <form class="inline" onSubmit={(e) => e.preventDefault()}>
          <div>
            <label for="plan-pick">{current ? 'Change to' : 'Pick a plan'}</label>
            <select id="plan-pick" value={picked} onChange={(e) => setChoice(e.currentTarget.value)}>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}: {usd(p.priceUsd)} a month, {credits(p.creditsPerMonth)} credits
                </option>
              ))}
            </select>
          </div>
          <ConfirmButton
            label={current ? 'Change plan' : 'Pick plan'}
            disabled={!next}
            says={next && <ChangeSays from={current} to={next} />}
            act={() => change(picked)}
          />
          {current && (
            <ConfirmButton
              label="Cancel plan"
              danger
              says={
                <p>
                  {current.name} stops now: no more periods and no more monthly credits
                  {state.renewsAt ? ` (it would have renewed on ${when(state.renewsAt)})` : ''}. Credits already granted stay spendable; the current period's
                  charge of {usd(state.period?.chargeUsd ?? current.priceUsd)} stands.
                </p>
              }
              act={() => change(null)}
            />
          )}
        </form>
      )}

      {state.periods.length > 0 && (
        <table data-table="plan-periods">
          <caption>Billing periods, newest first (the last 12)</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" class="num">
                Credits
              </th>
              <th scope="col" class="num">
                Charge
              </th>
            </tr>
          </thead>
          <tbody>
            {state.periods.map((p) => (
              <tr key={p.id}>
                <td>{state.available.find((a) => a.id === p.plan)?.name ?? p.plan}</td>
                <td>{when(p.startsAt)}</td>
                <td>{when(p.endsAt)}</td>
                <td class="num">{credits(p.credits)}</td>
                <td class="num">{usd(p.chargeUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** What a plan change does, said before it does it (docs/ledger.md, "Plans, periods and charges"). */
function ChangeSays({ from, to }: { from: PlanView | null; to: PlanView }) {
  const now = new Date();
  return (
    <>
      <p>
        {from ? `Your plan changes from ${from.name} to ${to.name} now.` : `You pick ${to.name} now.`} A new period starts at once and runs until{' '}
        {day(monthAfter(now).toISOString())} (UTC), then renews monthly.
      </p>
      <ul>
        <li>
          <strong>{credits(to.creditsPerMonth)} credits</strong> are granted at once (they never expire).
        </li>
        <li>
          <strong>{usd(to.priceUsd)}</strong> is charged for the new period.
        </li>
        {from && <li>Credits left from {from.name} stay; its current period's charge stands (no proration).</li>}
      </ul>
    </>
  );
}
