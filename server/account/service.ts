// Subscriber accounts: one-time-code login and registration, added numbers, the profile and sessions.
// Plain functions over AppServices, called alike by the spec API (server/account/api.ts) and the web UI.
//
// Decisions (README, "Accounts"):
// - A number belongs to at most one account, as its main number or as an added one; login with either
//   signs in to the account that owns it. Registration and add-number refuse a number that any account has.
// - A code is sent at most every OTP_RESEND_SECONDS to a number while its previous code is still pending
//   (a used or voided code does not hold the next one back); a new code voids the number's older ones.
// - Sending limits (per number per 10 minutes and per hour, per client IP per hour) count only codes
//   actually handed to the gateway: a refused request or a failed SMS leaves no hit behind.
// - Wrong codes of a number add up across its codes; OTP_FAILURES_PER_NUMBER_DAY of them within 24 hours lock
//   the number (no code sent, none accepted) for 15 min, then 1 h, 4 h, 16 h, 24 h at most (server/auth/codes.ts).
// - Profile fields are kept per number: each line of an account has its own holder details.
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { LOGIN_NUMBER_PATTERN } from "../../common/constants.ts";
import { calendarDay } from "../../common/format.ts";
import type { ProfileUpdate } from "../../common/account.ts";
import { VALIDATION } from "../../common/account-rules.ts";
import type { Language } from "../../common/language.ts";
import { normaliseDigits } from "../../common/language.ts";
import { codeMatches, codeMessage, FAILURE_WINDOW_SECONDS, generateCode, hashCode, LOCK_SERIES_RESET_SECONDS, lockSeconds } from "../auth/codes.ts";
import { decryptText, NUMBER_ENCRYPTION_ALG, numberEncryptionKey } from "../auth/number-encryption.ts";
import { hitLimits, pruneLimits, refundLimits, type RateLimit } from "../auth/rate-limit.ts";
import { rateLimitSubject } from "../client-ip.ts";
import { createSession, findSessionAccount, revokeOtherSessions, revokeSession, type SessionAccount } from "../auth/session.ts";
import type { Db } from "../db/database.ts";
import { preparedStatement } from "../db/prepared.ts";
import { accountNumbers, accounts, cities, codeFailures, jobs, oneTimeCodes, profiles } from "../db/schema.ts";
import { allowanceLeft } from "../charging/allowance-text.ts";
import { LINE_FEATURES } from "../line-features/catalog.ts";
import type { AppServices } from "../services.ts";
import { SmsDeliveryError } from "../sms/types.ts";
import { AccountError, type CodePurpose, type CodeSent, type NumberItem, type Profile, type RequestOrigin, type SignedIn } from "./types.ts";

export type { SessionAccount };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

const SECOND_MS = 1000;
/** A resend is accepted for a code requested within this time (its purpose is taken from that code). */
const RESEND_WINDOW_SECONDS = 60 * 60;
/** One request in this many also clears old codes and counters (any instance may do it). */
const PRUNE_ONE_IN = 200;

function secondsUntil(date: Date, now: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / SECOND_MS));
}

/** A number as a request sent it, trimmed and with Arabic-Indic digits made Western (not yet validated). */
function submittedNumber(gsm: string): string {
  return normaliseDigits(String(gsm ?? "").trim());
}

function operatorNumber(gsm: string): string {
  const number = submittedNumber(gsm);
  if (!LOGIN_NUMBER_PATTERN.test(number)) throw new AccountError("NUMBER_INVALID");
  return number;
}

async function ownerOf(db: Queryable, gsm: string): Promise<number | null> {
  const [row] = await db.select({ accountId: accountNumbers.accountId }).from(accountNumbers).where(eq(accountNumbers.gsm, gsm)).limit(1);
  return row?.accountId ?? null;
}

async function assertNotLocked(db: Queryable, gsm: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: codeFailures.lockedUntil })
    .from(codeFailures)
    .where(and(eq(codeFailures.gsm, gsm), gt(codeFailures.lockedUntil, now)))
    .limit(1);
  if (row?.lockedUntil) throw new AccountError("NUMBER_LOCKED", { retryAfterSeconds: secondsUntil(row.lockedUntil, now) });
}

