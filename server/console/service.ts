// The operator's console (issue 17): staff enrolment, login with a second factor, sessions, staff
// administration and the audit log. Every change is written to staff_audit (before → after) in the same
// transaction as the change. No password, code, secret or token is ever logged or stored in the clear.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, sql } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, RECOVERY_CODE_COUNT, STAFF_LOCK_MINUTES, STAFF_LOGIN_MAX_FAILURES, type AuditFilter, type StaffRole } from "../../common/console.ts";
import { hashPassword, passwordMatches } from "../auth/password-hash.ts";
import { oncePerConfig } from "../auth/local-key.ts";
import { hitLimits, type RateLimit } from "../auth/rate-limit.ts";
import { rateLimitSubject } from "../client-ip.ts";
import type { Db } from "../db/database.ts";
import { serviceCentres, staffAccounts, staffAudit, staffEnrolments, staffRecoveryCodes, staffSessions } from "../db/schema.ts";
import type { AppServices } from "../services.ts";
import { audit, newEnrolment, sha256, staffView, type Actor, type Tx } from "./enrolment.ts";
import { ConsoleError } from "./errors.ts";
import { consoleSecretKey, decryptSecret, encryptSecret } from "./secret-key.ts";
import { newRecoveryCode, newTotpSecret, recoveryCodeKey, totpStepOf } from "./totp.ts";

export { audit, createAdminEnrolment, ENROLMENT_HOURS, type Actor } from "./enrolment.ts";

export { CONSOLE_SESSION_COOKIE } from "../auth/session.ts";
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;

type Executor = Db | Tx;

export interface Staff {
  id: number;
  email: string;
  displayName: string;
  roles: StaffRole[];
  centreIds: string[];
  sessionId: number;
}


const newToken = () => randomBytes(32).toString("base64url");

const secretKey = oncePerConfig((config: AppServices["config"]) => consoleSecretKey({ configured: config.CONSOLE_SECRET_KEY, dataDir: config.dataDir }));

export interface EnrolmentView {
  email: string;
  displayName: string;
  /**
   * The TOTP secret this enrolment offers (base32), shown on the enrolment page until it is used; null on a
   * reset second factor's link until this browser has proved the account's password (proveResetPassword).
   */
  totpSecret: string | null;
  /**
   * A reset second factor: the account keeps its password, and the link asks for it before it shows a secret.
   * Whoever holds the link (the admin who made it, a mailbox it passed through) can neither set a password of
   * their own nor see the secret the owner will enrol with.
   */
  keepsPassword: boolean;
}

/** The cookie that binds a reset link's new secret to the browser that proved the password (Path=/console/enrol). */
export const ENROLMENT_BROWSER_COOKIE = "console_enrol";
export const ENROLMENT_BROWSER_MINUTES = 15;

const liveEnrolment = (tokenHash: string) => and(eq(staffEnrolments.tokenHash, tokenHash), isNull(staffEnrolments.usedAt), gt(staffEnrolments.expiresAt, sql`now()`));
const wellFormedToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);
/** Ten wrong codes per link in 15 minutes, whoever sends them: a link's secret cannot be guessed code by code. */
const enrolmentCodeLimit = (token: string): RateLimit => ({ key: `console-enrol-code:${sha256(token)}`, limit: 10, windowSeconds: 15 * 60 });

/**
 * The enrolment of a link, or ENROLMENT_INVALID. A first enrolment's TOTP secret is made on the first visit; a
 * reset link's is made only by proveResetPassword and shown only to the browser holding its nonce.
 */
