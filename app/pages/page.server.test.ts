import { describe, expect, it } from "vitest";
import { trail } from "./page.server.ts";

describe("a page's breadcrumb trail", () => {
  it("says a place once when a section is called like its page (Arabic 'من نحن' for About us and Who we are)", () => {
    expect(trail([{ label: "الرئيسية", to: "/home" }, { label: "من نحن", to: "/about-sama/who-we-are" }, { label: "من نحن" }])).toEqual([
      { label: "الرئيسية", to: "/home" },
      { label: "من نحن" },
    ]);
  });

  it("keeps an item named like its category as the current page", () => {
    expect(trail([{ label: "Home", to: "/home" }, { label: "Products", to: "/products" }, { label: "Prepaid", to: "/products/prepaid" }, { label: "Prepaid" }]).map((crumb) => crumb.label)).toEqual([
      "Home",
      "Products",
      "Prepaid",
    ]);
  });

  it("leaves a trail of different places as it is, even when a label comes back further on", () => {
    const crumbs = [{ label: "Home", to: "/home" }, { label: "Support", to: "/support/FAQs" }, { label: "Home", to: "/x" }, { label: "Feedback" }];
    expect(trail(crumbs)).toEqual(crumbs);
  });
});