/**
 * Counts a wrong code against the number, under the number's row lock, so that parallel failures are
 * counted one after the other: the failure that reaches OTP_FAILURES_PER_NUMBER_DAY locks the number
 * (once per crossing; the count starts again). Answers the lock's end when this failure locked it.
 */
async function recordWrongCode(tx: Tx, services: AppServices, gsm: string, now: Date): Promise<Date | null> {
  await tx.insert(codeFailures).values({ gsm, windowStartedAt: now, failures: 0 }).onConflictDoNothing();
  const [row] = await tx.select().from(codeFailures).where(eq(codeFailures.gsm, gsm)).for("update");
  const windowOver = row!.windowStartedAt.getTime() <= now.getTime() - FAILURE_WINDOW_SECONDS * SECOND_MS;
  const failures = (windowOver ? 0 : row!.failures) + 1;
  if (failures < services.config.OTP_FAILURES_PER_NUMBER_DAY) {
    await tx.update(codeFailures).set({ failures, windowStartedAt: windowOver ? now : row!.windowStartedAt }).where(eq(codeFailures.gsm, gsm));
    return null;
  }
  const seriesOver = !row!.lockedUntil || row!.lockedUntil.getTime() < now.getTime() - LOCK_SERIES_RESET_SECONDS * SECOND_MS;
  const locks = (seriesOver ? 0 : row!.locks) + 1;
  const lockedUntil = new Date(now.getTime() + lockSeconds(locks) * SECOND_MS);
  await tx.update(codeFailures).set({ locks, lockedUntil, failures: 0, windowStartedAt: now }).where(eq(codeFailures.gsm, gsm));
  services.logger.warn({ locks, lockSeconds: lockSeconds(locks) }, "number locked after too many wrong codes");
  return lockedUntil;
}

interface CodeTarget {
  gsm: string;
  purpose: CodePurpose;
  /** The asking account, for add-number. */
  accountId: number | null;
}

/** Codes a client IP may ask for per hour: counted when a code is sent, and peeked before a request's body is read. */
export function codeSendingIpLimit(services: Pick<AppServices, "config">, clientIp: string): RateLimit {
  return { key: `otp:ip:1h:${rateLimitSubject(clientIp || "unknown")}`, limit: services.config.OTP_SENDS_PER_IP_HOUR, windowSeconds: 60 * 60 };
}

/** The refusal of a sender over a sending limit. */
export function codeSendingLimited(retryAfterSeconds: number): AccountError {
  return new AccountError("RATE_LIMITED", { retryAfterSeconds });
}

function sendingLimits(services: AppServices, gsm: string, origin: RequestOrigin): RateLimit[] {
  const { config } = services;
  return [
    { key: `otp:number:10m:${gsm}`, limit: config.OTP_SENDS_PER_NUMBER_10_MIN, windowSeconds: 10 * 60 },
    { key: `otp:number:1h:${gsm}`, limit: config.OTP_SENDS_PER_NUMBER_HOUR, windowSeconds: 60 * 60 },
    codeSendingIpLimit(services, origin.clientIp),
  ];
}