export async function showEnrolment(services: AppServices, token: string, browserNonce?: string): Promise<EnrolmentView> {
  if (!wellFormedToken(token)) throw new ConsoleError("ENROLMENT_INVALID");
  const key = secretKey(services.config);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: staffEnrolments.id,
        pending: staffEnrolments.pendingTotpSecret,
        pendingBrowser: staffEnrolments.pendingBrowserHash,
        email: staffAccounts.email,
        displayName: staffAccounts.displayName,
        disabled: staffAccounts.disabled,
        passwordHash: staffAccounts.passwordHash,
      })
      .from(staffEnrolments)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
      .where(liveEnrolment(sha256(token)))
      .for("update", { of: staffEnrolments });
    if (!row || row.disabled) throw new ConsoleError("ENROLMENT_INVALID");
    if (row.passwordHash !== null) {
      const proved = row.pending !== null && row.pendingBrowser !== null && browserNonce !== undefined && sha256(browserNonce) === row.pendingBrowser;
      return { email: row.email, displayName: row.displayName, totpSecret: proved ? decryptSecret(key, row.pending!) : null, keepsPassword: true };
    }
    let secret = row.pending ? decryptSecret(key, row.pending) : null;
    if (!secret) {
      secret = newTotpSecret();
      await tx.update(staffEnrolments).set({ pendingTotpSecret: encryptSecret(key, secret) }).where(eq(staffEnrolments.id, row.id));
    }
    return { email: row.email, displayName: row.displayName, totpSecret: secret, keepsPassword: false };
  });
}

/**
 * A reset second factor's first step: the account's own password, its try counted with the login's (and the
 * lock checked) in SQL before scrypt. Right, a new TOTP secret is made for the link and bound to this browser
 * (the nonce answered goes in an HttpOnly cookie); any secret made before is dropped.
 */
export async function proveResetPassword(services: AppServices, token: string, currentPassword: string, clientIp: string): Promise<{ browserNonce: string }> {
  if (!wellFormedToken(token)) throw new ConsoleError("ENROLMENT_INVALID");
  const wait = await hitLimits(services.db, [consoleLoginIpLimit(services, clientIp)]);
  if (wait !== null) throw consoleLoginLimited(wait);
  const [live] = await services.db
    .select({ id: staffEnrolments.id, staffId: staffEnrolments.staffId, email: staffAccounts.email, passwordHash: staffAccounts.passwordHash, disabled: staffAccounts.disabled })
    .from(staffEnrolments)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
    .where(liveEnrolment(sha256(token)))
    .limit(1);
  // A disabled account's link is refused before any try is counted or hashed: no answer tells its password.
  if (!live || live.disabled || live.passwordHash === null) throw new ConsoleError("ENROLMENT_INVALID");
  const counted = await countLoginTry(services.db, sql`id = ${live.staffId}`);
  if (!counted || !counted.password_hash || !(await passwordMatches(currentPassword, counted.password_hash))) {
    await audit(services.db, { staff: { id: live.staffId, email: live.email }, clientIp }, "staff.login-failed", `staff:${live.staffId}`, null, { reason: "reset-link-password", ...(counted && counted.failed_logins >= STAFF_LOGIN_MAX_FAILURES ? { locked: true } : {}) });
    throw new ConsoleError("CURRENT_PASSWORD_WRONG", { fieldErrors: { currentPassword: ["console.errors.CURRENT_PASSWORD_WRONG"] } });
  }
  const browserNonce = newToken();
  const key = secretKey(services.config);
  await services.db.transaction(async (tx) => {
    const bound = await tx
      .update(staffEnrolments)
      .set({ pendingTotpSecret: encryptSecret(key, newTotpSecret()), pendingBrowserHash: sha256(browserNonce) })
      .where(and(eq(staffEnrolments.id, live.id), liveEnrolment(sha256(token))))
      .returning({ id: staffEnrolments.id });
    if (bound.length !== 1) throw new ConsoleError("ENROLMENT_INVALID");
    await tx.update(staffAccounts).set({ failedLogins: 0, lockedUntil: null }).where(eq(staffAccounts.id, live.staffId));
  });
  return { browserNonce };
}

/** A first enrolment sets a password; a reset second factor's link (its password proved before) takes the code only. */
export type EnrolmentInput = { code: string; password?: string };

/** The form of an enrolment, read once the link is known: a reset link's second step asks for the code only. */
export type EnrolmentForm = (keepsPassword: boolean) => EnrolmentInput;

/**
 * Completes an enrolment: the code proves the authenticator holds the secret; a first enrolment sets the
 * password (a reset link keeps it: its secret exists only for the browser that proved it, `browserNonce`), the
 * secret is kept (encrypted), ten recovery codes made (hashed), every older session of the account ended, and
 * a new session started. Answers the recovery codes (shown once) and the session token.
 */
