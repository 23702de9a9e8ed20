// Subscribers for tests, two ways:
// - insertSession: an account and a login session put straight into a test server's database, as
//   sign-in would (only the SHA-256 of the token is stored); the token goes in the `session` cookie
//   or the Bearer header;
// - registerSubscriber: the real flow over HTTP (signup2 → the code from GET /dev/sms-outbox → signin),
//   for e2e tests and the benchmark. The server must run the outbox SMS driver outside production.
// And setChargingLine: the money of a line (plan, balance, validity), as the operator's billing holds it.
import { constants, createHash, publicEncrypt, randomBytes } from "node:crypto";
import { DEFAULT_OPERATOR_TIME_ZONE } from "../../common/format.ts";
import { withClient } from "./database.ts";
import { send, type HttpAnswer } from "./http.ts";

export interface SessionFixture {
  token: string;
  accountId: number;
  sessionId: number;
  /** The Cookie header that carries the session. */
  cookie: string;
}

let numberSeed = 0;
/** A number of the operator's ranges unlikely to clash with another test process's (pid + a counter). */
export function freshNumber(prefix: "0944" | "0955" | "0966" | "0977" = "0944"): string {
  return `${prefix}${String(process.pid % 1000).padStart(3, "0")}${String(numberSeed++ % 1000).padStart(3, "0")}`;
}

export async function insertSession(
  databaseUrl: string,
  options: { gsm?: string; expiresAt?: Date; revokedAt?: Date | null; lastSeenAt?: Date } = {},
): Promise<SessionFixture> {
  const token = randomBytes(32).toString("base64url");
  const gsm = options.gsm ?? freshNumber();
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000);
  return withClient(databaseUrl, async (client) => {
    const account = await client.query<{ id: string }>(
      "insert into accounts (main_gsm) values ($1) on conflict (main_gsm) do update set main_gsm = excluded.main_gsm returning id",
      [gsm],
    );
    const accountId = Number(account.rows[0]!.id);
    await client.query("insert into account_numbers (gsm, account_id, is_main) values ($1, $2, true) on conflict (gsm) do nothing", [gsm, accountId]);
    const session = await client.query<{ id: string }>(
      "insert into sessions (token_hash, account_id, expires_at, revoked_at, last_seen_at) values ($1, $2, $3, $4, $5) returning id",
      [createHash("sha256").update(token).digest("hex"), accountId, expiresAt, options.revokedAt ?? null, options.lastSeenAt ?? new Date()],
    );
    return { token, accountId, sessionId: Number(session.rows[0]!.id), cookie: `session=${token}` };
  });
}

type Target = string | { url: string };
const baseOf = (target: Target) => (typeof target === "string" ? target : target.url);

