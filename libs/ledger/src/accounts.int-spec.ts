import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { InvalidRequestError, NotFoundError } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { testDatabaseUrl } from '../../../test/test-database';
import { AccountsService } from './accounts.service';
import { AccountEntity } from './entities';

/** AccountsService against PostgreSQL: the admin's account listing and an account's status. */
describe('AccountsService (PostgreSQL)', () => {
  let db: DataSource;
  let accounts: AccountsService;
  /** Names of this run's accounts start with it, so a search finds only them. */
  const tag = `accounts-int-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [AccountEntity], applicationName: 'scout-accounts-spec' }));
    await db.initialize();
    accounts = new AccountsService(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  async function newAccount(name: string, credits = 0): Promise<string> {
    const [{ id }] = await db.query<{ id: string }[]>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [`${tag} ${name}`]);
    if (credits > 0) await db.query(`SELECT * FROM scout_grant($1, 'topup', $2, NULL, 'accounts int-spec', 'test')`, [id, credits]);
    return id;
  }
  const statusOf = async (id: string) => (await db.query<{ status: string }[]>(`SELECT status FROM accounts WHERE id = $1`, [id]))[0].status;

  describe('setStatus', () => {
    it('changes the status once: asking again for the same one changes nothing', async () => {
      const id = await newAccount('status');
      expect(await accounts.setStatus(id, 'suspended')).toBe(true);
      expect(await statusOf(id)).toBe('suspended');
      expect(await accounts.setStatus(id, 'suspended')).toBe(false);
      expect(await accounts.setStatus(id, 'active')).toBe(true);
      expect(await statusOf(id)).toBe('active');
    });

    it('an unknown account is NotFoundError', async () => {
      await expect(accounts.setStatus(randomUUID(), 'suspended')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('joins the transaction of the manager it is given: rolled back with it', async () => {
      const id = await newAccount('rolled back');
      await expect(
        db.transaction(async (manager) => {
          expect(await accounts.setStatus(id, 'suspended', manager)).toBe(true);
          throw new Error('the audit row failed');
        }),
      ).rejects.toThrow('the audit row failed');
      expect(await statusOf(id)).toBe('active');
    });
  });

  describe('spendable', () => {
    it('what each account can spend now, in one query; an unknown account 0', async () => {
      const [a, b] = [await newAccount('rich', 1_000), await newAccount('poor')];
      const unknown = randomUUID();
      const spendable = await accounts.spendable([a, b, unknown]);
      expect([spendable.get(a), spendable.get(b), spendable.get(unknown)]).toEqual([1_000, 0, 0]);
      expect(await accounts.spendable([])).toEqual(new Map());
    });
  });

  describe('list', () => {
    it('newest first, a page at a time through the cursor, each with what it can spend', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(await newAccount(`page ${i}`, 100 * (i + 1)));
      const seen: { id: string; spendable: number }[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await accounts.list({ q: `${tag} page`, limit: 2, cursor });
        expect(page.accounts.length).toBeLessThanOrEqual(2);
        seen.push(...page.accounts.map(({ account, spendable }) => ({ id: account.id, spendable })));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(ids.map((id, i) => ({ id, spendable: 100 * (i + 1) })).reverse());
    });

    it('accounts made within one millisecond: each listed once across the pages (the cursor keeps milliseconds only)', async () => {
      const ids: string[] = [];
      for (let i = 1; i <= 5; i += 1) {
        const [{ id }] = await db.query<{ id: string }[]>(`INSERT INTO accounts (name, created_at) VALUES ($1, $2::timestamptz) RETURNING id`, [
          `${tag} same ms`,
          `2020-01-01T00:00:00.12310${i}Z`,
        ]);
        ids.push(id);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await accounts.list({ q: `${tag} same ms`, limit: 2, cursor });
        seen.push(...page.accounts.map(({ account }) => account.id));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual([...ids].reverse());
    });

    it('finds by name (wildcards literal), by id, by status and by plan (none)', async () => {
      const id = await newAccount('100%_literal');
      await newAccount('100xyliteral');
      expect((await accounts.list({ q: `${tag} 100%_lit`, limit: 10 })).accounts.map((a) => a.account.id)).toEqual([id]);
      expect((await accounts.list({ q: id.toUpperCase(), limit: 10 })).accounts.map((a) => a.account.id)).toEqual([id]);
      await accounts.setStatus(id, 'suspended');
      expect((await accounts.list({ q: tag, status: 'suspended', plan: 'none', limit: 50 })).accounts.map((a) => a.account.id)).toEqual([id]);
      expect((await accounts.list({ q: tag, plan: 'growth', limit: 50 })).accounts).toEqual([]);
    });

    it('refuses a cursor it did not make', async () => {
      await expect(accounts.list({ limit: 2, cursor: 'bm90LWEtY3Vyc29y' })).rejects.toBeInstanceOf(InvalidRequestError);
    });
  });
});
