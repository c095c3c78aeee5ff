import { Column, Entity, PrimaryColumn } from 'typeorm';

export type AccountStatus = 'active' | 'suspended';

@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'plan_id', type: 'text', nullable: true }) planId: string | null;
  @Column({ type: 'text' }) status: AccountStatus;
  /** End of the current plan period, when the renewal job next grants; null without a plan. */
  @Column({ name: 'plan_renews_at', type: 'timestamptz', nullable: true }) planRenewsAt: Date | null;
  /** Sum of the account's ledger entries; maintained only by the scout_* SQL functions. */
  @Column({ type: 'bigint' }) balance: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
