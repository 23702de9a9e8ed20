import { expect, test } from "vitest";
import { withLowPriorityModulePreloads } from "./script-priority.server.ts";

const page = (head: string, body = "<p>text</p>") => Buffer.from(`<!DOCTYPE html><html lang="ar"><head>${head}</head><body>${body}</body></html>`);

test("every module preload of the head is fetched at low priority; nothing else changes", () => {
  const head = '<meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/><link rel="preload" as="font" href="/f.woff2"/><link rel="modulepreload" href="/assets/route-é.js"/>';
  const out = withLowPriorityModulePreloads(page(head, '<a rel="modulepreload">keep</a> سما')).toString();
  expect(out).toBe(
    page(
      '<meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/><link rel="preload" as="font" href="/f.woff2"/><link rel="modulepreload" fetchpriority="low" href="/assets/route-é.js"/>',
      '<a rel="modulepreload">keep</a> سما',
    ).toString(),
  );
});

test("a preload that already has a priority, a page without module preloads and a fragment without a head are left alone", () => {
  const own = page('<link rel="modulepreload" fetchpriority="high" href="/x.js"/>');
  expect(withLowPriorityModulePreloads(own)).toBe(own);
  const plain = page("<title>t</title>");
  expect(withLowPriorityModulePreloads(plain)).toBe(plain);
  const fragment = Buffer.from('<link rel="modulepreload" href="/x.js"/>');
  expect(withLowPriorityModulePreloads(fragment)).toBe(fragment);
});
