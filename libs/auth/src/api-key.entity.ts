import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An API key. Only its SHA-256 and a short display prefix are stored, never the key. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'text' }) prefix: string;
  @Column({ name: 'secret_sha256', type: 'bytea', select: false }) secretSha256: Buffer;
  @Column({ type: 'text', array: true }) scopes: string[];
  @Column({ type: 'text', nullable: true }) label: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /** When the key was last verified for a request, to the minute (KeyLastUsed migration); null: never. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
}
