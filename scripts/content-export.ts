#!/usr/bin/env node
// Writes the live content as content/*.json files (the exporter of server/content/export.ts: the files'
// own canonical form), for the git workflow: export → commit → `npm run content:load` elsewhere.
//   npm run content:export -- --out content          (the repository's folder: review with git diff)
//   npm run content:export -- --out /tmp/content
// Reads DATABASE_URL when set; otherwise the embedded server under DATA_DIR (default ./data), like
// content:load. Applies pending migrations first. Writes each file whole (a temporary file, then a rename).
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { connectionUrl, type AppDatabase } from "./app-database.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let out: string;
try {
  const options = parseArgs({ options: { out: { type: "string" } } }).values;
  if (!options.out) throw new Error("--out <dir> is required");
  out = options.out;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\nUsage: npm run content:export -- --out <dir>\n`);
  process.exit(2);
}

let connection: AppDatabase | undefined;
let pool: pg.Pool | undefined;
try {
  connection = await connectionUrl();
  pool = new pg.Pool({ connectionString: connection.url, max: 2 });
  const [{ applyMigrations, drizzleOverPool }, { exportContent }] = await Promise.all([import("../server/db/database.ts"), import("../server/content/export.ts")]);
  await applyMigrations(pool, rootDir);
  const files = await exportContent(drizzleOverPool(pool));
  const outDir = path.resolve(out);
  await mkdir(outDir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(outDir, file);
    await writeFile(`${target}.tmp`, text, "utf8");
    await rename(`${target}.tmp`, target);
    process.stdout.write(`${file.padEnd(28)} ${(JSON.parse(text) as unknown[]).length}\n`);
  }
  process.stdout.write(`Content exported to ${outDir}.\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await pool?.end();
  await connection?.stop();
}
