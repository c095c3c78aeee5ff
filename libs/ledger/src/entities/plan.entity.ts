import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'plans' })
export class PlanEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'price_usd', type: 'numeric' }) priceUsd: string;
  @Column({ name: 'calls_per_month', type: 'integer' }) callsPerMonth: number;
  @Column({ name: 'credits_per_month', type: 'bigint' }) creditsPerMonth: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** How a plan appears in API answers: USD as a number, credits and calls per month. */
export interface PlanView {
  /** The plan's id, e.g. starter, growth or pro. */
  id: string;
  /** The plan's display name, e.g. Starter. */
  name: string;
  /** Price per month, in USD. */
  priceUsd: number;
  /** Calls of the base price (250 credits) the plan adds per month: creditsPerMonth in calls. */
  callsPerMonth: number;
  /** Credits the plan adds each month (each plan period). */
  creditsPerMonth: number;
}

export function planView(plan: PlanEntity): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    priceUsd: Number(plan.priceUsd),
    callsPerMonth: plan.callsPerMonth,
    creditsPerMonth: plan.creditsPerMonth,
  };
}
