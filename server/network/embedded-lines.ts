// SIMULATION (part of server/network/embedded.ts): a line's state on the network — active or
// deactivated by the hotline — and the national ID it is registered to. The row of a number is created
// the first time anything asks for it, with a national ID derived from the number, so it is the same
// on every instance and in every run (demos and tests read it from GET /dev/network-line outside production).
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { networkLines } from "../db/schema.ts";
import type { LineState } from "../line-features/types.ts";
import type { LineFeaturesPort, LineStatus } from "./types.ts";

/** The 11-digit national ID a simulated line is registered to: a pure function of the number. */
export function simulatedNationalId(gsm: string): string {
  const digest = createHash("sha256").update(`national-id:${gsm}`).digest();
  // First digit 0–9 for the governorate-like prefix, then ten digits; never starting with 0 for readability.
  return String(1 + (digest[0]! % 9)) + String(digest.readBigUInt64BE(1) % 10_000_000_000n).padStart(10, "0");
}

export function embeddedLines(db: Db): Pick<LineFeaturesPort, "lineStatus" | "setLineState"> {
  // Every subscriber page reads its line's state: a prepared statement.
  const lineOf = db.select().from(networkLines).where(eq(networkLines.gsm, sql.placeholder("gsm"))).limit(1).prepare("simulated_line_of_number");
  async function ensureLine(gsm: string): Promise<LineStatus> {
    // Read first: the line exists on every request but its first, which then adds it (a parallel first
    // request may add it too: do nothing on conflict, and read again).
    let [row] = await lineOf.execute({ gsm });
    if (!row) {
      await db.insert(networkLines).values({ gsm, nationalId: simulatedNationalId(gsm) }).onConflictDoNothing();
      [row] = await lineOf.execute({ gsm });
    }
    return { state: row!.state as LineState, nationalId: row!.nationalId, stateChangedAt: row!.stateChangedAt };
  }
  return {
    lineStatus: ensureLine,
    async setLineState(gsm, state) {
      await ensureLine(gsm);
      await db.update(networkLines).set({ state, stateChangedAt: sql`now()` }).where(eq(networkLines.gsm, gsm));
    },
  };
}
