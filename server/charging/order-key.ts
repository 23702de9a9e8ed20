// The idempotency key of a bundle confirmation the website shows (My line's `?activate=`, the dialog over a
// bundle's page). It is not random per page: two tabs, a reload or the dialog opened again before the order
// must carry the same key, so that however many of them are confirmed the line pays once. It is derived on the
// server — HMAC-SHA256 with a key outside the database (ORDER_KEY_SECRET, or DATA_DIR/order-key.key) — from
// facts that are the same for every page of one pending purchase and change once it is made: the number, the
// bundle and the line's latest completed order as the charging port knows it. After an order of the line
// completes, a new confirmation gets a new key, so buying the same bundle again on purpose works. The session
// and the account are not in it: two tabs, or two sessions of one subscriber, buy once. API clients keep
// sending keys of their own (the spec API's contract); this one is shaped like theirs (IDEMPOTENCY_KEY_PATTERN).
import { createHmac } from "node:crypto";
import { localKey, oncePerConfig } from "../auth/local-key.ts";
import type { AppServices } from "../services.ts";

export const ORDER_KEY_FILE = "order-key.key";

/** The key of confirmation keys: the configured one, else DATA_DIR's (made once, at the first call). */
export function orderKeySecret({ configured, dataDir }: { configured?: string; dataDir: string }): string {
  return localKey({ configured, dataDir, file: ORDER_KEY_FILE });
}

/** `c-` and the HMAC in base64url: 45 characters of A–Z a–z 0–9 - _. */
export function confirmationKeyOf(secret: string, facts: { gsm: string; bundleId: number; latestOrderId: string | null }): string {
  // Each fact length-prefixed, so no two sets of facts read as the same text.
  const message = ["bundle-confirmation/1", facts.gsm, String(facts.bundleId), facts.latestOrderId ?? ""].map((part) => `${part.length}:${part}`).join("|");
  return `c-${createHmac("sha256", secret).update(message, "utf8").digest("base64url")}`;
}

const secretOf = oncePerConfig((config: AppServices["config"]) => orderKeySecret({ configured: config.ORDER_KEY_SECRET, dataDir: config.dataDir }));

/** The key of the confirmation of buying `bundleId` for `gsm` now (the caller has checked the number is the session's). */
export async function confirmationKey(services: AppServices, gsm: string, bundleId: number): Promise<string> {
  return confirmationKeyOf(secretOf(services.config), { gsm, bundleId, latestOrderId: await services.charging.latestOrderId(gsm) });
}
