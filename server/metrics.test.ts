import { describe, expect, it } from "vitest";
import { createMetrics, methodLabel } from "./metrics.ts";

describe("methodLabel", () => {
  it("keeps the methods of HTTP and folds any other token into one label", () => {
    expect(methodLabel("POST")).toBe("POST");
    expect(methodLabel("FOOBAR")).toBe("other");
  });
});

describe("createMetrics", () => {
  it("computes the verified ÷ sent ratio from the counters", async () => {
    const metrics = createMetrics(null);
    metrics.codeSent("login");
    metrics.codeSent("login");
    metrics.codeSent("register");
    metrics.codeVerified("login");
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^otp_verified_to_sent_ratio 0\.333/m);
    expect(text).toMatch(/^otp_codes_sent_total\{purpose="login"\} 2$/m);
  });
});

describe("periodic_runs_total", () => {
  it("has every job's ok and failed series from the start, at 0", async () => {
    const text = await createMetrics(null).registry.metrics();
    for (const job of ["reservation-expiry", "bundle-renewal", "content-schedule", "content-version"]) {
      for (const outcome of ["ok", "failed"]) expect(text).toContain(`periodic_runs_total{job="${job}",outcome="${outcome}"} 0\n`);
    }
  });
});
