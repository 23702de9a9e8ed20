// drizzleOverPool: a transaction gives its connection back to the pool whatever happens to it, including when
// the connection is cut between check-out and `begin` (the case drizzle-orm 0.45 leaks, which left the pool one
// connection short and made shutdown wait for it forever: CI, proof:faults, database outage).
import type { Socket } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, test } from "vitest";
import { applyMigrations } from "./database.ts";
import { openTestDb, useTestDatabase } from "../../tests/support/test-database.ts";

const database = useTestDatabase();

const checkedOut = (pool: pg.Pool) => pool.totalCount - pool.idleCount;
/** Cuts the next connection the pool hands out, before its first query; the client's own error is expected (the server listens to it too). */
function cutNextCheckout(pool: pg.Pool) {
  pool.once("acquire", (client: pg.PoolClient) => {
    client.on("error", () => {});
    (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
  });
}

test("a transaction whose connection is cut before `begin` fails, gives the connection back, and the pool goes on", async () => {
  const { db, pool } = database;
  cutNextCheckout(pool);
  await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
  expect(checkedOut(pool)).toBe(0);
  // The broken connection was dropped, not kept: the next transactions run on good ones.
  for (let i = 0; i < 3; i++) expect((await db.transaction(async (tx) => tx.execute(sql`select 2 as two`))).rows).toEqual([{ two: 2 }]);
  expect(checkedOut(pool)).toBe(0);
});

test("a transaction that fails in its work or commits gives its connection back; nested ones still use savepoints", async () => {
  const { db, pool } = database;
  await expect(db.transaction(async (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
  expect(checkedOut(pool)).toBe(0);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table t (n int) on commit drop`);
    await tx.execute(sql`insert into t values (1)`);
    await expect(tx.transaction(async (inner) => { await inner.execute(sql`insert into t values (2)`); throw new Error("undo the inner one"); })).rejects.toThrow("undo the inner one");
    return (await tx.execute(sql`select n from t`)).rows;
  });
  expect(rows).toEqual([{ n: 1 }]);
  expect(checkedOut(pool)).toBe(0);
});

test("the pool ends promptly after failed transactions (nothing left checked out)", async () => {
  const { db, pool } = openTestDb(database.url);
  cutNextCheckout(pool);
  await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
  const ended = await Promise.race([pool.end().then(() => "ended"), new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000))]);
  expect(ended).toBe("ended");
});

test("migrating lifts the statement timeout for its own connection only: the pool's connections keep the configured one", async () => {
  // One connection in the pool, so the one the migration used is the one the next request gets (CI saw a
  // request wait 20 s on a lock, with no timeout, when the pool handed it out).
  const pool = new pg.Pool({ connectionString: database.url, max: 1, statement_timeout: 300 });
  pool.on("error", () => {});
  try {
    await applyMigrations(pool, process.cwd());
    expect((await pool.query("show statement_timeout")).rows).toEqual([{ statement_timeout: "300ms" }]);
  } finally {
    await pool.end();
  }
});
