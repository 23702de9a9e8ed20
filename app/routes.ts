// The route table of spec §2. React Router matches paths case-insensitively, so
// /Support/Services-Centers and /support/services-centers are the same page.
import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.ts"),
  route("personal", "routes/personal-redirect.ts", { id: "personal" }),
  route("personal/*", "routes/personal-redirect.ts", { id: "personal-child" }),
  route("home", "routes/home.tsx"),

  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("products/:id/:type", "routes/product-type.tsx"),
  route("segment-details/:id", "routes/segment-details.tsx"),

  route("bundles", "routes/bundles.tsx"),
  route("bundles/:id", "routes/bundle-category.tsx"),
  route("bundle-details/:type/:id", "routes/bundle-details.tsx"),
  route("offers", "routes/offers.tsx"),
  route("offer-details/:type/:id", "routes/offer-details.tsx"),

  route("roaming", "routes/roaming.tsx"),
  route("international-Roaming-Countries", "routes/international-roaming-countries.tsx"),
  route("SMS-Roaming-Countries", "routes/sms-roaming-countries.tsx"),

  route("app-details/:id", "routes/app-details.tsx"),
  route("service-details/:id", "routes/service-details.tsx"),
  route("news-details/:type/:id", "routes/news-details.tsx"),

  route("reserve-number", "routes/reserve-number.tsx"),
  route("Reservation", "routes/reservation.tsx"),

  route("support", "routes/support-redirect.ts"),
  // Before support/:id, so that /support/Feedback (any case) is this page and only it loads the form.
  route("support/feedback", "routes/support-feedback.tsx"),
  route("support/:id", "routes/support.tsx"),

  route("super-clip", "routes/super-clip.tsx"),
  route("call-forward", "routes/call-forward.tsx"),
  route("call-barring", "routes/call-barring.tsx"),
  route("hotline", "routes/hotline.tsx"),
  // Data of the super clip tabs, loaded on their first visit (not pages).
  route("line-features/super-clip/reply", "routes/line-features.super-clip.reply.ts"),
  route("line-features/super-clip/callers", "routes/line-features.super-clip.callers.ts"),
  route("profile", "routes/profile.tsx"),
  route("my-line", "routes/my-line.tsx"),
  route("top-up", "routes/top-up.tsx"),
  route("my-line/usage", "routes/my-line.usage.tsx"),
  // The usage records as a CSV file (a resource route).
  route("my-line/usage.csv", "routes/my-line.usage-csv.ts"),

  route("business", "routes/business.tsx"),
  route("business/:id", "routes/business-solution.tsx"),

  route("privacy-policy/:type?", "routes/privacy-policy.tsx"),
  route("service-terms/:type?", "routes/service-terms.tsx"),
  route("search", "routes/search.tsx"),

  // The web UI's account actions (resource routes: JSON for the dialogs, redirects for plain forms).
  // They call server/account/service.ts directly; the spec API (core/api/users/…) is the same logic.
  route("account/code", "routes/account.code.ts"),
  route("account/verify", "routes/account.verify.ts"),
  route("account/public-key", "routes/account.public-key.ts"),
  route("account/menu", "routes/account.menu.ts"),
  route("account/select-number", "routes/account.select-number.ts"),
  route("account/logout", "routes/account.logout.ts"),
  route("account/logout-others", "routes/account.logout-others.ts"),

  // The operator's console (issue 17): staff only, its own session cookie and frame.
  route("console", "routes/console.tsx", [
    index("routes/console.home.tsx"),
    route("login", "routes/console.login.tsx"),
    route("logout", "routes/console.logout.ts"),
    route("enrol/:token", "routes/console.enrol.tsx"),
    route("staff", "routes/console.staff.tsx"),
    route("audit", "routes/console.audit.tsx"),
    route("feedback", "routes/console.feedback.tsx"),
    route("feedback/:reference", "routes/console.feedback-message.tsx"),
    route("feedback/:reference/attachment", "routes/console.feedback-attachment.ts"),
    route("desk", "routes/console.desk.tsx"),
    route("content-files", "routes/console.content-files.tsx"),
    route("content-files/download/:file", "routes/console.content-files.download.ts"),
    route("media", "routes/console.media.tsx"),
    route("content", "routes/console.content.tsx"),
    route("content/:kind", "routes/console.content-kind.tsx"),
    // "new" is not a key: a static segment wins over :key (a new item's form, the same module).
    route("content/:kind/new", "routes/console.content-item.tsx", { id: "routes/console.content-new" }),
    route("content/:kind/:key", "routes/console.content-item.tsx"),
  ]),

  // /about-{company}/… (the company slug is configuration) and every unknown path.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