export async function completeEnrolment(services: AppServices, token: string, readForm: EnrolmentForm, clientIp: string, browserNonce?: string): Promise<{ recoveryCodes: string[]; sessionToken: string }> {
  if (!wellFormedToken(token)) throw new ConsoleError("ENROLMENT_INVALID");
  const key = secretKey(services.config);
  // Counted with the client's console tries, and the link looked at cheaply, before the ~50 ms of scrypt: a
  // flood of posts to made-up links costs an indexed read each, not a hash.
  const wait = await hitLimits(services.db, [consoleLoginIpLimit(services, clientIp)]);
  if (wait !== null) throw consoleLoginLimited(wait);
  const [live] = await services.db
    .select({ staffId: staffEnrolments.staffId, passwordHash: staffAccounts.passwordHash, pendingBrowser: staffEnrolments.pendingBrowserHash })
    .from(staffEnrolments)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
    .where(liveEnrolment(sha256(token)))
    .limit(1);
  if (!live) throw new ConsoleError("ENROLMENT_INVALID");
  const keepsPassword = live.passwordHash !== null;
  const input = readForm(keepsPassword);
  // A reset link's code is taken only from the browser that proved the password.
  if (keepsPassword && (live.pendingBrowser === null || browserNonce === undefined || sha256(browserNonce) !== live.pendingBrowser)) throw new ConsoleError("ENROLMENT_INVALID");
  const codeWait = await hitLimits(services.db, [enrolmentCodeLimit(token)]);
  if (codeWait !== null) throw consoleLoginLimited(codeWait);
  // Hashed before the transaction: scrypt should not hold the row lock (which checks the link again).
  const newPasswordHash = keepsPassword ? null : input.password === undefined ? null : await hashPassword(input.password);
  if (!keepsPassword && newPasswordHash === null) throw new ConsoleError("ENROLMENT_INVALID");
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: staffEnrolments.id, staffId: staffEnrolments.staffId, pending: staffEnrolments.pendingTotpSecret })
      .from(staffEnrolments)
      .where(liveEnrolment(sha256(token)))
      .for("update");
    if (!row || row.staffId !== live.staffId) throw new ConsoleError("ENROLMENT_INVALID");
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, row.staffId)).for("update");
    // The account's password changed kind since the look above (it cannot, short of a new enrolment): refuse.
    if (!account || account.disabled || !row.pending || (account.passwordHash !== null) !== keepsPassword) throw new ConsoleError("ENROLMENT_INVALID");
    const secret = decryptSecret(key, row.pending);
    const step = totpStepOf(secret, input.code);
    if (step === null) throw new ConsoleError("CODE_WRONG", { fieldErrors: { code: ["console.errors.CODE_WRONG"] } });
    await tx.update(staffEnrolments).set({ usedAt: new Date() }).where(eq(staffEnrolments.id, row.id));
    await tx
      .update(staffAccounts)
      .set({ passwordHash: newPasswordHash ?? account.passwordHash, totpSecret: row.pending, totpLastStep: step, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(staffAccounts.id, account.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ staffId: account.id, codeHash: sha256(recoveryCodeKey(code)) })));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, account.id));
    const sessionToken = await createStaffSession(tx, account.id);
    await audit(tx, { staff: { id: account.id, email: account.email }, clientIp }, "staff.enrol", `staff:${account.id}`, { enrolled: account.totpSecret !== null }, { enrolled: true, passwordKept: keepsPassword });
    return { recoveryCodes, sessionToken };
  });
}

type CountedTry = {
  id: string;
  email: string;
  password_hash: string | null;
  totp_secret: string | null;
  disabled: boolean;
  failed_logins: number;
};

/**
 * One password try of an account (`which` picks it), counted and the lock checked in one statement before any
 * scrypt: N parallel wrong tries count exactly up to the limit and lock once. No row: no such account, or locked.
 */
async function countLoginTry(db: Db, which: ReturnType<typeof sql>): Promise<CountedTry | undefined> {
  const counted = await db.execute<CountedTry>(sql`
    update staff_accounts set
      failed_logins = case when locked_until is not null and locked_until <= now() then 1 else failed_logins + 1 end,
      locked_until = case
        when (case when locked_until is not null and locked_until <= now() then 1 else failed_logins + 1 end) >= ${STAFF_LOGIN_MAX_FAILURES}
          then now() + make_interval(mins => ${STAFF_LOCK_MINUTES})
        else null end
    where ${which} and (locked_until is null or locked_until <= now())
    returning id, email, password_hash, totp_secret, disabled, failed_logins`);
  return counted.rows[0];
}

