// Setting the hotline's service password: the one-time code is checked (and its try counted) before
// the password is hashed, so wrong codes cost a cheap HMAC each and at most five of them are compared,
// never an scrypt (issue 14, finding 7: 64 wrong-code requests used to run 64 scrypt hashes).
import { beforeAll, describe, expect, test, vi } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { hashCode } from "../auth/codes.ts";
import { numberEncryptionKey } from "../auth/number-encryption.ts";
import { loadConfig } from "../config.ts";
import { accountNumbers, accounts, oneTimeCodes } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createMetrics } from "../metrics.ts";
import type { AppServices } from "../services.ts";

const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock("./service-password.ts", async (original) => {
  const actual = await original<typeof import("./service-password.ts")>();
  return {
    ...actual,
    hashServicePassword: async (password: string) => {
      hashed.count += 1;
      return actual.hashServicePassword(password);
    },
  };
});
const { setServicePassword } = await import("./hotline.ts");

const GSM = "0944555001";
const database = useTestDatabase();
let services: AppServices;
let accountId: number;

beforeAll(async () => {
  services = { config: loadConfig({}), db: database.db, database: { db: database.db, pool: database.pool }, logger: createLogger("silent"), metrics: createMetrics(null) } as unknown as AppServices;
  const [account] = await database.db.insert(accounts).values({ mainGsm: GSM }).returning({ id: accounts.id });
  accountId = account!.id;
  await database.db.insert(accountNumbers).values({ gsm: GSM, accountId, isMain: true });
  const { codeHashKey } = await numberEncryptionKey(services);
  const now = new Date();
  await database.db.insert(oneTimeCodes).values({ gsm: GSM, purpose: "service-password", accountId, codeHash: hashCode(codeHashKey, GSM, "service-password", "123456"), createdAt: now, sentAt: now, expiresAt: new Date(now.getTime() + 300_000) });
});

describe("setting the service password", () => {
  test("64 parallel tries with a wrong code hash no password, and the code takes 5 tries before it is void", async () => {
    const actor = { accountId, sessionId: 1, clientIp: "127.0.0.1" };
    const results = await Promise.allSettled(Array.from({ length: 64 }, () => setServicePassword(services, actor, GSM, "654321", "a good password")));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(hashed.count, "scrypt ran for a wrong code").toBe(0);
    const [code] = await database.db.select().from(oneTimeCodes);
    expect(code!.wrongTries).toBe(5);
    expect(code!.voidedAt).not.toBeNull();
    // Void: even the right code no longer sets it, and still nothing is hashed.
    await expect(setServicePassword(services, actor, GSM, "123456", "a good password")).rejects.toMatchObject({ code: "CODE_INVALID" });
    expect(hashed.count).toBe(0);
  });
});
