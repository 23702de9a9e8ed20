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