async function createStaffSession(db: Executor, staffId: number): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({ staffId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + STAFF_SESSION_ABSOLUTE_HOURS * 3600_000) });
  return token;
}

/** The per-client limit of console logins. */
export function consoleLoginIpLimit(services: AppServices, clientIp: string): RateLimit {
  return { key: `console-login:ip:${rateLimitSubject(clientIp || "unknown")}`, limit: services.config.CONSOLE_LOGINS_PER_IP_15_MIN, windowSeconds: 15 * 60 };
}

export const consoleLoginLimited = (retryAfterSeconds: number) => new ConsoleError("LOGIN_RATE_LIMITED", { retryAfterSeconds });

/** A hash of nothing, so an unknown e-mail costs the same scrypt as a known one. */
let decoyHash: Promise<string> | null = null;

/**
 * A login: the try is counted (and the lock checked) in one statement before any scrypt, so N parallel
 * wrong tries count exactly up to the limit and lock once; whatever was wrong, one answer (LOGIN_FAILED).
 * A right login resets the count. The code is a TOTP code (each time step accepted once) or a recovery
 * code (each good once).
 */
export async function login(services: AppServices, input: { email: string; password: string; code: string }, clientIp: string): Promise<{ sessionToken: string; staffId: number }> {
  const { db } = services;
  const wait = await hitLimits(db, [consoleLoginIpLimit(services, clientIp)]);
  if (wait !== null) throw consoleLoginLimited(wait);
  const row = await countLoginTry(db, sql`email = ${input.email}`);
  const failed = async (reason: string, staff: { id: number; email: string } | null) => {
    await audit(db, { staff, clientIp }, "staff.login-failed", staff ? `staff:${staff.id}` : null, null, { reason, ...(row && row.failed_logins >= STAFF_LOGIN_MAX_FAILURES ? { locked: true } : {}) });
    return new ConsoleError("LOGIN_FAILED");
  };
  if (!row || !row.password_hash || !row.totp_secret || row.disabled) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await passwordMatches(input.password, await decoyHash);
    const staff = row ? { id: Number(row.id), email: row.email } : null;
    throw await failed(row ? (row.disabled ? "disabled" : "not-enrolled") : "unknown-or-locked", staff);
  }
  const staff = { id: Number(row.id), email: row.email };
  if (!(await passwordMatches(input.password, row.password_hash))) throw await failed("password", staff);
  const factor = await secondFactorAccepted(services, staff.id, row.totp_secret, input.code);
  if (!factor) throw await failed("code", staff);
  return db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ failedLogins: 0, lockedUntil: null }).where(eq(staffAccounts.id, staff.id));
    const sessionToken = await createStaffSession(tx, staff.id);
    // A login with a recovery code is marked, with how many are left: a sign of a lost authenticator.
    const left = factor === "recovery-code" ? (await tx.select({ n: count() }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.staffId, staff.id), isNull(staffRecoveryCodes.usedAt))))[0]!.n : undefined;
    await audit(tx, { staff, clientIp }, "staff.login", `staff:${staff.id}`, null, factor === "recovery-code" ? { factor, recoveryCodesLeft: left } : { factor });
    return { sessionToken, staffId: staff.id };
  });
}

/** Which second factor signed in (a TOTP code or a recovery code), or null when the code is not good. */
async function secondFactorAccepted(services: AppServices, staffId: number, encryptedSecret: string, code: string): Promise<"totp" | "recovery-code" | null> {
  if (/^\d{6}$/.test(code)) {
    const step = totpStepOf(decryptSecret(secretKey(services.config), encryptedSecret), code);
    if (step === null) return null;
    // A step is accepted once: a code seen over a shoulder cannot be used again.
    const taken = await services.db
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(and(eq(staffAccounts.id, staffId), sql`(${staffAccounts.totpLastStep} is null or ${staffAccounts.totpLastStep} < ${step})`))
      .returning({ id: staffAccounts.id });
    return taken.length === 1 ? "totp" : null;
  }
  const used = await services.db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, sha256(recoveryCodeKey(code))), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1 ? "recovery-code" : null;
}

