// The embedded driver's voucher top-up (issue 16, TMF654 topupBalance in the TM Forum driver): one
// transaction that locks the line's row, checks the line (not deactivated, prepaid), then redeems the
// voucher in one statement — `unused` → `redeemed` where its hash matches and it has not expired — so that
// of any number of parallel redemptions of one voucher exactly one finds it; the others, like an unknown,
// used, void or expired voucher, get the one answer VOUCHER_INVALID. The credit, the validity and the
// top-up row are written in the same transaction: all or nothing.
//
// Validity: a voucher gives `validity_days` from the day it is used, and never shortens what the line
// already has: valid_until = greatest(coalesce(valid_until, today), today + validity_days), today being
// the operator's calendar day (OPERATOR_TIME_ZONE), the same day the expiry of a balance is judged by.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chargingLines, chargingTopUps, chargingVouchers, networkLines } from "../db/schema.ts";
import { balanceOf, ensureChargingLine } from "./embedded.ts";
import { ChargingError, type VoucherTopUp } from "./types.ts";
import { voucherSecretHash } from "./voucher-secret.ts";

/** `today`: yyyy-mm-dd in the operator's time zone. */
export async function redeemEmbeddedVoucher(db: Db, gsm: string, secret: string, today: string, hashKey: string): Promise<VoucherTopUp> {
  await ensureChargingLine(db, gsm);
  return db.transaction(async (tx) => {
    // The line's row lock: its top-ups and orders run one after the other.
    const [line] = await tx.select().from(chargingLines).where(eq(chargingLines.gsm, gsm)).for("update");
    // The hotline's state, held while the top-up runs (as an order holds it).
    const [network] = await tx.select({ state: networkLines.state }).from(networkLines).where(eq(networkLines.gsm, gsm)).for("share");
    if (network?.state === "deactivated") throw new ChargingError("LINE_DEACTIVATED");
    if (line!.plan !== "prepaid") throw new ChargingError("VOUCHER_NOT_ELIGIBLE");
    const hash = voucherSecretHash(hashKey, secret);
    // Only one statement can change `unused` to `redeemed`: a parallel one waits for it, then finds no row.
    const [voucher] = await tx
      .update(chargingVouchers)
      .set({ state: "redeemed", redeemedBy: gsm, redeemedAt: sql`now()` })
      .where(sql`${chargingVouchers.secretHash} = ${hash} and ${chargingVouchers.state} = 'unused' and ${chargingVouchers.expiresAt} > now()`)
      .returning({ id: chargingVouchers.id, serial: chargingVouchers.serial, amount: chargingVouchers.amount, validityDays: chargingVouchers.validityDays });
    if (!voucher) {
      // Already credited to this very line (a retry after a lost answer, a double submit): that top-up
      // again, nothing credited. Anyone else learns only VOUCHER_INVALID.
      const [earlier] = await tx
        .select({ id: chargingTopUps.id, amount: chargingTopUps.amount, createdAt: chargingTopUps.createdAt, serial: chargingVouchers.serial })
        .from(chargingVouchers)
        .innerJoin(chargingTopUps, eq(chargingTopUps.voucherId, chargingVouchers.id))
        .where(and(eq(chargingVouchers.secretHash, hash), eq(chargingVouchers.redeemedBy, gsm), eq(chargingTopUps.gsm, gsm)))
        .limit(1);
      if (!earlier) throw new ChargingError("VOUCHER_INVALID");
      return { id: earlier.id, gsm, amount: earlier.amount, voucherSerial: earlier.serial, createdAt: earlier.createdAt, balance: balanceOf(line!, today), repeated: true };
    }
    const [after] = await tx
      .update(chargingLines)
      .set({
        mainBalance: sql`${chargingLines.mainBalance} + ${voucher.amount}`,
        validUntil: sql`greatest(coalesce(${chargingLines.validUntil}, ${today}::date), ${today}::date + ${voucher.validityDays}::int)`,
        updatedAt: sql`now()`,
      })
      .where(eq(chargingLines.gsm, gsm))
      .returning();
    const [topUp] = await tx
      .insert(chargingTopUps)
      .values({ gsm, voucherId: voucher.id, amount: voucher.amount, validUntil: after!.validUntil })
      .returning({ id: chargingTopUps.id, createdAt: chargingTopUps.createdAt });
    return { id: topUp!.id, gsm, amount: voucher.amount, voucherSerial: voucher.serial, createdAt: topUp!.createdAt, balance: balanceOf(after!, today), repeated: false };
  });
}
