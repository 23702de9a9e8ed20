#!/usr/bin/env node
// Prints the newest messages of the SMS outbox (the `outbox` driver's table), newest first.
//   npm run sms:outbox [-- --gsm 0944123456] [-- --limit 20]
// Reads DATABASE_URL when set; otherwise the embedded server under DATA_DIR (default ./data): the
// running site's socket, or — when the site is not running — the server started just for this.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const EMBEDDED_DATABASE_NAME = "operator";
const SOCKET_PORT = 5432;

const { values } = parseArgs({
  options: { gsm: { type: "string" }, limit: { type: "string", default: "10" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  process.stdout.write("Usage: npm run sms:outbox -- [--gsm 09XXXXXXXX] [--limit N]\n");
  process.exit(0);
}
const limit = Math.min(Math.max(Number.parseInt(values.limit, 10) || 10, 1), 1000);

/** Unlike scripts/app-database.ts, never creates the embedded database: an outbox to read exists only once the site ran. */
async function connectionUrl(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const socketDir = path.join(dataDir, "run");
  const viaSocket = (database: string) => `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
  if (existsSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`))) return { url: viaSocket(EMBEDDED_DATABASE_NAME), stop: async () => {} };
  if (!existsSync(path.join(dataDir, "postgres", "PG_VERSION"))) {
    throw new Error(`No database: DATABASE_URL is unset and ${dataDir} holds no embedded database yet (start the site once).`);
  }
  const [{ startEmbeddedPostgres }, { createLogger }] = await Promise.all([import("../server/db/embedded-server.ts"), import("../server/logger.ts")]);
  const embedded = await startEmbeddedPostgres(dataDir, createLogger("silent"));
  return { url: embedded.url(EMBEDDED_DATABASE_NAME), stop: () => embedded.stop() };
}

const connection = await connectionUrl().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
const client = new pg.Client({ connectionString: connection.url });
try {
  await client.connect();
  const { rows } = await client.query<{ to: string; text: string; created_at: Date }>(
    `select "to", text, created_at from sms_outbox ${values.gsm ? `where "to" = $2` : ""} order by id desc limit $1`,
    values.gsm ? [limit, values.gsm] : [limit],
  );
  if (rows.length === 0) process.stdout.write(values.gsm ? `No message to ${values.gsm}.\n` : "The outbox is empty.\n");
  for (const row of rows) process.stdout.write(`${row.created_at.toISOString()}  ${row.to}  ${row.text}\n`);
} catch (error) {
  process.stderr.write(`Could not read the outbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
  await connection.stop();
}
