// The `outbox` SMS driver: "sending" stores the message in sms_outbox, where `npm run sms:outbox`, the
// development endpoint GET /dev/sms-outbox and the tests read it. Nothing leaves the machine.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { smsOutbox } from "../db/schema.ts";
import { SmsDeliveryError, type SmsGateway } from "./types.ts";

export function createOutboxGateway(db: Db): SmsGateway {
  return {
    driver: "outbox",
    async send({ to, text }) {
      try {
        await db.insert(smsOutbox).values({ to, text });
      } catch (error) {
        throw new SmsDeliveryError("The outbox could not store the message", { cause: error });
      }
    },
    async close() {},
  };
}

export interface OutboxMessage {
  to: string;
  text: string;
  createdAt: string;
}

/** The newest messages first, of one number or of all. */
export async function listOutbox(db: Db, options: { gsm?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(options.gsm ? eq(smsOutbox.to, options.gsm) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({ to: row.to, text: row.text, createdAt: row.createdAt.toISOString() }));
}
