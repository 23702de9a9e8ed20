// The embedded driver's voucher top-up (issue 16): being built (helper stream "vouchers").
import type { Db } from "../db/database.ts";
import type { VoucherTopUp } from "./types.ts";

export async function redeemEmbeddedVoucher(_db: Db, _gsm: string, _secret: string): Promise<VoucherTopUp> {
  throw new Error("voucher top-up is not built yet");
}
