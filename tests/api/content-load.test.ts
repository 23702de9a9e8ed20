// `npm run content:load` against a database (DATABASE_URL): applies the content, prints a count per file,
// and an editor's change to the database is replaced by the file's text on the next load. `npm run
// content:export` writes the database's content back as the files of content/, byte for byte.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { demoContent } from "../support/contract.ts";
import { rootDir } from "../support/database-setup.ts";
import { withClient } from "../support/database.ts";
import { useTestDatabase } from "../support/test-database.ts";
import { scriptEnv } from "../support/test-server.ts";

const run = promisify(execFile);
const database = useTestDatabase({ instances: 0 });

test("loads every file, prints the counts, and puts back a text changed in the database", async () => {
  await withClient(database.url, (client) => client.query("update faqs set question_en = 'changed by hand' where id = 1"));
  const { stdout } = await run(process.execPath, [path.join(rootDir, "scripts", "content-load.ts")], {
    cwd: rootDir,
    env: scriptEnv({ DATABASE_URL: database.url }),
  });
  expect(stdout).toMatch(new RegExp(`^faqs\\.json\\s+${demoContent<unknown[]>("faqs.json").length}$`, "m"));
  expect(stdout).toContain("Content loaded");
  const question = demoContent<{ id: number; questionEn: string }[]>("faqs.json").find((faq) => faq.id === 1)!.questionEn;
  const { rows } = await withClient(database.url, (client) => client.query("select question_en from faqs where id = 1"));
  expect(rows).toEqual([{ question_en: question }]);
});

test("fails with a message and exit code 1 when the database cannot be reached", async () => {
  const failed = await run(process.execPath, [path.join(rootDir, "scripts", "content-load.ts")], {
    cwd: rootDir,
    env: scriptEnv({ DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" }),
  }).catch((error: { code: number; stderr: string }) => error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toMatch(/ECONNREFUSED|connect/);
});

test("content:export writes the database's content as content/ holds it, byte for byte: the first step of the git workflow", async () => {
  const out = mkdtempSync(path.join(os.tmpdir(), "content-export-"));
  try {
    await withClient(database.url, (client) => client.query("update faqs set question_en = 'Exported from the database' where id = 2"));
    const { stdout } = await run(process.execPath, [path.join(rootDir, "scripts", "content-export.ts"), "--out", out], { cwd: rootDir, env: scriptEnv({ DATABASE_URL: database.url }) });
    expect(stdout).toContain("Content exported");
    const contentFiles = readdirSync(path.join(rootDir, "content")).filter((file) => file.endsWith(".json")).sort();
    expect(readdirSync(out).sort()).toEqual(contentFiles);
    for (const file of contentFiles.filter((name) => name !== "faqs.json")) expect(readFileSync(path.join(out, file), "utf8"), file).toBe(readFileSync(path.join(rootDir, "content", file), "utf8"));
    const faqs = JSON.parse(readFileSync(path.join(out, "faqs.json"), "utf8")) as { id: number; questionEn: string }[];
    expect(faqs.find((faq) => faq.id === 2)!.questionEn).toBe("Exported from the database");
    const usage = await run(process.execPath, [path.join(rootDir, "scripts", "content-export.ts")], { cwd: rootDir, env: scriptEnv({ DATABASE_URL: database.url }) }).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2 });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