/** Issues a new code for the target and sends it by SMS, under every sending rule. */
async function sendCode(services: AppServices, target: CodeTarget, origin: RequestOrigin): Promise<CodeSent> {
  const { config, db } = services;
  const { gsm } = target;
  const { codeHashKey } = await numberEncryptionKey(services);
  const code = generateCode();
  const now = new Date();
  const limits = sendingLimits(services, gsm, origin);

  const codeId = await db.transaction(async (tx) => {
    // One sender per number at a time, on every instance: the checks below then see each other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${gsm}`}))`);
    await assertNotLocked(tx, gsm, now);
    const [pending] = await tx
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.gsm, gsm),
          isNull(oneTimeCodes.usedAt),
          isNull(oneTimeCodes.voidedAt),
          gt(oneTimeCodes.createdAt, new Date(now.getTime() - config.OTP_RESEND_SECONDS * SECOND_MS)),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (pending) {
      const resendAt = new Date(pending.createdAt.getTime() + config.OTP_RESEND_SECONDS * SECOND_MS);
      throw new AccountError("RESEND_TOO_SOON", { retryAfterSeconds: secondsUntil(resendAt, now) });
    }
    const wait = await hitLimits(tx, limits);
    if (wait !== null) throw codeSendingLimited(wait);
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        gsm,
        purpose: target.purpose,
        accountId: target.accountId,
        codeHash: hashCode(codeHashKey, gsm, target.purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + config.OTP_TTL_SECONDS * SECOND_MS),
      })
      .returning({ id: oneTimeCodes.id });
    return row!.id;
  });

  try {
    await services.sms.send({ to: gsm, text: codeMessage(origin.language, code, config.OTP_TTL_SECONDS) });
  } catch (error) {
    // Not sent: the code never existed and the sender's limits are as they were.
    await db.transaction(async (tx) => {
      await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, codeId));
      await refundLimits(tx, limits.map((limit) => limit.key));
    });
    if (error instanceof SmsDeliveryError) {
      services.metrics.smsError();
      services.logger.warn({ driver: services.sms.driver, purpose: target.purpose, err: error.message }, "SMS not accepted by the gateway");
      throw new AccountError("SMS_UNAVAILABLE");
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ sentAt: new Date() }).where(eq(oneTimeCodes.id, codeId));
    await tx
      .update(oneTimeCodes)
      .set({ voidedAt: new Date() })
      .where(and(eq(oneTimeCodes.gsm, gsm), ne(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt), isNull(oneTimeCodes.voidedAt)));
  });
  services.metrics.codeSent(target.purpose);
  if (Math.random() * PRUNE_ONE_IN < 1) void pruneOldCodes(db).catch(() => {});
  return { gsm, purpose: target.purpose, resendAfterSeconds: config.OTP_RESEND_SECONDS, expiresInSeconds: config.OTP_TTL_SECONDS };
}

async function pruneOldCodes(db: Db): Promise<void> {
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.createdAt, new Date(Date.now() - 2 * 24 * 60 * 60 * SECOND_MS)));
  await pruneLimits(db);
}

/** Login: a code for a number that an account has (as main or added number). */
export async function requestLoginCode(services: AppServices, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  const number = operatorNumber(gsm);
  await assertNotLocked(services.db, number, new Date());
  if ((await ownerOf(services.db, number)) === null) throw new AccountError("NO_ACCOUNT");
  return sendCode(services, { gsm: number, purpose: "login", accountId: null }, origin);
}

/** Registration: a code for a number that no account has. */
export async function requestRegisterCode(services: AppServices, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  const number = operatorNumber(gsm);
  await assertNotLocked(services.db, number, new Date());
  if ((await ownerOf(services.db, number)) !== null) throw new AccountError("ACCOUNT_EXISTS");
  return sendCode(services, { gsm: number, purpose: "register", accountId: null }, origin);
}

/** Add-number: a code to the new number, bound to the asking account. */
export async function requestAddNumberCode(services: AppServices, accountId: number, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  const number = operatorNumber(gsm);
  await assertNotLocked(services.db, number, new Date());
  if ((await ownerOf(services.db, number)) !== null) throw new AccountError("NUMBER_TAKEN");
  return sendCode(services, { gsm: number, purpose: "add-number", accountId }, origin);
}

/** Hotline service password: a fresh code to one of the caller's own numbers, bound to the account. */
export async function requestServicePasswordCode(services: AppServices, accountId: number, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  const number = operatorNumber(gsm);
  if ((await ownerOf(services.db, number)) !== accountId) throw new AccountError("NOT_YOUR_NUMBER");
  return sendCode(services, { gsm: number, purpose: "service-password", accountId }, origin);
}

/** Consumes the number's service-password code (single use, wrong tries counted) and runs `onVerified` in its transaction. */
export async function verifyServicePasswordCode<T>(services: AppServices, accountId: number, gsm: string, code: string, onVerified: (tx: Tx) => Promise<T>): Promise<T> {
  return consumeCode(services, operatorNumber(gsm), code, ["service-password"], accountId, (tx) => onVerified(tx));
}

