// Opens the database the configuration names (external DATABASE_URL, or the embedded server in
// DATA_DIR), applies pending migrations and hands out one Drizzle instance over one pool.
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import * as schema from "./schema.ts";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-server.ts";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** True once migrations are applied and the pool answers. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE_NAME = "operator";

/** Any fixed number: every instance takes this advisory lock while migrating, so only one migrates. */
const MIGRATION_LOCK_ID = 7_305_114;
/** How long close() waits for connections still checked out before it stops the embedded server anyway. */
const POOL_END_WAIT_MS = 5_000;

/**
 * The Drizzle instance over a pool, with transactions that always give their connection back.
 * drizzle-orm 0.45 sends a transaction's `begin` before its try/finally: when the connection was cut just
 * before (the database restarting, a failover, pg_terminate_backend), the error skips the release, the
 * connection stays checked out for good (one pool slot fewer each time) and `pool.end()` waits for it forever
 * at shutdown. Here a transaction checks its connection out itself, runs Drizzle's transaction on it and
 * releases it whatever happens (pg drops a connection that broke instead of keeping it).
 */
export function drizzleOverPool(pool: pg.Pool): Db {
  const db = drizzle({ client: pool, schema });
  const onClient = new WeakMap<pg.PoolClient, Db>();
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) onClient.set(client, (clientDb = drizzle({ client, schema })));
      return await clientDb.transaction(work, config);
    } finally {
      client.release();
    }
  };
  return db;
}

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, "server", "db", "migrations");
}

/** Applies pending migrations while holding an advisory lock, so instances starting together take turns. */
export async function applyMigrations(pool: pg.Pool, rootDir: string): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may build an index over a large table: no statement timeout for this session.
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder(rootDir) });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    // Closed, not given back: a pooled connection without a statement timeout would let a request wait on a
    // lock for ever (the next request to get it from the pool).
    client.release(true);
  }
}

export async function openDatabase(config: Config, logger: Logger, rootDir: string): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
    await ensureDatabase(embedded.url("postgres"), EMBEDDED_DATABASE_NAME);
    url = embedded.url(EMBEDDED_DATABASE_NAME);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: config.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    // The server cancels a statement that runs longer (migrations and seeding lift it for themselves).
    statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: "operator-website",
  });
  // An idle client that loses its server emits 'error' on the pool; log it rather than crash the process.
  pool.on("error", (error) => logger.warn({ err: error.message }, "database connection lost"));
  // A connection that is checked out (in a transaction, between two queries) and is cut by the server emits
  // 'error' on its client, not on the pool: without a listener that would crash the process. The query in
  // progress fails on its own (503), and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", (error) => logger.warn({ err: error.message }, "database connection lost while in use")));
  try {
    await applyMigrations(pool, rootDir);
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    throw error;
  }
  let closed = false;
  return {
    db: drizzleOverPool(pool),
    pool,
    async isReady() {
      if (closed) return false;
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      // A connection still checked out (by a request the shutdown timeout cut short) would keep pool.end()
      // waiting; the embedded server is stopped after POOL_END_WAIT_MS in any case, which ends the connection.
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        pool.end().then(() => true, () => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), POOL_END_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (!ended) logger.warn({ checkedOut: pool.totalCount - pool.idleCount }, "database connections still in use at shutdown; closing anyway");
      await embedded?.stop();
    },
  };
}
