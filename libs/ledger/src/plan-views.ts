import type { PlanChangeEntity, PlanPeriodEntity, PlanView } from './entities';
import { planView } from './entities';
import type { PlanChangeResult, PlanState } from './plan.service';

/** How plan rows appear in the self-service and admin answers: ISO times, USD as numbers. */

/** One plan change: a pick, a change or a cancel. */
export interface PlanChangeView {
  /** Change id, increasing with time. */
  id: number;
  /** The plan before, or null when the account had none. */
  from: string | null;
  /** The plan after, or null for a cancel. */
  to: string | null;
  /** When it took effect (ISO 8601). */
  effectiveAt: string;
  /** Who asked: `key:<id>` of the caller's or an admin's key, `system` for Scout itself. */
  actor: string;
  /** Why, as the caller or admin said (self-service changes say `self-service`), or null. */
  reason: string | null;
}

/** One billing period of a plan, with its charge and the grant of its credits. */
export interface PlanPeriodView {
  /** Period id, increasing with time. */
  id: number;
  /** The plan's id. */
  plan: string;
  /** 0 for the period a change opened, then 1, 2, ... as the plan renews. */
  index: number;
  /** Start, inclusive (ISO 8601). */
  startsAt: string;
  /** End, exclusive (ISO 8601). */
  endsAt: string;
  /** What the period costs, in USD. */
  chargeUsd: number;
  /** Credits the period granted. */
  credits: number;
  /** The grant holding those credits (UUID). */
  grantId: string;
}

/** An account's plan now: the plan, its current period and when it renews. */
export interface PlanStateView {
  /** The plan, or null on pay-as-you-go. */
  plan: PlanView | null;
  /** The current period, or null without a plan. */
  period: PlanPeriodView | null;
  /** When the plan next renews (ISO 8601), or null without a plan. */
  renewsAt: string | null;
}

/** The answer to a plan pick, change or cancel. */
export interface PlanChangeAnswer extends PlanStateView {
  /** False when the account already had that plan (or none, for a cancel): nothing was written. */
  changed: boolean;
  /** The change written, or null when nothing changed. */
  change: PlanChangeView | null;
  /** Credits the account can spend after the change. */
  balance: number;
}

export function planChangeView(change: PlanChangeEntity): PlanChangeView {
  return {
    id: change.id,
    from: change.fromPlan,
    to: change.toPlan,
    effectiveAt: change.effectiveAt.toISOString(),
    actor: change.actor,
    reason: change.reason,
  };
}

export function planPeriodView(period: PlanPeriodEntity): PlanPeriodView {
  return {
    id: period.id,
    plan: period.planId,
    index: period.periodIndex,
    startsAt: period.startsAt.toISOString(),
    endsAt: period.endsAt.toISOString(),
    chargeUsd: Number(period.priceUsd),
    credits: period.credits,
    grantId: period.grantId,
  };
}

/** The plan part of an account answer: the plan, the current period and when it renews. */
export function planStateView(state: PlanState): PlanStateView {
  return {
    plan: state.plan && planView(state.plan),
    period: state.period && state.plan ? planPeriodView(state.period) : null,
    renewsAt: state.renewsAt?.toISOString() ?? null,
  };
}

/** The answer to a plan pick, change or cancel: what changed, the plan now, and the balance. */
export function planChangeAnswer(result: PlanChangeResult, state: PlanState, balance: number): PlanChangeAnswer {
  return { changed: result.changed, ...planStateView(state), change: result.change && planChangeView(result.change), balance };
}
