// Login sessions, shared by the web UI (HttpOnly cookie) and the spec API (Bearer header). A token is
// 256 random bits; only its SHA-256 is stored, so a leaked database does not leak usable tokens. A
// session ends at its absolute expiry, after SESSION_IDLE_DAYS without use, or when revoked.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { accounts, sessions } from "../db/schema.ts";

/** Name of the HttpOnly cookie that carries the web UI's session token. */
export const SESSION_COOKIE = "session";
/** The staff console's session cookie (issue 17, server/console/): never the subscriber's. */
export const CONSOLE_SESSION_COOKIE = "console_session";
/** The number the visitor picked in the welcome menu (spec §3: selected number, defaults to the main one). */
export const SELECTED_NUMBER_COOKIE = "selected_gsm";
/** A message to show once on the next page (a toast), e.g. logout's message after the redirect. */
export const FLASH_COOKIE = "flash";
/** Cookie that remembers where a guest wanted to go, so login can continue there. */
export const NEXT_ROUTE_COOKIE = "next_route";
const TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionAccount {
  sessionId: number;
  accountId: number;
  mainGsm: string;
}

export interface SessionLifetimes {
  ttlDays: number;
  idleDays: number;
}

type DbOrTx = Pick<Db, "insert" | "select" | "update">;

/** A new session for the account; the token is returned once and never stored. */
export async function createSession(db: DbOrTx, accountId: number, lifetimes: SessionLifetimes, now = new Date()): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetimes.ttlDays * DAY_MS) })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

const liveSessionByToken = preparedStatement("live_session_by_token", (db, name) =>
  db
    .select({ sessionId: sessions.id, accountId: accounts.id, mainGsm: accounts.mainGsm, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
      ),
    )
    .limit(1)
    .prepare(name),
);

/**
 * The account of a live session (not revoked, not expired, used within the idle time), or null. Every
 * signed-in request asks, so the lookup is a prepared statement.
 */
export async function findSessionAccount(db: Db, token: string | null | undefined, idleDays: number, now = new Date()): Promise<SessionAccount | null> {
  if (!token || token.length > 200) return null;
  const [row] = await liveSessionByToken(db).execute({ tokenHash: hashToken(token), now, idleSince: new Date(now.getTime() - idleDays * DAY_MS) });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(and(eq(sessions.id, row.sessionId), sql`${sessions.lastSeenAt} < ${now}`));
  }
  return { sessionId: row.sessionId, accountId: row.accountId, mainGsm: row.mainGsm };
}

export async function revokeSession(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the account but one; answers how many ended. */
export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number, now = new Date()): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return ended.length;
}
