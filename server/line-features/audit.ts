// The audit trail of line features: every change of a feature, an auto-reply, a line's state (hotline)
// or a service password is recorded with who (account, session), from where (client IP), when, and the
// state before and after. Written after the network accepted the change.
import type { Db } from "../db/database.ts";
import { lineFeatureAudit } from "../db/schema.ts";
import type { Actor } from "./types.ts";

export type AuditedFeature = "call-forward" | "super-clip" | "auto-reply" | "call-barring" | "hotline" | "service-password";

export interface AuditEntry {
  actor: Actor;
  gsm: string;
  feature: AuditedFeature;
  /** What was done, e.g. "activate", "deactivate-line", "set-password". */
  action: string;
  before: unknown;
  after: unknown;
}

export async function recordChange(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(lineFeatureAudit).values({
    gsm: entry.gsm,
    accountId: entry.actor.accountId,
    sessionId: entry.actor.sessionId,
    feature: entry.feature,
    action: entry.action,
    // Never a password or a code: callers pass states only.
    before: entry.before ?? null,
    after: entry.after ?? null,
    clientIp: entry.actor.clientIp,
  });
}
