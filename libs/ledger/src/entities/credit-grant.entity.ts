import { Column, Entity, PrimaryColumn } from 'typeorm';

export type GrantKind = 'free' | 'plan' | 'topup' | 'adjustment';

@Entity({ name: 'credit_grants' })
export class CreditGrantEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'text' }) kind: GrantKind;
  @Column({ type: 'bigint' }) credits: number;
  @Column({ type: 'bigint' }) remaining: number;
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', nullable: true }) actor: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
