/**
 * Serves an embedded PostgreSQL in its own process, for tests that need to take the database away
 * (PGlite cannot start inside jest's module sandbox). Args: <dataDir> [port]. Prints one JSON line
 * {url, port} when ready; stops on SIGTERM.
 */
import { startEmbeddedPostgres } from '../libs/database/src/embedded-postgres';

async function main() {
  const [dataDir, port] = process.argv.slice(2);
  const db = await startEmbeddedPostgres({ dataDir, port: port ? Number(port) : 0 });
  process.stdout.write(`${JSON.stringify({ url: db.url, port: db.port })}\n`);
  process.once('SIGTERM', () => void db.stop().then(() => process.exit(0)));
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(1);
});
