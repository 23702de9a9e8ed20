import { describe, expect, test } from "vitest";
import { safeNextRoute } from "./session.server.ts";

describe("the route a login continues to", () => {
  test("a bundle's activation on My line is kept, as /reserve-number is", () => {
    expect(safeNextRoute("/my-line?activate=102")).toBe("/my-line?activate=102");
    expect(safeNextRoute("/reserve-number")).toBe("/reserve-number");
  });

  test("the top-up page is kept; with anything after it, it is not", () => {
    expect(safeNextRoute("/top-up")).toBe("/top-up");
    for (const stored of ["//evil.example/top-up", "/top-up?next=//evil", "/top-up/x"]) expect(safeNextRoute(stored), stored).toBeNull();
  });

  test("anything else is dropped: another site, another parameter, an id that is not a positive number", () => {
    for (const stored of ["https://evil.example/my-line?activate=102", "//evil.example/my-line?activate=102", "/my-line?activate=0", "/my-line?activate=-1", "/my-line?activate=1&next=//evil", "/my-line?activate=abc", "/my-line", "/profile", undefined]) {
      expect(safeNextRoute(stored), String(stored)).toBeNull();
    }
  });
});
