// The sending limits hold across instances: two pools on one database stand for two app instances.
import { describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { hitLimits, refundLimits } from "./rate-limit.ts";

const database = useTestDatabase({ each: true, instances: 2 });

describe("fixed-window limits in PostgreSQL", () => {
  test("of 20 parallel hits on two instances with a limit of 3, exactly 3 pass and the rest wait for the window", async () => {
    const limit = { key: "otp:test", limit: 3, windowSeconds: 600 };
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => hitLimits(database.instances[i % 2]!.db, [limit])));
    expect(waits.filter((wait) => wait === null)).toHaveLength(3);
    for (const wait of waits.filter((wait) => wait !== null)) {
      expect(wait).toBeGreaterThan(590);
      expect(wait).toBeLessThanOrEqual(600);
    }
  });

  test("a refunded hit is available again, and a window that has passed starts over", async () => {
    const limit = { key: "otp:refund", limit: 1, windowSeconds: 600 };
    const [one, two] = database.instances.map((instance) => instance.db);
    expect(await hitLimits(one!, [limit])).toBeNull();
    expect(await hitLimits(two!, [limit])).not.toBeNull();
    await refundLimits(one!, [limit.key]);
    await refundLimits(one!, [limit.key]);
    expect(await hitLimits(two!, [limit])).toBeNull();
    await database.instances[0]!.pool.query("update rate_limit_counters set window_started_at = now() - interval '11 minutes'");
    expect(await hitLimits(one!, [limit])).toBeNull();
  });

  test("the answer is the longest wait among the limits over their count", async () => {
    const short = { key: "otp:short", limit: 1, windowSeconds: 60 };
    const long = { key: "otp:long", limit: 1, windowSeconds: 3600 };
    expect(await hitLimits(database.instances[0]!.db, [short, long])).toBeNull();
    const wait = await hitLimits(database.instances[1]!.db, [short, long]);
    expect(wait).toBeGreaterThan(3500);
  });
});
