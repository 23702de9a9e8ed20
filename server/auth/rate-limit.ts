// Fixed-window counters kept in PostgreSQL, so a limit holds across every instance: one atomic upsert
// per hit starts the window at the first hit and counts the rest. Called inside the caller's
// transaction, so a refused request (or one whose SMS failed) leaves no hit behind when it rolls back.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";

export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

type Executor = Pick<Db, "execute">;

/** Counts one hit on each limit; answers the seconds to wait when one is over its limit, else null. */
export async function hitLimits(db: Executor, limits: RateLimit[]): Promise<number | null> {
  let wait: number | null = null;
  for (const { key, limit, windowSeconds } of limits) {
    const result = await db.execute<{ hits: number; remaining: string }>(sql`
      insert into rate_limit_counters as c (key, window_started_at, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when c.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1 else c.hits + 1 end,
        window_started_at = case when c.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now() else c.window_started_at end
      returning hits, extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())) as remaining`);
    const row = result.rows[0]!;
    // Clamped to the window: a transaction that began a moment before the one that opened the window
    // would otherwise compute a wait a fraction of a second longer than the window.
    if (row.hits > limit) wait = Math.max(wait ?? 0, Math.min(windowSeconds, Math.max(1, Math.ceil(Number(row.remaining)))));
  }
  return wait;
}

/**
 * Whether a limit is already used up, without counting a hit: checked before a request's body is read,
 * so a client over its limit costs one indexed read. The seconds to wait, else null.
 */
export async function peekLimit(db: Executor, { key, limit, windowSeconds }: RateLimit): Promise<number | null> {
  const result = await db.execute<{ remaining: string }>(sql`
    select extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())) as remaining
    from rate_limit_counters
    where key = ${key} and hits >= ${limit} and window_started_at > now() - make_interval(secs => ${windowSeconds})`);
  const row = result.rows[0];
  return row ? Math.min(windowSeconds, Math.max(1, Math.ceil(Number(row.remaining)))) : null;
}

/** Takes back one hit (the SMS was never sent). */
export async function refundLimits(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`update rate_limit_counters set hits = greatest(hits - 1, 0) where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
}

/** Forgets counters whose window ended long ago (called now and then; any instance may do it). */
export async function pruneLimits(db: Executor): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_started_at < now() - interval '2 days'`);
}
