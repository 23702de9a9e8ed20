// Hotline: deactivate a line (a lost or stolen SIM) and reactivate it. Each needs the national ID the
// line is registered to and the line's service password; the password is set after a fresh one-time
// code to that number. Every try is counted before it is checked: HOTLINE_MAX_FAILURES tries without a
// right one lock the hotline of the number for HOTLINE_LOCK_MINUTES; a wrong ID and a wrong password get
// the same answer. Every change is audited (never with a secret).
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { listNumbers, requestServicePasswordCode, verifyServicePasswordCode } from "../account/service.ts";
import type { CodeSent, RequestOrigin } from "../account/types.ts";
import { lineServicePasswords } from "../db/schema.ts";
import type { AppServices } from "../services.ts";
import { recordChange } from "./audit.ts";
import { assertLineOwned } from "./feature.ts";
import { hashServicePassword, sameText, servicePasswordMatches } from "./service-password.ts";
import { LineFeatureError, type Actor, type HotlineLine, type LineState } from "./types.ts";

export const HOTLINE_MAX_FAILURES = 5;
export const HOTLINE_LOCK_MINUTES = 30;

export async function listHotlineLines(services: AppServices, accountId: number): Promise<HotlineLine[]> {
  const numbers = await listNumbers(services, accountId);
  return Promise.all(
    numbers.map(async ({ gsm }) => {
      const [status, [password]] = await Promise.all([
        services.network.lineStatus(gsm),
        services.db.select({ gsm: lineServicePasswords.gsm }).from(lineServicePasswords).where(eq(lineServicePasswords.gsm, gsm)).limit(1),
      ]);
      return { gsm, state: status.state, hasServicePassword: password !== undefined, stateChangedAt: status.stateChangedAt?.toISOString() ?? null };
    }),
  );
}

export async function sendServicePasswordCode(services: AppServices, accountId: number, gsm: string, origin: RequestOrigin): Promise<CodeSent> {
  await assertLineOwned(services, accountId, gsm);
  return requestServicePasswordCode(services, accountId, gsm, origin);
}

/**
 * Verifies the fresh code (single use, tries counted) before anything costly, then stores the new
 * password's hash (scrypt only after a right code); failures and lock start again.
 */
export async function setServicePassword(services: AppServices, actor: Actor, gsm: string, code: string, password: string): Promise<void> {
  await assertLineOwned(services, actor.accountId, gsm);
  await verifyServicePasswordCode(services, actor.accountId, gsm, code, async () => {});
  const values = { passwordHash: await hashServicePassword(password), failures: 0, lockedUntil: null, updatedAt: new Date() };
  await services.db.insert(lineServicePasswords).values({ gsm, ...values }).onConflictDoUpdate({ target: lineServicePasswords.gsm, set: values });
  await recordChange(services.db, { actor, gsm, feature: "service-password", action: "set-password", before: null, after: { set: true } });
}

export function deactivateLine(services: AppServices, actor: Actor, gsm: string, proof: { nationalId: string; password: string }): Promise<HotlineLine> {
  return changeLineState(services, actor, gsm, proof, "deactivated");
}

export function reactivateLine(services: AppServices, actor: Actor, gsm: string, proof: { nationalId: string; password: string }): Promise<HotlineLine> {
  return changeLineState(services, actor, gsm, proof, "active");
}

async function changeLineState(services: AppServices, actor: Actor, gsm: string, proof: { nationalId: string; password: string }, wanted: LineState): Promise<HotlineLine> {
  await assertLineOwned(services, actor.accountId, gsm);
  const now = new Date();
  const stored = await countTry(services, gsm, now);
  const status = await services.network.lineStatus(gsm);
  const idMatches = sameText(proof.nationalId, status.nationalId);
  // The password is checked even when the ID is wrong, so both answers take the same time; and the answer
  // is the same for either, so a try says nothing about which of the two was wrong.
  const passwordMatches = await servicePasswordMatches(proof.password, stored.passwordHash);
  if (!idMatches || !passwordMatches) {
    if (stored.lockedUntil) {
      services.logger.warn({ failures: stored.failures }, "hotline locked after too many failures");
      throw locked(stored.lockedUntil, now);
    }
    throw new LineFeatureError("HOTLINE_PROOF_WRONG");
  }
  // A right proof starts the count again, unless tries counted after it locked the number while it was being
  // checked: lifting their lock would forgive them, so it loses (the try that set the lock itself may win).
  const [accepted] = await services.db
    .update(lineServicePasswords)
    .set({ failures: 0, lockedUntil: null })
    .where(and(eq(lineServicePasswords.gsm, gsm), stored.lockedUntil ? eq(lineServicePasswords.lockedUntil, stored.lockedUntil) : isNull(lineServicePasswords.lockedUntil)))
    .returning({ gsm: lineServicePasswords.gsm });
  if (!accepted) {
    const [current] = await services.db.select({ lockedUntil: lineServicePasswords.lockedUntil }).from(lineServicePasswords).where(eq(lineServicePasswords.gsm, gsm));
    throw locked(current?.lockedUntil ?? now, now);
  }
  if (status.state === wanted) throw new LineFeatureError("ALREADY_IN_STATE");
  await services.network.setLineState(gsm, wanted);
  await recordChange(services.db, { actor, gsm, feature: "hotline", action: wanted === "deactivated" ? "deactivate-line" : "reactivate-line", before: { state: status.state }, after: { state: wanted } });
  const [line] = (await listHotlineLines(services, actor.accountId)).filter((candidate) => candidate.gsm === gsm);
  return line!;
}

function locked(until: Date, now: Date): LineFeatureError {
  return new LineFeatureError("PASSWORD_LOCKED", { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) });
}

/**
 * Counts one try before the ID and the password are looked at, in the one statement that checks the lock:
 * of any number of parallel tries at most HOTLINE_MAX_FAILURES get through, and the one that reaches it
 * sets the lock. Answers the stored password and the count (the lock's end when this try set it); a number
 * without a service password is PASSWORD_NOT_SET, a locked one PASSWORD_LOCKED.
 */
async function countTry(services: AppServices, gsm: string, now: Date) {
  const lockUntil = new Date(now.getTime() + HOTLINE_LOCK_MINUTES * 60 * 1000);
  // After a lock has run out, counting starts again from one.
  const counted = sql`(case when ${lineServicePasswords.lockedUntil} is not null then 1 else ${lineServicePasswords.failures} + 1 end)`;
  const [row] = await services.db
    .update(lineServicePasswords)
    .set({
      failures: counted,
      lockedUntil: sql`case when ${counted} >= ${HOTLINE_MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
    })
    .where(and(eq(lineServicePasswords.gsm, gsm), or(isNull(lineServicePasswords.lockedUntil), lte(lineServicePasswords.lockedUntil, now))))
    .returning({ passwordHash: lineServicePasswords.passwordHash, failures: lineServicePasswords.failures, lockedUntil: lineServicePasswords.lockedUntil });
  if (row) return row;
  const [current] = await services.db.select({ lockedUntil: lineServicePasswords.lockedUntil }).from(lineServicePasswords).where(eq(lineServicePasswords.gsm, gsm));
  if (!current) throw new LineFeatureError("PASSWORD_NOT_SET");
  throw locked(current.lockedUntil ?? lockUntil, now);
}
