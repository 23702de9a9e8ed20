import { describe, expect, test } from "vitest";
import { IDEMPOTENCY_KEY_PATTERN } from "../../common/charging.ts";
import { confirmationKeyOf } from "./order-key.ts";

describe("a bundle confirmation's idempotency key", () => {
  const secret = "order-key-test-secret-0123456789abcdef";
  const facts = { gsm: "0944123456", bundleId: 102, latestOrderId: "41" };

  test("is the same for the same line, bundle and latest order, and is a key the API's schema accepts", () => {
    const key = confirmationKeyOf(secret, facts);
    expect(confirmationKeyOf(secret, { ...facts })).toBe(key);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  test("changes with the number, the bundle, the line's latest order and the secret", () => {
    const key = confirmationKeyOf(secret, facts);
    const others = [
      confirmationKeyOf(secret, { ...facts, gsm: "0944123457" }),
      confirmationKeyOf(secret, { ...facts, bundleId: 103 }),
      confirmationKeyOf(secret, { ...facts, latestOrderId: "42" }),
      confirmationKeyOf(secret, { ...facts, latestOrderId: null }),
      confirmationKeyOf(`${secret}x`, facts),
      // The facts are length-prefixed: moving a digit from one to the next is another key.
      confirmationKeyOf(secret, { gsm: "094412345", bundleId: 6102, latestOrderId: "41" }),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});
