// Looking up the subscriber behind a session token. Only the SHA-256 of a token is stored, so a
// leaked database does not leak usable tokens.
import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accounts, sessions } from "../db/schema.ts";

/** Name of the HttpOnly cookie that carries the web UI's session token. */
export const SESSION_COOKIE = "session";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionAccount {
  sessionId: number;
  accountId: number;
  mainGsm: string;
}

/** The account of a live session (not revoked, not expired), or null. */
export async function findSessionAccount(db: Db, token: string | null | undefined, now = new Date()): Promise<SessionAccount | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, accountId: accounts.id, mainGsm: accounts.mainGsm })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