/** The server's public key of the number encryption (GET core/api/users/publicKey). */
export async function publicKeyOf(target: Target): Promise<string> {
  const answer = await send(baseOf(target), "/core/api/users/publicKey", { headers: { accept: "application/json" } });
  if (answer.status !== 200) throw new Error(`GET /core/api/users/publicKey answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return answer.json<{ data: { pem: string } }>().data.pem;
}

/** base64 RSA-OAEP-256 ciphertext of `text`, as a client of the spec API makes it. */
export function encryptFor(publicKeyPem: string, text: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(text, "utf8")).toString("base64");
}

/** POSTs (or PUTs) a form to the API. */
export function postForm(
  target: Target,
  path: string,
  fields: Record<string, string>,
  options: { token?: string; language?: "ar" | "en"; method?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  return send(baseOf(target), path, {
    method: options.method ?? "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      ...(options.language ? { "accept-language": options.language } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface OutboxMessage {
  to: string;
  text: string;
  createdAt: string;
}

/** The outbox messages to `gsm`, newest first (GET /dev/sms-outbox). */
export async function outboxOf(target: Target, gsm: string): Promise<OutboxMessage[]> {
  const answer = await send(baseOf(target), `/dev/sms-outbox?gsm=${encodeURIComponent(gsm)}`, { headers: { accept: "application/json" } });
  if (answer.status !== 200) throw new Error(`GET /dev/sms-outbox answered ${answer.status}: is the server on the outbox driver, outside production?`);
  return answer.json<OutboxMessage[]>();
}

/** The code of the newest SMS to `gsm`: its only run of six digits. */
export async function latestCode(target: Target, gsm: string): Promise<string> {
  const [newest] = await outboxOf(target, gsm);
  const code = newest?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`No code was sent to ${gsm}`);
  return code;
}

function expectOk(answer: HttpAnswer, step: string): void {
  if (answer.status !== 200) throw new Error(`${step} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
}

/** Asks for a code at `path` (signup2 or login2), reads it from the outbox and signs in with it. */
async function signInWithCode(target: Target, path: string, gsm: string): Promise<{ token: string; gsm: string }> {
  const key = await publicKeyOf(target);
  expectOk(await postForm(target, path, { gsm: encryptFor(key, gsm) }), `${path} of ${gsm}`);
  const code = await latestCode(target, gsm);
  const answer = await postForm(target, "/api/users/signin", { data: encryptFor(key, `${gsm}#${code}`) });
  expectOk(answer, `signin of ${gsm}`);
  return answer.json<{ data: { token: string; gsm: string } }>().data;
}

/**
 * Registers `gsm` (a fresh number by default) through the spec API, reading the code from the dev
 * outbox, and answers the session token. Each call sends one code from this client's IP: a test that
 * registers many subscribers raises OTP_SENDS_PER_IP_HOUR, and says so.
 */
export function registerSubscriber(target: Target, gsm: string = freshNumber()): Promise<{ token: string; gsm: string }> {
  return signInWithCode(target, "/core/api/users/signup2", gsm);
}

/** Logs an existing subscriber in through the spec API (login2 → outbox → signin); answers the token. */
export function loginSubscriber(target: Target, gsm: string): Promise<{ token: string; gsm: string }> {
  return signInWithCode(target, "/core/api/users/login2", gsm);
}

/**
 * Fails when any of `secrets` (codes, tokens, passwords a test saw) stands in the server's output. A secret made
 * of digits only counts where it stands on its own: a six-digit code is not "logged" because the same six digits
 * occur inside a 13-digit timestamp (CI met that once: a code starting 519 while the log's timestamps ran through
 * 1795551519…). The failure shows the line with the secret masked.
 */
export function expectNotLogged(server: { output(): string }, secrets: string[]): void {
  const output = server.output();
  const patternOf = (secret: string) => {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(/^\d+$/.test(secret) ? `(?<!\\d)${escaped}(?!\\d)` : escaped);
  };
  const leaked = secrets.filter((secret) => patternOf(secret).test(output));
  if (leaked.length === 0) return;
  const secret = leaked[0]!;
  const line = output.split("\n").find((entry) => patternOf(secret).test(entry)) ?? "";
  throw new Error(`The server logged ${leaked.length} code(s) or token(s), e.g. one starting ${secret.slice(0, 3)}…, in: ${line.replace(patternOf(secret), "[secret]").slice(0, 600)}`);
}

/**
 * The key of voucher hashes the voucher tests give their servers (VOUCHER_HASH_KEY), so that instances on one
 * database and the tests that make vouchers hash alike (server/charging/voucher-secret.ts).
 */
export const TEST_VOUCHER_HASH_KEY = "test-voucher-hash-key-0123456789abcdef";

/** What setChargingLine sets of a line's money; amounts in the operator's smallest unit. */
export interface ChargingLineFields {
  plan?: "prepaid" | "postpaid";
  mainBalance?: number;
  unbilled?: number;
  creditLimit?: number;
  /** Days from the operator's today (DEFAULT_OPERATOR_TIME_ZONE of common/format.ts: the test servers set no other) to the last valid day; null: no validity. */
  validForDays?: number | null;
}

const CHARGING_LINE_COLUMNS = { plan: "plan", mainBalance: "main_balance", unbilled: "unbilled", creditLimit: "credit_limit", validForDays: "valid_until" } as const;

/**
 * Gives `gsm` a charging line in the database at `databaseUrl`: a new line takes `fields` over the defaults (prepaid,
 * nothing on it and nothing unbilled, no credit limit, valid 30 days); an existing line changes only the fields
 * given, so a test can change the balance of a line and keep the rest.
 */
export async function setChargingLine(databaseUrl: string, gsm: string, fields: ChargingLineFields): Promise<void> {
  const given = (Object.keys(CHARGING_LINE_COLUMNS) as (keyof ChargingLineFields)[]).filter((field) => fields[field] !== undefined);
  const line = { plan: "prepaid", mainBalance: 0, unbilled: 0, creditLimit: 0, validForDays: 30, ...Object.fromEntries(given.map((field) => [field, fields[field]])) };
  const changes = given.map((field) => `${CHARGING_LINE_COLUMNS[field]} = excluded.${CHARGING_LINE_COLUMNS[field]}`);
  await withClient(databaseUrl, (client) =>
    client.query(
      `insert into charging_lines (gsm, plan, main_balance, unbilled, credit_limit, valid_until)
       values ($1, $2, $3, $4, $5, (now() at time zone $7)::date + $6::int)
       on conflict (gsm) do ${changes.length > 0 ? `update set ${changes.join(", ")}` : "nothing"}`,
      [gsm, line.plan, line.mainBalance, line.unbilled, line.creditLimit, line.validForDays, DEFAULT_OPERATOR_TIME_ZONE],
    ),
  );
}
