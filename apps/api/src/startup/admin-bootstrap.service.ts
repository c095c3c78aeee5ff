import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiKeyService } from '@scout/auth';
import { AppConfig } from '@scout/core';
import { LedgerService } from '@scout/ledger';

class AdoptedElsewhere extends Error {}

/**
 * Makes sure someone can administer a fresh Scout:
 *  - ADMIN_BOOTSTRAP_KEY set: an admin key with exactly that secret exists (created if missing);
 *  - embedded database and no admin key yet: a local admin account is created and its key printed
 *    once to the terminal (never to the structured log).
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly config: AppConfig,
    private readonly keys: ApiKeyService,
    private readonly ledger: LedgerService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const secret = this.config.ADMIN_BOOTSTRAP_KEY;
    if (secret) {
      await this.ensureBootstrapKey(secret);
    } else if (this.config.embeddedDatabase && !(await this.keys.adminKeyExists())) {
      await this.createLocalAdmin();
    }
  }

  private async ensureBootstrapKey(secret: string): Promise<void> {
    const existing = await this.keys.findBySecret(secret);
    if (existing) {
      if (existing.revokedAt) this.logger.warn(`ADMIN_BOOTSTRAP_KEY (${existing.prefix}...) was revoked and stays revoked`);
      else if (!existing.scopes.includes('admin')) this.logger.warn(`ADMIN_BOOTSTRAP_KEY (${existing.prefix}...) exists without the admin scope`);
      return;
    }
    // Account and key together: when another instance adopts the same key first, roll back
    // rather than leave an account without a key.
    const adopted = await this.db
      .transaction(async (manager) => {
        const account = await this.ledger.openAccount('Scout admin', null, manager);
        const key = await this.keys.adopt(secret, account.id, ['tools', 'admin'], 'ADMIN_BOOTSTRAP_KEY', manager);
        if (!key) throw new AdoptedElsewhere();
        return { key, account };
      })
      .catch((error: unknown) => {
        if (error instanceof AdoptedElsewhere) return null;
        throw error;
      });
    if (adopted) this.logger.log(`admin key ${adopted.key.prefix}... from ADMIN_BOOTSTRAP_KEY is ready (account ${adopted.account.id})`);
  }

  private async createLocalAdmin(): Promise<void> {
    const account = await this.ledger.openAccount('Local admin', null);
    const issued = await this.keys.issue(account.id, ['tools', 'admin'], 'local admin (first boot)');
    this.logger.log(`created local admin account ${account.id} with key ${issued.prefix}...`);
    process.stdout.write(
      [
        '',
        '  Scout: first boot. A local admin account was created. Its API key (shown only now):',
        '',
        `    ${issued.apiKey}`,
        '',
        '  Keep it: it cannot be shown again. Try:',
        `    curl -H "Authorization: Bearer ${issued.apiKey}" http://localhost:${this.config.PORT}/api/v1/me`,
        `  or paste it into the console: http://localhost:${this.config.PORT}/console`,
        '',
        '',
      ].join('\n'),
    );
  }
}
