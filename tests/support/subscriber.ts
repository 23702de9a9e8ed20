// Puts a subscriber and a login session straight into a test server's database, as sign-in would:
// only the SHA-256 of the token is stored; the test sends the token in the `session` cookie.
import { createHash, randomBytes } from "node:crypto";
import { withClient } from "./database.ts";

export interface SessionFixture {
  token: string;
  accountId: number;
  sessionId: number;
  /** The Cookie header that carries the session. */
  cookie: string;
}

let numberSeed = 0;

export async function insertSession(
  databaseUrl: string,
  options: { gsm?: string; expiresAt?: Date; revokedAt?: Date | null } = {},
): Promise<SessionFixture> {
  const token = randomBytes(32).toString("base64url");
  const gsm = options.gsm ?? `0944${String(process.pid % 1000).padStart(3, "0")}${String(numberSeed++ % 1000).padStart(3, "0")}`;
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000);
  return withClient(databaseUrl, async (client) => {
    const account = await client.query<{ id: string }>(
      "insert into accounts (main_gsm) values ($1) on conflict (main_gsm) do update set main_gsm = excluded.main_gsm returning id",
      [gsm],
    );
    const accountId = Number(account.rows[0]!.id);
    const session = await client.query<{ id: string }>(
      "insert into sessions (token_hash, account_id, expires_at, revoked_at) values ($1, $2, $3, $4) returning id",
      [createHash("sha256").update(token).digest("hex"), accountId, expiresAt, options.revokedAt ?? null],
    );
    return { token, accountId, sessionId: Number(session.rows[0]!.id), cookie: `session=${token}` };
  });
}
