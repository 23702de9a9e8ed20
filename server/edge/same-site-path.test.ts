// Redirects built from what a visitor sent never leave the site (issue 14, finding 6).
import { describe, expect, test } from "vitest";
import { sameSitePath } from "./same-site-path.ts";

const offSite = (location: string) => new URL(location, "https://sama.example").origin !== "https://sama.example";

describe("sameSitePath", () => {
  test.each([
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example", "/evil.example"],
    ["/\t/evil.example", "/evil.example"],
    ["/\n/evil.example/x?y=1", "/evil.example/x?y=1"],
    ["///evil.example", "/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/bundles?lang=en", "/bundles?lang=en"],
  ])("%j → %j, on this site", (candidate, expected) => {
    const path = sameSitePath(candidate);
    expect(path).toBe(expected);
    expect(offSite(path)).toBe(false);
  });

  test.each(["https://evil.example", "http:evil.example", "javascript:alert(1)", "evil.example", "", " //evil.example"])("%j is not a path of ours: the fallback", (candidate) => {
    expect(sameSitePath(candidate)).toBe("/home");
  });
});
