import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Notification } from 'pg';
import { startDatabaseProcess, type DatabaseProcess } from '../../../test/embedded-db-process';

/**
 * LISTEN/NOTIFY across connections of the embedded PostgreSQL (routeNotifications): every
 * connection shares PGlite's one session, so without routing a notification would reach the
 * connection that raised it instead of the one listening. BullMQ's PostgreSQL backend wakes its
 * workers this way. (PGlite cannot start inside jest's module sandbox, so it runs in a child process.)
 */
describe('embedded PostgreSQL: LISTEN/NOTIFY between connections', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scout-notify-'));
  let db: DatabaseProcess;
  const clients: Client[] = [];

  beforeAll(async () => {
    db = await startDatabaseProcess(dataDir);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await db.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function connect(): Promise<{ client: Client; heard: Notification[] }> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    clients.push(client);
    const heard: Notification[] = [];
    client.on('notification', (n) => heard.push(n));
    return { client, heard };
  }

  /** Notifications are delivered once the notifying statement commits; give the sockets a moment. */
  const settle = () => sleep(100);

  it('delivers a notification to the connections listening on its channel, and only to them', async () => {
    const listener = await connect();
    const other = await connect();
    const notifier = await connect();
    await listener.client.query('-- a comment first, as BullMQ writes it\nLISTEN jobs_channel;\n');
    await other.client.query('LISTEN "Other Channel"');

    await notifier.client.query(`SELECT pg_notify('jobs_channel', 'q1')`);
    await notifier.client.query(`NOTIFY "Other Channel", 'q2'`);
    await notifier.client.query('SELECT $1::int AS n', [1]); // an extended-protocol exchange in between
    await notifier.client.query(`SELECT pg_notify('nobody_listens', 'q3')`);
    await settle();

    expect(listener.heard.map((n) => [n.channel, n.payload])).toEqual([['jobs_channel', 'q1']]);
    expect(other.heard.map((n) => [n.channel, n.payload])).toEqual([['Other Channel', 'q2']]);
    expect(notifier.heard).toEqual([]);
  });

  it('a connection hears its own notifications on a channel it listens to, and nothing after UNLISTEN', async () => {
    const self = await connect();
    await self.client.query('LISTEN self_channel');
    await self.client.query(`SELECT pg_notify('self_channel', 'mine')`);
    await settle();
    expect(self.heard.map((n) => n.payload)).toEqual(['mine']);

    await self.client.query('UNLISTEN self_channel');
    const notifier = await connect();
    await notifier.client.query(`SELECT pg_notify('self_channel', 'after')`);
    await settle();
    expect(self.heard.map((n) => n.payload)).toEqual(['mine']);
  });

  it('a listener that disconnected is forgotten; the others still hear', async () => {
    const gone = await connect();
    const staying = await connect();
    await gone.client.query('LISTEN shared_channel');
    await staying.client.query('LISTEN shared_channel');
    await gone.client.end();
    await settle();

    const notifier = await connect();
    await notifier.client.query(`SELECT pg_notify('shared_channel', 'still here')`);
    await settle();
    expect(staying.heard.map((n) => n.payload)).toEqual(['still here']);
    expect(notifier.heard).toEqual([]);
  });
});
