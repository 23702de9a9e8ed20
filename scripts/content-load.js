#!/usr/bin/env node
// Loads content/*.json into the database (the same loader as `npm start`), while the site runs or not:
//   npm run content:load
// Reads DATABASE_URL when set; otherwise the embedded server under DATA_DIR (default ./data): the running
// site's socket, or — when the site is not running — the server started just for this. Applies pending
// migrations first. A bad file stops the load with its name and item; nothing is changed then.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EMBEDDED_DATABASE_NAME = "operator";
const SOCKET_PORT = 5432;
const quietLogger = { info() {}, warn() {}, debug() {}, error() {}, child() { return quietLogger; } };

async function connectionUrl() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const socketDir = path.join(dataDir, "run");
  if (existsSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`))) {
    return { url: `postgresql://postgres@localhost/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`, stop: async () => {} };
  }
  const { ensureDatabase, startEmbeddedPostgres } = await import("../server/db/embedded-server.ts");
  const embedded = await startEmbeddedPostgres(dataDir, quietLogger);
  await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE_NAME);
  return { url: embedded.url(EMBEDDED_DATABASE_NAME), stop: () => embedded.stop() };
}

let connection;
let pool;
try {
  connection = await connectionUrl();
  pool = new pg.Pool({ connectionString: connection.url, max: 2 });
  const [{ applyMigrations, drizzleOverPool }, { loadContent }] = await Promise.all([
    import("../server/db/database.ts"),
    import("../server/db/seed/load-content.ts"),
  ]);
  await applyMigrations(pool, rootDir);
  const counts = await loadContent(drizzleOverPool(pool), path.join(rootDir, "content"));
  for (const [file, count] of Object.entries(counts)) process.stdout.write(`${file.padEnd(28)} ${count}\n`);
  process.stdout.write("Content loaded; the search index is rebuilt.\n");
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await pool?.end();
  await connection?.stop();
}
