// Global setup of every project that needs a database (ARCHITECTURE.md, Tests): one PostgreSQL
// server per test run, one template database on it, migrated and holding the demo content.
// Each test then clones the template (tests/support/test-database.ts), so tests are isolated and
// a clone takes milliseconds.
//
// - TEST_DATABASE_URL set: that server is used (its database must let us create databases);
// - otherwise: one embedded PostgreSQL (server/db/embedded-server.ts) in a fresh temporary DATA_DIR,
//   stopped and deleted at teardown.
// Several projects (unit, api, e2e) list this setup; the first one to run starts everything and
// the last one to tear down stops it, so a run has one server whatever projects it runs.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations, drizzleOverPool } from "../../server/db/database.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded-server.ts";
import { loadContent } from "../../server/db/seed/load-content.ts";
import { DEMO_INVENTORY_SIZE, seedInventory } from "../../server/reservation/inventory.ts";
import { seedDemoChargingLines } from "../../server/charging/demo-lines.ts";
import { seedDemoUsage } from "../../server/charging/demo-usage.ts";
import { createLogger } from "../../server/logger.ts";
import { databaseUrlFor, dropDatabasesWithPrefix, quoteIdentifier, withClient } from "./database.ts";
import { memoryTablespace } from "./memory-tablespace.ts";

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface SharedDatabase {
  adminUrl: string;
  template: string;
  prefix: string;
  users: number;
  close(): Promise<void>;
}

const SHARED = Symbol.for("operator-website.tests.shared-database");
type Holder = { [SHARED]?: Promise<SharedDatabase> };

/** Fails unless the tests run on the Node version the project runs on. */
export function requireProjectNode(): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 24) {
    throw new Error(
      `The tests need Node 24 (the project's runtime), but run on Node ${process.versions.node}. ` +
        "Run them through npm or npx (npm test, npx vitest run), which use the node devDependency.",
    );
  }
}

async function startSharedDatabase(): Promise<SharedDatabase> {
  const prefix = `op_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "warn");
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;

  if (adminUrl) {
    try {
      await withClient(adminUrl, (client) => client.query("select 1"));
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL (${adminUrl}) is set but its server does not answer: ${(error as Error).message}`, { cause: error });
    }
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "operator-tests-"));
    // Run as root, the embedded server runs as the `postgres` user, which must reach DATA_DIR/postgres.
    chmodSync(dataDir, 0o755);
    try {
      embedded = await startEmbeddedPostgres(dataDir, logger);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Could not start the embedded PostgreSQL for the tests (or set TEST_DATABASE_URL): ${(error as Error).message}`, { cause: error });
    }
    adminUrl = embedded.url("postgres");
  }

  // The template and its clones in memory when the server allows it (tests/support/memory-tablespace.ts): a clone
  // takes the template's tablespace.
  const memory = await memoryTablespace(adminUrl, prefix, embedded !== undefined).catch((error: Error) => ({ reason: error.message }));
  const tablespace = "name" in memory ? memory : undefined;
  process.stdout.write(
    "name" in memory
      ? `tests: the run's databases are kept in memory (tablespace ${memory.name})\n`
      : `tests: the run's databases are kept in the server's default tablespace (none in memory: ${memory.reason})\n`,
  );

  const close = async () => {
    try {
      await dropDatabasesWithPrefix(adminUrl, prefix);
    } finally {
      try {
        await tablespace?.drop();
      } finally {
        await embedded?.stop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        // The embedded server is gone, and its tablespace with it, whatever its drop did: so is the folder.
        if (embedded && tablespace) rmSync(tablespace.location, { recursive: true, force: true });
      }
    }
  };

  try {
    await withClient(adminUrl, (client) => client.query(`create database ${quoteIdentifier(template)}${tablespace ? ` tablespace ${quoteIdentifier(tablespace.name)}` : ""}`));
    const pool = new pg.Pool({ connectionString: databaseUrlFor(adminUrl, template), max: 2 });
    try {
      await applyMigrations(pool, rootDir);
      const db = drizzleOverPool(pool);
      await loadContent(db, path.join(rootDir, "content"));
      await seedInventory(db, DEMO_INVENTORY_SIZE);
      await seedDemoChargingLines(db);
      await seedDemoUsage(db);
    } finally {
      // A template can only be copied while nobody is connected to it.
      await pool.end();
    }
  } catch (error) {
    await close().catch(() => {});
    throw new Error(`Could not prepare the template database ${template}: ${(error as Error).message}`, { cause: error });
  }
  return { adminUrl, template, prefix, users: 0, close };
}

/** Starts (or joins) the run's database server and template, and hands them to the tests. */
export async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  requireProjectNode();
  const holder = globalThis as Holder;
  holder[SHARED] ??= startSharedDatabase();
  let shared: SharedDatabase;
  try {
    shared = await holder[SHARED];
  } catch (error) {
    delete holder[SHARED];
    throw error;
  }
  shared.users += 1;
  project.provide("testAdminDatabaseUrl", shared.adminUrl);
  project.provide("testTemplateDatabase", shared.template);
  project.provide("testDatabasePrefix", shared.prefix);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await shared.close();
  };
}

export default setupDatabase;
