import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CallChannel } from '@scout/core';

export type EntryKind = 'grant' | 'usage' | 'refund' | 'adjustment' | 'expiry';

/** One append-only ledger row. Written only by the scout_* SQL functions. */
@Entity({ name: 'credit_entries' })
export class CreditEntryEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'text' }) kind: EntryKind;
  @Column({ type: 'bigint' }) amount: number;
  @Column({ name: 'balance_after', type: 'bigint' }) balanceAfter: number;
  @Column({ name: 'grant_id', type: 'uuid', nullable: true }) grantId: string | null;
  @Column({ type: 'text', nullable: true }) tool: string | null;
  @Column({ name: 'request_id', type: 'text', nullable: true }) requestId: string | null;
  @Column({ name: 'refund_of', type: 'bigint', nullable: true }) refundOf: number | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', nullable: true }) actor: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** How the call came (usage and refund entries); 'rest' for entries that are not calls. */
  @Column({ type: 'text' }) channel: CallChannel;
}
