import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One plan pick (from null), change, or cancel (to null). Append-only. */
@Entity({ name: 'plan_changes' })
export class PlanChangeEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'from_plan', type: 'text', nullable: true }) fromPlan: string | null;
  @Column({ name: 'to_plan', type: 'text', nullable: true }) toPlan: string | null;
  @Column({ name: 'effective_at', type: 'timestamptz' }) effectiveAt: Date;
  @Column({ type: 'text' }) actor: string;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
