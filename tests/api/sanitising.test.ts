// Content HTML comes from the database: a script or an event handler stored there must never reach
// an API answer or a page. The test writes hostile HTML straight into its server's database.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";
import { expectSuccess, LANGUAGE_CASES, withoutScripts } from "../support/contract.ts";
import { withClient } from "../support/database.ts";

const HOSTILE = {
  ar: '<p>نص الخصوصية الآمن</p><script>alert("ar")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)" onclick="alert(3)">رابط</a>',
  en: '<p>Safe privacy text</p><script>alert("en")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)" onclick="alert(3)">link</a>',
};

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
  await withClient(server.databaseUrl, async (db) => {
    const updated = await db.query("update about_content set text_ar = $1, text_en = $2 where type = 5", [HOSTILE.ar, HOSTILE.en]);
    if (updated.rowCount !== 1) throw new Error("the template has no privacy text (about_content type 5) to overwrite");
    await db.query(
      `insert into about_content (type, slug, title_ar, title_en, text_ar, text_en) values (77, 'hostile-check', 'فحص', 'Check', $1, $2)`,
      [HOSTILE.ar, HOSTILE.en],
    );
  });
});
afterAll(async () => {
  await server?.stop();
});

function expectHarmless(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/alert\(/);
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toMatch(/onclick/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe("stored HTML is sanitised", () => {
  for (const type of [5, 77]) {
    for (const { asked, expected, label } of LANGUAGE_CASES) {
      test(`API about/type/${type} with ${label}: the safe paragraph stays, script, onerror, onclick and javascript: are gone`, async () => {
        const data = expectSuccess<{ text: string }>(await client.get(`/customerCare/api/about/type/${type}`, asked), expected);
        expect(data.text).toContain(expected === "ar" ? "<p>نص الخصوصية الآمن</p>" : "<p>Safe privacy text</p>");
        expectHarmless(data.text);
      });
    }
  }

  for (const language of ["ar", "en"] as const) {
    test(`the /privacy-policy page in ${language} shows the safe text and nothing hostile`, async () => {
      const answer = await client.page("/privacy-policy", { cookie: `lang=${language}` });
      expect(answer.status).toBe(200);
      // The page's own scripts carry the serialised loader data; what matters is the markup and that data.
      const markup = withoutScripts(answer.text);
      expect(markup).toContain(language === "ar" ? "نص الخصوصية الآمن" : "Safe privacy text");
      expectHarmless(markup);
      // Nor does the hostile code travel in the serialised data for hydration.
      expect(answer.text).not.toMatch(/alert\(/);
      expect(answer.text).not.toContain("javascript:alert");
    });
  }
});

describe("the server after these requests", () => {
  test("logged no error: no request above made it fail", () => {
    expect(server.errors()).toEqual([]);
  });
});
