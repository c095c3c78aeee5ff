export default async function globalTeardown(): Promise<void> {
  const shared = globalThis.__scoutTestDatabase;
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  globalThis.__scoutTestDatabase = undefined;
  await shared.database.dispose();
}
