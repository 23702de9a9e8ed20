// Spec §7 reference lists over real HTTP: cities and jobs, named in the asked language and sorted
// by that name the way that language sorts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";
import { demoContent, expectSuccess, expectTextIn, LANGUAGE_CASES } from "../support/contract.ts";

interface NamedRow { id: number; nameAr: string; nameEn: string }

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

for (const [path, file] of [
  ["/customerCare/api/city/all", "cities.json"],
  ["/core/api/jobs/all", "jobs.json"],
] as const) {
  describe(`GET ${path}`, () => {
    const rows = demoContent<NamedRow[]>(file);

    for (const { asked, expected, label } of LANGUAGE_CASES) {
      test(`with ${label}: every item of content/${file} as {id, name} in ${expected}, sorted by name`, async () => {
        const data = expectSuccess<{ id: number; name: string }[]>(await client.get(path, asked), expected);
        for (const item of data) {
          expect(Object.keys(item).sort()).toEqual(["id", "name"]);
          expect(Number.isInteger(item.id)).toBe(true);
          expectTextIn(expected, item.name);
        }
        const byId = new Map(rows.map((row) => [row.id, expected === "ar" ? row.nameAr : row.nameEn]));
        expect(data.map((item) => item.id).sort((a, b) => a - b)).toEqual([...byId.keys()].sort((a, b) => a - b));
        for (const item of data) expect(item.name).toBe(byId.get(item.id));

        const collator = new Intl.Collator(expected);
        const names = data.map((item) => item.name);
        expect(names).toEqual([...names].sort(collator.compare));
      });
    }

    test("the order follows the language: Arabic and English orders of the demo content differ", async () => {
      // Guards the sorting check above against content where every order coincides.
      const ar = expectSuccess<{ id: number }[]>(await client.get(path, "ar"), "ar").map((item) => item.id);
      const en = expectSuccess<{ id: number }[]>(await client.get(path, "en"), "en").map((item) => item.id);
      expect(ar).not.toEqual(en);
    });
  });
}
