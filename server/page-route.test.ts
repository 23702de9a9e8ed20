import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { pageRouteTemplate } from "./page-route.ts";

const route = (id: string, path: string | undefined, parentId?: string) => ({ id, path, parentId, module: {} });
const build = (): ServerBuild =>
  ({
    routes: {
      root: route("root", ""),
      home: route("home", "home", "root"),
      details: route("details", "bundle-details/:type/:id", "root"),
      section: route("section", "about-sama", "root"),
      page: route("page", ":page", "section"),
    },
  }) as unknown as ServerBuild;

describe("the route template of a page request (the label of its metrics)", () => {
  test("names the matched route, nested routes joined, .data requests as their page; an unknown path is /*", () => {
    const routes = build();
    expect(pageRouteTemplate(routes, "/home")).toBe("/home");
    expect(pageRouteTemplate(routes, "/bundle-details/data/7.data")).toBe("/bundle-details/:type/:id");
    expect(pageRouteTemplate(routes, "/about-sama/who-we-are")).toBe("/about-sama/:page");
    expect(pageRouteTemplate(routes, "/no/such/page")).toBe("/*");
  });

  test("answers a path asked again the same, also past the paths it keeps, and per build", () => {
    const routes = build();
    for (let id = 0; id < 6_000; id++) expect(pageRouteTemplate(routes, `/bundle-details/data/${id}`)).toBe("/bundle-details/:type/:id");
    expect(pageRouteTemplate(routes, "/bundle-details/data/0")).toBe("/bundle-details/:type/:id");
    expect(pageRouteTemplate(routes, "/home")).toBe("/home");
    const other = { routes: { root: route("root", ""), news: route("news", "home/:id", "root") } } as unknown as ServerBuild;
    expect(pageRouteTemplate(other, "/home/3")).toBe("/home/:id");
    expect(pageRouteTemplate(routes, "/home/3")).toBe("/*");
  });
});
