import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, loggableMessage, withoutQueryParameters } from "./errors.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises timeouts, shutdowns and lost connections, also wrapped by Drizzle", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "08006" }))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("loggableMessage and withoutQueryParameters", () => {
  const failedQuery = () =>
    new Error('Failed query: update profiles set address = $1 where gsm = $2\nparams: Flat 4, Baghdad St\nnear the park,0944123456', {
      cause: Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" }),
    });

  it("keeps the statement and the driver's reason, never the values", () => {
    const message = loggableMessage(failedQuery());
    expect(message).toBe("Failed query: update profiles set address = $1 where gsm = $2: Connection terminated unexpectedly");
    expect(message).not.toMatch(/Baghdad|park|0944123456/);
  });

  it("cleans a stack the same way, keeping its frames", () => {
    const error = failedQuery();
    const stack = withoutQueryParameters(error.stack!);
    expect(stack).not.toMatch(/Baghdad|park|0944123456/);
    expect(stack).toMatch(/^Error: Failed query: update profiles .*\n\s+at /);
  });

  it("leaves other errors as they are", () => {
    expect(loggableMessage(new TypeError("x is undefined"))).toBe("x is undefined");
    expect(loggableMessage("plain")).toBe("plain");
  });
});
