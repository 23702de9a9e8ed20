import { describe, expect, it } from "vitest";
import { createMetrics, routeLabel } from "./metrics.ts";

describe("routeLabel", () => {
  it("folds ids, numbers and references out of API paths, and groups pages by section", () => {
    expect(routeLabel("/core/api/bundles/web/101", 200)).toBe("/core/api/bundles/web/:id");
    expect(routeLabel("/core/api/reservations/R-7K2M9QX4/cancel", 200)).toBe("/core/api/reservations/:id/cancel");
    expect(routeLabel("/news-details/press/7", 200)).toBe("/news-details");
    expect(routeLabel("/about-sama/who-we-are", 200)).toBe("/about");
    expect(routeLabel("/Support/FAQs", 200)).toBe("/support");
    expect(routeLabel("/products.data", 200)).toBe("/products");
  });

  it("gives unknown paths one label, so a scan cannot grow the metrics", () => {
    expect(routeLabel("/wp-admin/setup.php", 404)).toBe("other");
    expect(routeLabel("/core/api/anything/123456", 404)).toBe("api:unknown");
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
