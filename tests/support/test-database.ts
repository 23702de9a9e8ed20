// In a test: a fresh database of its own, cloned from the run's migrated template (which holds the
// demo content), dropped again by `drop()`. A test file takes one with `useTestDatabase()`, which makes it in a
// hook and drops it after.
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
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

/** A connection to a test database: a Drizzle instance over its own small pool. */
export interface TestConnection {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A Drizzle instance over its own small pool; call `close()` before dropping the database. */
export function openTestDb(url: string): TestConnection {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Dropping the database at teardown (WITH FORCE) may reach a connection still closing; pg reports that
  // on the pool, and an 'error' event nobody listens to would crash the test run.
  pool.on("error", () => {});
  return { db: drizzleOverPool(pool), pool, close: () => pool.end() };
}

/**
 * A database of the test file's own (or, with `each`, of each of its tests), with `instances` connections on it
 * (each its own small pool: two stand for two instances of the site; one by default, none for a file that
 * connects by itself). The hooks that clone it before and close and drop it after are registered where this is
 * called, at the file's top or in a `describe`: the file's own set-up goes in a hook registered after it, and its
 * own tear-down then runs before the drop. Read it in a test or in such a hook.
 */
export function useTestDatabase(options: { each?: boolean; instances?: number } = {}) {
  let current: { database: TestDatabase; instances: TestConnection[] } | undefined;
  const now = () => {
    if (!current) throw new Error("The test database is made in a hook: read it in a test or a hook registered after useTestDatabase().");
    return current;
  };
  (options.each ? beforeEach : beforeAll)(async () => {
    const database = await createTestDatabase();
    current = { database, instances: Array.from({ length: options.instances ?? 1 }, () => openTestDb(database.url)) };
  });
  (options.each ? afterEach : afterAll)(async () => {
    if (!current) return;
    const { database, instances } = current;
    current = undefined;
    await Promise.all(instances.map((instance) => instance.close()));
    await database.drop();
  });
  return {
    get url() {
      return now().database.url;
    },
    /** Every connection, one per instance. */
    get instances(): TestConnection[] {
      return now().instances;
    },
    /** The first connection's Drizzle instance. */
    get db(): Db {
      return now().instances[0]!.db;
    },
    /** The first connection's pool. */
    get pool(): pg.Pool {
      return now().instances[0]!.pool;
    },
  };
}
