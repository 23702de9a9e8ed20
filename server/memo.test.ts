import { describe, expect, test } from "vitest";
import { Memo } from "./memo.ts";

describe("the memo", () => {
  test("loads a key once per lifetime, again after it or after clear()", async () => {
    let now = 0;
    let loads = 0;
    const memo = new Memo(60_000, { now: () => now });
    const load = async () => ++loads;
    expect(await Promise.all([memo.get("k", load), memo.get("k", load)])).toEqual([1, 1]);
    now += 59_999;
    expect(await memo.get("k", load)).toBe(1);
    now += 1;
    expect(await memo.get("k", load)).toBe(2);
    memo.clear();
    expect(await memo.get("k", load)).toBe(3);
    expect(await memo.get("other", load)).toBe(4);
  });

  test("does not keep a failed load, and keeps nothing with a lifetime of 0", async () => {
    const memo = new Memo(60_000);
    await expect(memo.get("k", async () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await memo.get("k", async () => "back")).toBe("back");
    let loads = 0;
    const off = new Memo(0);
    await off.get("k", async () => ++loads);
    await off.get("k", async () => ++loads);
    expect(loads).toBe(2);
    expect(off.size).toBe(0);
  });

  test("stale while loading: an expired value is given at once while one load replaces it", async () => {
    let now = 0;
    let loads = 0;
    const pending: ((value: number) => void)[] = [];
    const memo = new Memo(1_000, { now: () => now, staleWhileLoading: true });
    const load = () => new Promise<number>((resolve) => pending.push(() => resolve(++loads)));
    const first = memo.get("777", load);
    pending.shift()!(0);
    expect(await first).toBe(1);
    now = 1_000;
    // Expired: fifty callers of this moment get the old page at once, and only one search runs.
    const answers = await Promise.all(Array.from({ length: 50 }, () => memo.get("777", load)));
    expect(answers.every((answer) => answer === 1)).toBe(true);
    expect(pending).toHaveLength(1);
    pending.shift()!(0);
    await Promise.resolve();
    await Promise.resolve();
    expect(await memo.get("777", load), "the refreshed page, once loaded").toBe(2);
    expect(pending).toHaveLength(0);
    // More than a lifetime past its expiry, a value is no longer given: the caller waits for the load.
    now = 3_000;
    const late = memo.get("777", load);
    let settled = false;
    void late.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    pending.shift()!(0);
    expect(await late).toBe(3);
  });

  test("stale while loading: a failed refresh keeps the old value given and lets a later caller try again; clear() leaves nothing stale", async () => {
    let now = 0;
    let tries = 0;
    const memo = new Memo(1_000, { now: () => now, staleWhileLoading: true });
    expect(await memo.get("k", async () => "old")).toBe("old");
    now = 1_200;
    expect(await memo.get("k", async () => ((tries += 1), Promise.reject(new Error("database away"))))).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get("k", async () => ((tries += 1), "new"))).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(tries).toBe(2);
    expect(await memo.get("k", async () => "newer")).toBe("new");
    memo.clear();
    now = 2_500;
    expect(await memo.get("k", async () => "after a reservation")).toBe("after a reservation");
    // A refresh that was running when clear() came is not kept: it may hold what the clear was for.
    now = 3_600;
    let finish: (value: string) => void = () => undefined;
    expect(await memo.get("k", () => new Promise<string>((resolve) => (finish = resolve)))).toBe("after a reservation");
    memo.clear();
    finish("from before the clear");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get("k", async () => "fresh")).toBe("fresh");
  });

  test("stale while loading: past the stale time, callers share one load even while a slow refresh still runs", async () => {
    let now = 0;
    let loads = 0;
    const pending: ((value: number) => void)[] = [];
    const memo = new Memo(1_000, { now: () => now, staleWhileLoading: true });
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => pending.push(resolve));
    };
    const first = memo.get("k", load);
    pending.shift()!(1);
    expect(await first).toBe(1);
    now = 1_500;
    expect(await memo.get("k", load), "stale, and a refresh starts").toBe(1);
    expect(loads).toBe(2);
    // The refresh hangs (a slow database); two lifetimes on, twenty callers wait for one new load, not twenty.
    now = 2_100;
    const waiting = Array.from({ length: 20 }, () => memo.get("k", load));
    expect(loads).toBe(3);
    pending[1]!(3);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => 3));
    // The slow refresh ends at last: it is dropped, the newer value stays.
    pending[0]!(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get("k", load)).toBe(3);
    expect(loads).toBe(3);
  });

  test("stale while loading: a refresh whose load throws at once is a failed refresh (the stale value stays, a later caller tries again)", async () => {
    let now = 0;
    const memo = new Memo(1_000, { now: () => now, staleWhileLoading: true });
    expect(await memo.get("k", async () => "old")).toBe("old");
    now = 1_100;
    expect(
      await memo.get("k", () => {
        throw new Error("no connection");
      }),
    ).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get("k", async () => "new")).toBe("old");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await memo.get("k", async () => "newer")).toBe("new");
  });

  test("without staleWhileLoading an expired value is waited for", async () => {
    let now = 0;
    const memo = new Memo(1_000, { now: () => now });
    await memo.get("k", async () => "old");
    now = 1_000;
    expect(await memo.get("k", async () => "new")).toBe("new");
  });

  test("keeps at most maxKeys keys, pushing out the one stored longest ago", async () => {
    let loads = 0;
    const memo = new Memo(60_000, { maxKeys: 3 });
    const load = async () => ++loads;
    for (const key of ["a", "b", "c", "d"]) await memo.get(key, load);
    expect(memo.size).toBe(3);
    expect(await memo.get("b", load), "b is still kept").toBe(2);
    expect(await memo.get("a", load), "a was pushed out: loaded again").toBe(5);
    expect(memo.size).toBe(3);
  });
});
