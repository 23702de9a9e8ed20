// Enrolment links and the audit of the console (issue 17), kept apart from the rest of server/console/service.ts
// so that `npm run console:admin` (scripts/console-admin.ts, run by Node without a build) can import it: it uses
// no TypeScript that Node's type stripping cannot run (the AppError family does).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { staffAccounts, staffAudit, staffEnrolments, staffRecoveryCodes, staffSessions } from "../db/schema.ts";

export const ENROLMENT_HOURS = 24;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Actor {
  /** null: the console:admin script. */
  staff: { id: number; email: string } | null;
  clientIp: string | null;
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export async function audit(db: Db | Tx, actor: Actor, action: string, target: string | null, before: unknown, after: unknown): Promise<void> {
  await db.insert(staffAudit).values({
    actorId: actor.staff?.id ?? null,
    actorEmail: actor.staff?.email ?? null,
    action,
    target,
    before: before ?? null,
    after: after ?? null,
    clientIp: actor.clientIp,
  });
}

/** What the audit says of an account (never a hash or a secret). */
export function staffView(row: { email: string; displayName: string; roles: string[]; centreIds: string[]; disabled: boolean }) {
  return { email: row.email, displayName: row.displayName, roles: row.roles, centreIds: row.centreIds, disabled: row.disabled };
}

export async function newEnrolment(tx: Tx, staffId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // An account has one enrolment link at a time: a new one voids the others.
  await tx.update(staffEnrolments).set({ usedAt: new Date() }).where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)));
  await tx.insert(staffEnrolments).values({ staffId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ENROLMENT_HOURS * 3600_000) });
  return token;
}

/**
 * The console:admin script: the first admin, or a new enrolment (and the admin role) for an existing
 * account. Answers the one-time enrolment token. Whoever runs the script holds the server, so an existing
 * account starts over: its password, second factor, recovery codes and sessions end, and the link sets a new
 * password (an admin's reset of a second factor, in the console, keeps the password and asks for it).
 */
export async function createAdminEnrolment(db: Db, input: { email: string; displayName?: string }): Promise<{ staffId: number; token: string; created: boolean; roles: string[] }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staffAccounts).where(eq(staffAccounts.email, email)).for("update");
    const actor: Actor = { staff: null, clientIp: null };
    if (existing) {
      // Its roles stay (recovering an agent does not make an admin), unless no enabled admin is left: then this
      // one is made admin, the console's way back. A disabled account stays disabled unless it is that admin.
      const [{ admins }] = (await tx.execute<{ admins: number }>(sql`select count(*)::int as admins from staff_accounts where not disabled and 'admin' = any(roles) and id <> ${existing.id}`)).rows as [{ admins: number }];
      const makeAdmin = admins === 0;
      const roles = makeAdmin ? [...new Set([...existing.roles, "admin"])].sort() : existing.roles;
      const disabled = makeAdmin ? false : existing.disabled;
      if (disabled) throw new Error(`${email} is disabled: enable it in the console (Staff) first`);
      await tx
        .update(staffAccounts)
        .set({ roles, disabled, passwordHash: null, totpSecret: null, totpLastStep: null, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
        .where(eq(staffAccounts.id, existing.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, existing.id));
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, existing.id));
      await audit(tx, actor, "staff.admin-enrolment", `staff:${existing.id}`, staffView(existing), { ...staffView({ ...existing, roles, disabled }), startsOver: true });
      return { staffId: existing.id, token: await newEnrolment(tx, existing.id), created: false, roles };
    }
    const [row] = await tx.insert(staffAccounts).values({ email, displayName: input.displayName?.trim() || email, roles: ["admin"] }).returning();
    await audit(tx, actor, "staff.create", `staff:${row!.id}`, null, staffView(row!));
    return { staffId: row!.id, token: await newEnrolment(tx, row!.id), created: true, roles: row!.roles };
  });
}

