// The spec's lazy load timeout (§8, §9: 120000 ms) on a part whose code stalls, with a controlled clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAZY_LOAD_TIMEOUT_MS } from "../../common/constants.ts";
import { LazyLoadTimeoutError, loadInTime } from "./lazy-load.ts";

/** A load whose answer comes only when the test says so, counting how often it was asked for. */
function stalledLoad<T>() {
  let release!: (value: T) => void;
  let fail!: (error: Error) => void;
  const arrival = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const load = vi.fn(() => arrival);
  return { load, release, fail };
}

/** Where a promise stands now, without waiting for it. */
async function stateOf(promise: Promise<unknown>): Promise<"pending" | "resolved" | "rejected"> {
  const pending = Symbol("pending");
  return Promise.race([promise, Promise.resolve(pending)]).then(
    (value) => (value === pending ? "pending" : "resolved"),
    () => "rejected",
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("loadInTime", () => {
  it("uses the spec's 120000 ms", () => {
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it("a part that never arrives is a load error at 120000 ms, not a millisecond before", async () => {
    const { load } = stalledLoad<string>();
    const loading = loadInTime(load);
    loading.catch(() => {});
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    expect(await stateOf(loading)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toBeInstanceOf(LazyLoadTimeoutError);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a part that arrives in time is used, and no timer is left behind", async () => {
    const { load, release } = stalledLoad<string>();
    const loading = loadInTime(load);
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    release("the part");
    await expect(loading).resolves.toBe("the part");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a part that fails to load is that failure, at once", async () => {
    const { load, fail } = stalledLoad<string>();
    const loading = loadInTime(load);
    fail(new TypeError("Failed to fetch dynamically imported module"));
    await expect(loading).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a retry after the timeout asks again and gets the part once it arrives", async () => {
    const { load, release } = stalledLoad<string>();
    const first = loadInTime(load);
    first.catch(() => {});
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS);
    await expect(first).rejects.toBeInstanceOf(LazyLoadTimeoutError);
    const retry = loadInTime(load);
    release("the part");
    await expect(retry).resolves.toBe("the part");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