/** A new code for what the number's latest code (requested within the last hour) was for. */
export async function resendCode(services: AppServices, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  const number = operatorNumber(gsm);
  const [latest] = await services.db
    .select({ purpose: oneTimeCodes.purpose, accountId: oneTimeCodes.accountId, usedAt: oneTimeCodes.usedAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.gsm, number),
        isNotNull(oneTimeCodes.sentAt),
        gt(oneTimeCodes.createdAt, new Date(Date.now() - RESEND_WINDOW_SECONDS * SECOND_MS)),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!latest || latest.usedAt) throw new AccountError("NO_PENDING_CODE");
  switch (latest.purpose as CodePurpose) {
    case "login":
      return requestLoginCode(services, number, origin);
    case "register":
      return requestRegisterCode(services, number, origin);
    case "add-number":
      return requestAddNumberCode(services, latest.accountId!, number, origin);
    case "service-password":
      return requestServicePasswordCode(services, latest.accountId!, number, origin);
  }
}

/**
 * Checks `code` against the number's pending code of one of `purposes` (and of `accountId`, for
 * add-number and the service password). The try is counted on the code first, in the one statement that
 * also checks that the number is not locked and the code still takes tries, before the code is compared:
 * of any number of parallel submissions at most OTP_MAX_WRONG_TRIES are compared, and a wrong one is then
 * counted once against the number. A right code is consumed by one atomic update, so of many parallel
 * right submissions exactly one gets to `onSuccess`, in the same transaction (its try is not a wrong one).
 */
async function consumeCode<T>(
  services: AppServices,
  gsm: string,
  code: string,
  purposes: CodePurpose[],
  accountId: number | null,
  onSuccess: (tx: Tx, purpose: CodePurpose) => Promise<T>,
): Promise<T> {
  const { db, config } = services;
  const now = new Date();
  const tried = await db.execute<{ id: number; purpose: CodePurpose; account_id: number | null; code_hash: string; wrong_tries: number }>(sql`
    update one_time_codes set wrong_tries = wrong_tries + 1
    where id = (
      select id from one_time_codes
      where gsm = ${gsm} and purpose in (${sql.join(purposes.map((purpose) => sql`${purpose}`), sql`, `)})
        and sent_at is not null and used_at is null and voided_at is null and expires_at > ${now}
      order by id desc limit 1)
      and used_at is null and voided_at is null and wrong_tries < ${config.OTP_MAX_WRONG_TRIES}
      and not exists (select 1 from code_failures where gsm = ${gsm} and locked_until > ${now})
    returning id, purpose, account_id, code_hash, wrong_tries`);
  const candidate = tried.rows[0];
  if (!candidate) {
    await assertNotLocked(db, gsm, now);
    services.metrics.codeFailed("invalid");
    throw new AccountError("CODE_INVALID");
  }
  const purpose = candidate.purpose;
  // Another account's add-number code: not this caller's to try (its try is given back; nothing else changes).
  if ((purpose === "add-number" || purpose === "service-password") && Number(candidate.account_id) !== accountId) {
    await db.update(oneTimeCodes).set({ wrongTries: sql`${oneTimeCodes.wrongTries} - 1` }).where(eq(oneTimeCodes.id, Number(candidate.id)));
    throw new AccountError("NOT_YOUR_NUMBER");
  }
  const { codeHashKey } = await numberEncryptionKey(services);

  if (!codeMatches(codeHashKey, gsm, purpose, code, candidate.code_hash)) {
    const lockedUntil = await db.transaction(async (tx) => {
      // The last try a code takes voids it.
      if (candidate.wrong_tries >= config.OTP_MAX_WRONG_TRIES) {
        await tx.update(oneTimeCodes).set({ voidedAt: now }).where(and(eq(oneTimeCodes.id, Number(candidate.id)), isNull(oneTimeCodes.usedAt)));
      }
      return recordWrongCode(tx, services, gsm, now);
    });
    services.metrics.codeFailed("wrong");
    if (lockedUntil) throw new AccountError("NUMBER_LOCKED", { retryAfterSeconds: secondsUntil(lockedUntil, now) });
    throw new AccountError("CODE_INVALID");
  }

  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(oneTimeCodes)
      .set({ usedAt: now, wrongTries: sql`${oneTimeCodes.wrongTries} - 1` })
      .where(and(eq(oneTimeCodes.id, Number(candidate.id)), isNull(oneTimeCodes.usedAt), isNull(oneTimeCodes.voidedAt), gt(oneTimeCodes.expiresAt, now)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 0) throw new AccountError("CODE_INVALID");
    const result = await onSuccess(tx, purpose);
    services.metrics.codeVerified(purpose);
    return result;
  });
}

