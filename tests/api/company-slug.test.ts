// The about pages live under /about-{COMPANY_SLUG}: with COMPANY_SLUG=acme the pages move there and
// the default /about-sama/… paths are unknown.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";
import { htmlLanguage, pageTitle } from "../support/contract.ts";

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: { COMPANY_SLUG: "acme" } });
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("COMPANY_SLUG=acme", () => {
  test("/about-acme/who-we-are answers the who-we-are page (200)", async () => {
    const answer = await client.page("/about-acme/who-we-are", { cookie: "lang=en" });
    expect(answer.status).toBe(200);
    expect(htmlLanguage(answer.text).lang).toBe("en");
    expect(pageTitle(answer.text)).toMatch(/^Who we are\b/);
  });

  test("/about-acme redirects to /about-acme/who-we-are", async () => {
    const answer = await client.page("/about-acme");
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.location!, server.url).pathname).toBe("/about-acme/who-we-are");
  });

  test("/about-sama/who-we-are is unknown (404)", async () => {
    const answer = await client.page("/about-sama/who-we-are");
    expect(answer.status).toBe(404);
    expect(answer.text).toContain("Ooops!");
  });
});
