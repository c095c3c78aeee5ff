import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One admin action, as written to admin_audit_log (append-only). */
@Entity({ name: 'admin_audit_log' })
export class AuditEntryEntity {
  @PrimaryColumn({ type: 'bigint' }) id: number;
  /** `key:<id>` of the admin key that acted. */
  @Column({ type: 'text' }) actor: string;
  @Column({ type: 'text' }) action: string;
  @Column({ name: 'account_id', type: 'uuid', nullable: true }) accountId: string | null;
  /** What was acted on beyond the account, e.g. `api_keys#<id>`. */
  @Column({ type: 'text', nullable: true }) target: string | null;
  @Column({ type: 'jsonb' }) details: Record<string, unknown>;
  @Column({ name: 'request_id', type: 'text', nullable: true }) requestId: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