function sessionLifetimes(services: AppServices) {
  return { ttlDays: services.config.SESSION_TTL_DAYS, idleDays: services.config.SESSION_IDLE_DAYS };
}

/** Completes a pending login or registration (which creates the account) and starts a new session. */
export async function signIn(services: AppServices, gsm: string, code: string, _origin: RequestOrigin): Promise<SignedIn> {
  const number = operatorNumber(gsm);
  return consumeCode(services, number, code, ["login", "register"], null, async (tx, purpose) => {
    let accountId: number;
    if (purpose === "register") {
      const [account] = await tx.insert(accounts).values({ mainGsm: number }).onConflictDoNothing().returning({ id: accounts.id });
      if (!account) throw new AccountError("ACCOUNT_EXISTS");
      const listed = await tx.insert(accountNumbers).values({ gsm: number, accountId: account.id, isMain: true }).onConflictDoNothing().returning();
      if (listed.length === 0) throw new AccountError("ACCOUNT_EXISTS");
      accountId = account.id;
    } else {
      const owner = await ownerOf(tx, number);
      if (owner === null) throw new AccountError("NO_ACCOUNT");
      accountId = owner;
    }
    const session = await createSession(tx, accountId, sessionLifetimes(services));
    return { token: session.token, sessionId: session.sessionId, gsm: number, accountId, registered: purpose === "register" };
  });
}

/** Adds the number to the account once its add-number code is right. */
export async function verifyAddedNumber(services: AppServices, accountId: number, gsm: string, code: string, _origin: RequestOrigin): Promise<NumberItem> {
  const number = operatorNumber(gsm);
  return consumeCode(services, number, code, ["add-number"], accountId, async (tx) => {
    const added = await tx.insert(accountNumbers).values({ gsm: number, accountId }).onConflictDoNothing().returning();
    if (added.length === 0) throw new AccountError("NUMBER_TAKEN");
    return { gsm: number };
  });
}

/** Decrypts the `number#code` form of signin and new/verify; anything else is CODE_INVALID. */
export async function decryptNumberAndCode(services: AppServices, base64: string): Promise<{ gsm: string; code: string }> {
  const plain = typeof base64 === "string" ? await decryptText(services, base64) : null;
  const match = plain === null ? null : /^(09[4567]\d{7})#(\d{6})$/.exec(normaliseDigits(plain.trim()));
  if (!match) throw new AccountError("CODE_INVALID");
  return { gsm: match[1]!, code: match[2]! };
}

/** Decrypts the number of login2 and signup2; anything but a number of the operator's ranges is NUMBER_INVALID. */
export async function decryptNumber(services: AppServices, base64: string): Promise<string> {
  const plain = typeof base64 === "string" ? await decryptText(services, base64) : null;
  if (plain === null) throw new AccountError("NUMBER_INVALID");
  return operatorNumber(plain);
}

export async function getPublicKey(services: AppServices): Promise<{ pem: string; alg: typeof NUMBER_ENCRYPTION_ALG }> {
  return { pem: (await numberEncryptionKey(services)).publicPem, alg: NUMBER_ENCRYPTION_ALG };
}

/** The account's numbers: the main one first, then the added ones in the order they were added. */
const numbersOfAccount = preparedStatement("numbers_of_account", (db, name) =>
  db
    .select({ gsm: accountNumbers.gsm })
    .from(accountNumbers)
    .where(eq(accountNumbers.accountId, sql.placeholder("accountId")))
    .orderBy(desc(accountNumbers.isMain), accountNumbers.addedAt, accountNumbers.gsm)
    .prepare(name),
);

export async function listNumbers(services: AppServices, accountId: number): Promise<NumberItem[]> {
  return numbersOfAccount(services.db).execute({ accountId });
}