/** The staff member of a live console session (30 minutes idle, 12 hours absolute, account enabled), or null. */
export async function findStaff(db: Db, token: string | undefined): Promise<Staff | null> {
  if (!token || token.length > 100) return null;
  const touched = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, sql`now() - make_interval(mins => ${STAFF_SESSION_IDLE_MINUTES})`),
      ),
    )
    .returning({ sessionId: staffSessions.id, staffId: staffSessions.staffId });
  const session = touched[0];
  if (!session) return null;
  const [account] = await db.select().from(staffAccounts).where(and(eq(staffAccounts.id, session.staffId), eq(staffAccounts.disabled, false)));
  if (!account) return null;
  return { id: account.id, email: account.email, displayName: account.displayName, roles: account.roles as StaffRole[], centreIds: account.centreIds, sessionId: session.sessionId };
}

export async function logout(db: Db, staff: Staff, clientIp: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.id, staff.sessionId));
    await audit(tx, { staff, clientIp }, "staff.logout", `staff:${staff.id}`, null, null);
  });
}

export interface StaffListing {
  id: number;
  email: string;
  displayName: string;
  roles: StaffRole[];
  centreIds: string[];
  disabled: boolean;
  enrolled: boolean;
  locked: boolean;
}

export async function listStaff(db: Db): Promise<StaffListing[]> {
  const rows = await db.select().from(staffAccounts).orderBy(staffAccounts.email);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles as StaffRole[],
    centreIds: row.centreIds,
    disabled: row.disabled,
    enrolled: row.totpSecret !== null,
    locked: row.lockedUntil !== null && row.lockedUntil.getTime() > now,
  }));
}

/** An invitation: a new account with its roles, and its one-time enrolment token. */
/** An agent's centres must be service centres: an id of none would make every desk lookup "not found". */
async function checkCentres(tx: Tx, roles: StaffRole[], centres: string[]): Promise<void> {
  if (!roles.includes("centre-agent") || centres.length === 0) return;
  const known = await tx.select({ id: serviceCentres.id }).from(serviceCentres).where(inArray(serviceCentres.id, centres.map(Number)));
  if (known.length !== centres.length) throw new ConsoleError("CENTRE_UNKNOWN", { fieldErrors: { centres: ["console.errors.CENTRE_UNKNOWN"] } });
}

export async function inviteStaff(db: Db, actor: Actor, input: { email: string; displayName: string; roles: StaffRole[]; centres: string[] }): Promise<{ staffId: number; token: string }> {
  return asAdmin(db, actor, async (tx) => {
    await checkCentres(tx, input.roles, input.centres);
    const [row] = await tx
      .insert(staffAccounts)
      .values({ email: input.email, displayName: input.displayName, roles: input.roles, centreIds: input.roles.includes("centre-agent") ? input.centres : [] })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConsoleError("EMAIL_TAKEN", { fieldErrors: { email: ["console.errors.EMAIL_TAKEN"] } });
    await audit(tx, actor, "staff.invite", `staff:${row.id}`, null, staffView(row));
    return { staffId: row.id, token: await newEnrolment(tx, row.id) };
  });
}

/**
 * The changes of staff accounts run one at a time (a transaction-scoped advisory lock), and each checks again,
 * under that lock, that the admin asking is still an enabled admin: two admins disabling each other at once,
 * or an admin disabled a moment ago finishing a change, cannot slip through. Answers after `change` whether an
 * enabled admin is left, refusing (LAST_ADMIN, all undone) when none is.
 */
async function asAdmin<T>(db: Db, actor: Actor, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console:staff-accounts'))`);
    if (actor.staff) {
      const [self] = await tx.select({ roles: staffAccounts.roles, disabled: staffAccounts.disabled }).from(staffAccounts).where(eq(staffAccounts.id, actor.staff.id));
      if (!self || self.disabled || !self.roles.includes("admin")) throw new ConsoleError("ROLE_REQUIRED");
    }
    const result = await change(tx);
    const [left] = (await tx.execute<{ admins: number }>(sql`select count(*)::int as admins from staff_accounts where not disabled and 'admin' = any(roles)`)).rows;
    if (!left || left.admins < 1) throw new ConsoleError("LAST_ADMIN");
    return result;
  });
}

