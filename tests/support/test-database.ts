// In a test: a fresh database of its own, cloned from the run's migrated template (which holds the
// demo content), dropped again by `drop()`.
import pg from "pg";
import { inject } from "vitest";
import { drizzleOverPool, type Db } from "../../server/db/database.ts";
import { cloneTemplate, dropDatabase } from "./database.ts";

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function provided() {
  const adminUrl = inject("testAdminDatabaseUrl");
  const template = inject("testTemplateDatabase");
  const prefix = inject("testDatabasePrefix");
  if (!adminUrl || !template || !prefix) {
    throw new Error(
      "No test database server: this project lacks the global setup tests/support/database-setup.ts " +
        "(or tests/support/global-setup.ts) in vitest.config.ts.",
    );
  }
  return { adminUrl, template, prefix };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template, prefix } = provided();
  const { name, url } = await cloneTemplate(adminUrl, template, prefix);
  let dropped = false;
  return {
    name,
    url,
    async drop() {
      if (dropped) return;
      dropped = true;
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A Drizzle instance over its own small pool; call `close()` before dropping the database. */
export function openTestDb(url: string): { db: Db; pool: pg.Pool; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Dropping the database at teardown (WITH FORCE) may reach a connection still closing; pg reports that
  // on the pool, and an 'error' event nobody listens to would crash the test run.
  pool.on("error", () => {});
  return { db: drizzleOverPool(pool), pool, close: () => pool.end() };
}
