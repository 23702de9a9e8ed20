// Redirects never leave the site (issue 14, finding 6): whatever path or stored next route a visitor
// sends, every Location the server answers resolves to the site's own origin.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const HOSTILE_PATHS = [
  "/personal//evil.example",
  "/personal/%5Cevil.example",
  "/personal/%5C%5Cevil.example",
  "/personal/%2F%2Fevil.example",
  "/personal/%2Fevil.example",
  "/personal/https:%2F%2Fevil.example",
  "/personal/https://evil.example",
  "/personal/%09/evil.example",
  "/personal/%0A/evil.example",
  "/personal///evil.example/a?b=c",
  "/personal/\\evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "/%2F%2Fevil.example",
  "/support/%2F%2Fevil.example",
];

describe("redirects", () => {
  test.each(HOSTILE_PATHS)("%s: any Location stays on the site", async (path) => {
    const answer = await send(server.url, path);
    expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500);
    const location = answer.headers.location;
    if (location === undefined) return;
    const target = new URL(String(location), server.url);
    expect(target.origin, `Location: ${location}`).toBe(new URL(server.url).origin);
    expect(String(location), "a Location starting with two slashes or a backslash is another host to a browser").not.toMatch(/^(\/[/\\]|\\)/);
  });

  test("/personal/<page> still leads to the page, with its query", async () => {
    const answer = await send(server.url, "/personal/bundles?lang=en");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/bundles?lang=en");
  });
});
