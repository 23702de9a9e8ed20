// `npm run content:load` against a database (DATABASE_URL): applies the content, prints a count per file,
// and an editor's change to the database is replaced by the file's text on the next load.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { demoContent } from "../support/contract.ts";
import { rootDir } from "../support/database-setup.ts";
import { withClient } from "../support/database.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";

const run = promisify(execFile);
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

test("loads every file, prints the counts, and puts back a text changed in the database", async () => {
  await withClient(database.url, (client) => client.query("update faqs set question_en = 'changed by hand' where id = 1"));
  const { stdout } = await run(process.execPath, [path.join(rootDir, "scripts", "content-load.js")], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, DATABASE_URL: database.url },
  });
  expect(stdout).toMatch(new RegExp(`^faqs\\.json\\s+${demoContent<unknown[]>("faqs.json").length}$`, "m"));
  expect(stdout).toContain("Content loaded");
  const question = demoContent<{ id: number; questionEn: string }[]>("faqs.json").find((faq) => faq.id === 1)!.questionEn;
  const { rows } = await withClient(database.url, (client) => client.query("select question_en from faqs where id = 1"));
  expect(rows).toEqual([{ question_en: question }]);
});

test("fails with a message and exit code 1 when the database cannot be reached", async () => {
  const failed = await run(process.execPath, [path.join(rootDir, "scripts", "content-load.js")], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toMatch(/ECONNREFUSED|connect/);
});
