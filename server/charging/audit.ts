// The audit of charging (issue 16): every order, renewal change and top-up asked of the charging port —
// who (account, session, client IP), when, the number, the amount and the result. The row is written
// *before* the charging system is asked (result `pending`) and closed with the result after, so an order
// that reached the money is never without its row: a process that dies in between leaves `pending`, which
// the driver's own records (the order's idempotency key, the voucher) settle.
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chargingAudit } from "../db/schema.ts";
import type { Actor } from "../line-features/types.ts";
import { ChargingError } from "./types.ts";

export type ChargingAction = "activate-bundle" | "stop-renewal" | "renew-bundle" | "voucher-top-up";

export interface AuditFacts {
  bundleId?: number;
  subscriptionId?: number;
  orderId?: number;
  amount?: number;
}

/** A subscriber's request, or the system's own (the renewal job): no account, session or address. */
export type ChargingActor = Actor | "system";

async function openAudit(db: Db, actor: ChargingActor, gsm: string, action: ChargingAction, facts: AuditFacts): Promise<number> {
  const [row] = await db
    .insert(chargingAudit)
    .values({
      gsm,
      accountId: actor === "system" ? null : actor.accountId,
      sessionId: actor === "system" ? null : actor.sessionId,
      clientIp: actor === "system" ? null : actor.clientIp,
      action,
      bundleId: facts.bundleId ?? null,
      subscriptionId: facts.subscriptionId ?? null,
      orderId: facts.orderId ?? null,
      amount: facts.amount ?? null,
      result: "pending",
    })
    .returning({ id: chargingAudit.id });
  return row!.id;
}

async function closeAudit(db: Db, id: number, result: string, facts: AuditFacts = {}): Promise<void> {
  const changes: Partial<typeof chargingAudit.$inferInsert> = { result };
  if (facts.bundleId !== undefined) changes.bundleId = facts.bundleId;
  if (facts.subscriptionId !== undefined) changes.subscriptionId = facts.subscriptionId;
  if (facts.orderId !== undefined) changes.orderId = facts.orderId;
  if (facts.amount !== undefined) changes.amount = facts.amount;
  await db.update(chargingAudit).set(changes).where(eq(chargingAudit.id, id));
}

/**
 * Runs one call of the charging port under its audit row: `pending` before, then the result `describe`
 * gives (with the facts learnt), a refusal's code, or `error` when the call failed otherwise (the charging
 * system away, a bug): the error is thrown on unchanged.
 */
export async function audited<T>(
  db: Db,
  entry: { actor: ChargingActor; gsm: string; action: ChargingAction; facts?: AuditFacts },
  call: () => Promise<T>,
  describe: (value: T) => { result: string; facts?: AuditFacts },
): Promise<T> {
  const id = await openAudit(db, entry.actor, entry.gsm, entry.action, entry.facts ?? {});
  let value: T;
  try {
    value = await call();
  } catch (error) {
    await closeAudit(db, id, error instanceof ChargingError ? error.code : "error").catch(() => undefined);
    throw error;
  }
  const { result, facts } = describe(value);
  await closeAudit(db, id, result, facts);
  return value;
}
