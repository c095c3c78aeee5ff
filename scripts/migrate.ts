import { MigrationExecutor } from 'typeorm';

const USAGE = 'usage: node dist/scripts/migrate.js [--revert]';

async function main(args: string[]): Promise<void> {
  // Refuse unknown flags: a mistyped --revert must not silently run migrations forward.
  if (args.some((arg) => arg !== '--revert')) throw new Error(USAGE);
  // Loaded here, not at the top, so a missing or invalid DATABASE_URL (thrown while ormconfig
  // loads) is reported like any other failure instead of as an uncaught stack trace.
  const { default: dataSource } = await import('../ormconfig');
  await dataSource.initialize();
  try {
    if (args.includes('--revert')) {
      // undoLastMigration reports only through TypeORM's logger, which is off; name it ourselves.
      // Executed migrations come newest first, the order undoLastMigration picks from.
      const [last] = await new MigrationExecutor(dataSource).getExecutedMigrations();
      if (!last) {
        process.stdout.write('No applied migration to revert.\n');
        return;
      }
      await dataSource.undoLastMigration({ transaction: 'each' });
      process.stdout.write(`Reverted ${last.name}\n`);
      return;
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length === 0) process.stdout.write('No pending migrations.\n');
    for (const migration of applied) process.stdout.write(`Applied ${migration.name}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
