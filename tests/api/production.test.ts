// In production every cookie the site sets is Secure (issue 14, finding 9: the language cookie was not).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findSetCookie, send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { NODE_ENV: "production", ALLOW_OUTBOX_IN_PRODUCTION: "1" } });
});
afterAll(async () => {
  await server?.stop();
});

describe("in production", () => {
  test("the server runs with --disable-proto=delete (it warns when started without)", () => {
    expect(server.process.spawnargs).toContain("--disable-proto=delete");
    expect(server.output()).not.toContain("started without --disable-proto=delete");
  });

  test("the language cookie a ?lang= link sets is Secure and SameSite=Lax", async () => {
    const answer = await send(server.url, "/home?lang=en");
    expect(answer.status).toBe(200);
    const cookie = findSetCookie(answer.cookies, "lang");
    expect(cookie, "the ?lang= link sets the language cookie").toBeDefined();
    expect(cookie!.attributes).toContain("secure");
    expect(cookie!.attributes).toContain("samesite=lax");
  });
});