async function lockedStaff(tx: Tx, staffId: number) {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for("update");
  if (!row) throw new ConsoleError("STAFF_NOT_FOUND");
  return row;
}

export async function updateStaff(db: Db, actor: Actor, input: { staffId: number; roles: StaffRole[]; centres: string[] }): Promise<void> {
  await asAdmin(db, actor, async (tx) => {
    const row = await lockedStaff(tx, input.staffId);
    await checkCentres(tx, input.roles, input.centres);
    // An admin keeps their own admin role: the console always has someone who can manage it.
    if (actor.staff?.id === row.id && !input.roles.includes("admin")) throw new ConsoleError("OWN_ACCOUNT");
    const after = { ...row, roles: input.roles, centreIds: input.roles.includes("centre-agent") ? input.centres : [] };
    await tx.update(staffAccounts).set({ roles: after.roles, centreIds: after.centreIds, updatedAt: new Date() }).where(eq(staffAccounts.id, row.id));
    await audit(tx, actor, "staff.update", `staff:${row.id}`, staffView(row), staffView(after));
  });
}

export async function setStaffDisabled(db: Db, actor: Actor, staffId: number, disabled: boolean): Promise<void> {
  await asAdmin(db, actor, async (tx) => {
    const row = await lockedStaff(tx, staffId);
    if (actor.staff?.id === row.id) throw new ConsoleError("OWN_ACCOUNT");
    await tx.update(staffAccounts).set({ disabled, updatedAt: new Date() }).where(eq(staffAccounts.id, row.id));
    if (disabled) {
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
      // An enrolment link made before must not come back to life if the account is enabled again.
      await tx.update(staffEnrolments).set({ usedAt: new Date() }).where(and(eq(staffEnrolments.staffId, row.id), isNull(staffEnrolments.usedAt)));
    }
    await audit(tx, actor, disabled ? "staff.disable" : "staff.enable", `staff:${row.id}`, staffView(row), staffView({ ...row, disabled }));
  });
}

/** A lost authenticator: the old factor, recovery codes and sessions end; a new enrolment link is made. */
export async function resetSecondFactor(db: Db, actor: Actor, staffId: number): Promise<{ token: string }> {
  return asAdmin(db, actor, async (tx) => {
    const row = await lockedStaff(tx, staffId);
    if (actor.staff?.id === row.id) throw new ConsoleError("OWN_ACCOUNT");
    await tx.update(staffAccounts).set({ totpSecret: null, totpLastStep: null, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(staffAccounts.id, row.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    await audit(tx, actor, "staff.reset-factor", `staff:${row.id}`, { enrolled: row.totpSecret !== null }, { enrolled: false });
    return { token: await newEnrolment(tx, row.id) };
  });
}

export interface AuditRow {
  id: number;
  createdAt: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  clientIp: string | null;
}

/** The audit log, newest first, filtered by who (e-mail, part of it), action and days (UTC), one page. */
export async function listAudit(db: Db, filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number; page: number; pages: number }> {
  const conditions = [
    filter.who ? ilike(staffAudit.actorEmail, `%${filter.who.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.action ? eq(staffAudit.action, filter.action) : undefined,
    filter.from ? gte(staffAudit.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(staffAudit.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  ].filter((condition) => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(staffAudit).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const rows = await db
    .select()
    .from(staffAudit)
    .where(where)
    .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), actorEmail: row.actorEmail, action: row.action, target: row.target, before: row.before, after: row.after, clientIp: row.clientIp })),
    total,
    page,
    pages,
  };
}

/** The audit's action names, for the filter's choices. */
export const AUDIT_ACTIONS = ["staff.create", "staff.admin-enrolment", "staff.invite", "staff.enrol", "staff.login", "staff.login-failed", "staff.logout", "staff.update", "staff.disable", "staff.enable", "staff.reset-factor", "feedback.handle", "reservation.collect", "reservation.cancel", "reservation.lookup", "content.import", "media.upload", "content.draft", "content.discard", "content.publish", "content.schedule", "content.scheduled-publish", "content.scheduled-end", "content.schedule-failed", "content.unpublish", "content.rollback"] as const;