export async function assertOwnsNumber(services: AppServices, accountId: number, gsm: string): Promise<void> {
  const number = submittedNumber(gsm);
  if ((await ownerOf(services.db, number)) !== accountId) throw new AccountError("NOT_YOUR_NUMBER");
}

/** A number's owner and stored profile in one round trip (the profile page asks on every view). */
const ownerAndProfileOf = preparedStatement("owner_and_profile_of_number", (db, name) =>
  db
    .select({ accountId: accountNumbers.accountId, profile: profiles })
    .from(accountNumbers)
    .leftJoin(profiles, eq(profiles.gsm, accountNumbers.gsm))
    .where(eq(accountNumbers.gsm, sql.placeholder("gsm")))
    .limit(1)
    .prepare(name),
);

export async function getProfile(services: AppServices, accountId: number, gsm: string, language: Language): Promise<Profile> {
  const number = submittedNumber(gsm);
  const [owned] = await ownerAndProfileOf(services.db).execute({ gsm: number });
  if (owned?.accountId !== accountId) throw new AccountError("NOT_YOUR_NUMBER");
  // The operator's systems are asked only about a number the account owns: the network for the name and
  // services, the charging system for the plan, the money and the bundles.
  const [line, balance, bundles] = await Promise.all([services.network.subscriberLine(number, language), services.charging.balance(number), services.charging.activeBundles(number)]);
  const stored = owned.profile;
  return {
    gsm: number,
    name: line.name,
    lineType: balance.plan,
    balance: balance.plan === "prepaid" ? balance.mainBalance : null,
    gender: stored?.gender === 0 || stored?.gender === 1 ? stored.gender : null,
    cityId: stored?.cityId ?? null,
    jobId: stored?.jobId ?? null,
    birthDate: stored?.birthDate ?? null,
    address: stored?.address ?? null,
    email: stored?.email ?? null,
    activeBundles: bundles.map((subscription) => ({
      id: String(subscription.id),
      name: subscription.title[language],
      remaining: subscription.allowances.map((allowance) => allowanceLeft(language, allowance)).join(" · "),
      expiresOn: calendarDay(subscription.endsAt, services.config.OPERATOR_TIME_ZONE),
    })),
    lineState: line.state,
    // The line's services are its features that are on, named as their screens name them.
    activeServices: line.activeServices.map((service) => ({
      id: service.feature,
      name: LINE_FEATURES[service.feature].title[language],
      since: calendarDay(service.since, services.config.OPERATOR_TIME_ZONE),
    })),
  };
}

/** Stores the profile of one of the account's numbers; city and job must be known ones. */
export async function updateProfile(services: AppServices, accountId: number, input: ProfileUpdate): Promise<void> {
  await assertOwnsNumber(services, accountId, input.gsm);
  const [[city], [job]] = await Promise.all([
    services.db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId)).limit(1),
    services.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, input.jobId)).limit(1),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (!city) fieldErrors.cityId = [VALIDATION.cityRequired];
  if (!job) fieldErrors.jobId = [VALIDATION.jobRequired];
  if (Object.keys(fieldErrors).length > 0) throw new AccountError("VALIDATION", { fieldErrors });
  const values = {
    gender: input.gender,
    cityId: input.cityId,
    jobId: input.jobId,
    birthDate: input.birthDate,
    address: input.address,
    email: input.email,
    updatedAt: new Date(),
  };
  await services.db.insert(profiles).values({ gsm: input.gsm, ...values }).onConflictDoUpdate({ target: profiles.gsm, set: values });
}

/** The account behind a session token, or null when the session is unknown, revoked, expired or idle too long. */
export async function authenticate(services: AppServices, token: string | null | undefined): Promise<SessionAccount | null> {
  return findSessionAccount(services.db, token, services.config.SESSION_IDLE_DAYS);
}

export async function signOut(services: AppServices, sessionId: number): Promise<void> {
  await revokeSession(services.db, sessionId);
}

/** Ends every other session of the account at once; answers how many ended. */
export async function signOutOtherDevices(services: AppServices, accountId: number, keepSessionId: number): Promise<number> {
  return revokeOtherSessions(services.db, accountId, keepSessionId);
}

