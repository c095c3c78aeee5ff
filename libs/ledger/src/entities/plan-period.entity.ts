import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One billing period of a plan: its dates, the USD charge and the grant of its credits. Append-only. */
@Entity({ name: 'plan_periods' })
export class PlanPeriodEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'plan_id', type: 'text' }) planId: string;
  @Column({ name: 'change_id', type: 'bigint' }) changeId: number;
  @Column({ name: 'period_index', type: 'integer' }) periodIndex: number;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt: Date;
  @Column({ name: 'price_usd', type: 'numeric' }) priceUsd: string;
  @Column({ type: 'bigint' }) credits: number;
  @Column({ name: 'grant_id', type: 'uuid' }) grantId: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
