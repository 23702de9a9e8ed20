#!/usr/bin/env node
// Loads content/*.json into the database (the same loader as `npm start`), while the site runs or not:
//   npm run content:load
// Reads DATABASE_URL when set; otherwise the embedded server under DATA_DIR (default ./data): the running
// site's socket, or — when the site is not running — the server started just for this. Applies pending
// migrations first. A bad file stops the load with its name and item; nothing is changed then.
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { connectionUrl, type AppDatabase } from "./app-database.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let connection: AppDatabase | undefined;
let pool: pg.Pool | undefined;
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
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await pool?.end();
  await connection?.stop();
}
