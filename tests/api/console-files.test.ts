// The console's content files over real HTTP (issue 17): publishers (and admins) download the live content
// as content/*.json, one archive or file by file, and import an archive or one file with the checks of
// content:load. An import that passes is seen by guests, leaves a published revision per changed item and an
// audit row; a broken archive, a wrong item, a zip bomb or a file that is no zip changes nothing and is
// answered with a localised 4xx. Editors and centre agents are refused (403); without a session, the login.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { catalogs } from "../support/contract.ts";
import { createFirstAdmin, enrolOverHttp, pageGet, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { send, startTestServer, type HttpAnswer, type TestServer } from "../support/test-server.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const contentFile = (file: string) => readFileSync(path.join(rootDir, "content", file), "utf8");
const CONTENT_FILES = ["about.json", "bundle-categories.json", "apps.json", "social-links.json", "bundles.json", "offers.json", "cities.json", "jobs.json", "product-categories.json", "segments.json", "products.json", "services.json", "business-solutions.json", "roaming-zones.json", "roaming-countries.json", "international-tariffs.json", "faq-categories.json", "faqs.json", "service-centres.json", "news.json"];

let server: TestServer;
let admin: Enrolled;
let publisher: Enrolled;
let editor: Enrolled;
let agent: Enrolled;

const consoleText = (language: "ar" | "en") => (catalogs[language] as unknown as { console: { errors: Record<string, string> } }).console.errors;

const invite = (email: string, roles: Record<string, string>, centres = "") => inviteAndEnrol(server, admin, email, roles, centres);

beforeAll(async () => {
  server = await startTestServer({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000", CONTENT_VERSION_POLL_SECONDS: "0.5" } });
  admin = await enrolOverHttp(server, await createFirstAdmin(server, "files-admin@example.com"));
  publisher = await invite("files-publisher@example.com", { rolePublisher: "on" });
  editor = await invite("files-editor@example.com", { roleEditor: "on" });
  agent = await invite("files-agent@example.com", { roleCentreAgent: "on" }, "1");
});
afterAll(async () => {
  await server?.stop();
});

/** A multipart form with one file part, as a browser sends the import form. */
function uploadTo(pathName: string, file: { bytes: Uint8Array | Buffer; fileName: string; type?: string }, options: { cookie?: string; language?: "ar" | "en" } = {}): Promise<HttpAnswer> {
  const boundary = `----console-files-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(server.url, pathName, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      cookie: [options.cookie, options.language ? `lang=${options.language}` : undefined].filter(Boolean).join("; ") || undefined,
    },
    body,
  });
}

const importFile = (file: { bytes: Uint8Array | Buffer; fileName: string }, language: "ar" | "en" = "en", cookie = publisher.cookie) => uploadTo("/console/content-files", file, { cookie, language });

async function downloadAll(cookie = publisher.cookie): Promise<Record<string, string>> {
  const answer = await pageGet(server, "/console/content-files/download/content.zip", { cookie });
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(answer.raw))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

async function contentState(): Promise<{ version: number; revisions: number; imports: number }> {
  return withClient(server.databaseUrl, async (client) => {
    const version = Number((await client.query("select version from content_state where id = 1")).rows[0].version);
    const revisions = (await client.query("select count(*)::int as n from content_revisions")).rows[0].n as number;
    const imports = (await client.query("select count(*)::int as n from staff_audit where action = 'content.import'")).rows[0].n as number;
    return { version, revisions, imports };
  });
}

/** React's escaping of a text in a page. */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

async function poll<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("who may use the content files", () => {
  test("without a console session the page, the downloads and the import send to /console/login", async () => {
    for (const pathName of ["/console/content-files", "/console/content-files/download/content.zip", "/console/content-files/download/offers.json"]) {
      const answer = await pageGet(server, pathName);
      expect(answer.status, pathName).toBe(302);
      expect(answer.headers.location).toBe("/console/login");
    }
    const post = await uploadTo("/console/content-files", { bytes: strToU8("[]"), fileName: "offers.json" });
    expect(post.status).toBe(302);
    expect(post.headers.location).toBe("/console/login");
  });

  test.each(["ar", "en"] as const)("an editor and a centre agent are refused with a localised 403: the page, the downloads and the import (%s)", async (language) => {
    const before = await contentState();
    for (const staff of [editor, agent]) {
      for (const pathName of ["/console/content-files", "/console/content-files/download/content.zip", "/console/content-files/download/offers.json"]) {
        const answer = await pageGet(server, pathName, { cookie: staff.cookie, language });
        expect(answer.status, pathName).toBe(403);
        if (!pathName.includes("download")) expect(answer.text).toContain(escaped(consoleText(language).ROLE_REQUIRED!));
      }
      const post = await uploadTo("/console/content-files", { bytes: strToU8(contentFile("offers.json")), fileName: "offers.json" }, { cookie: staff.cookie, language });
      expect(post.status).toBe(403);
      expect(post.text).toContain(escaped(consoleText(language).ROLE_REQUIRED!));
    }
    expect(await contentState()).toEqual(before);
  });

  test.each(["ar", "en"] as const)("a publisher sees the page in %s: every file with its download link, the import form with its label; never cached, never indexed", async (language) => {
    const page = await pageGet(server, "/console/content-files", { cookie: publisher.cookie, language });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}"`);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    for (const file of CONTENT_FILES) expect(page.text).toContain(`href="/console/content-files/download/${file}"`);
    expect(page.text).toContain('href="/console/content-files/download/content.zip"');
    expect(page.text).toMatch(/<label for="content-upload"/);
    expect(page.text).toContain(escaped((catalogs[language] as unknown as { console: { contentFiles: { downloadAll: string } } }).console.contentFiles.downloadAll));
  });

  test("an admin may use the content files too; the console's navigation shows them only to publishers and admins", async () => {
    expect((await pageGet(server, "/console/content-files", { cookie: admin.cookie })).status).toBe(200);
    expect((await pageGet(server, "/console", { cookie: publisher.cookie })).text).toContain('href="/console/content-files"');
    expect((await pageGet(server, "/console", { cookie: editor.cookie })).text).not.toContain('href="/console/content-files"');
  });
});

describe("downloads", () => {
  test("download all is one zip archive whose files equal content/ byte for byte", async () => {
    const answer = await pageGet(server, "/console/content-files/download/content.zip", { cookie: publisher.cookie });
    expect(answer.headers["content-type"]).toBe("application/zip");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="content.zip"');
    expect(answer.headers["cache-control"]).toBe("no-store");
    const files = await downloadAll();
    expect(Object.keys(files).sort()).toEqual([...CONTENT_FILES].sort());
    for (const file of CONTENT_FILES) expect(files[file], file).toBe(contentFile(file));
  });

  test("one file is downloaded on its own, as content/ holds it; an unknown name is a 404", async () => {
    const answer = await pageGet(server, "/console/content-files/download/roaming-countries.json", { cookie: publisher.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="roaming-countries.json"');
    expect(answer.text).toBe(contentFile("roaming-countries.json"));
    for (const name of ["passwords.json", "..%2F..%2Fpackage.json", "offers.JSON"]) {
      expect((await pageGet(server, `/console/content-files/download/${name}`, { cookie: publisher.cookie })).status, name).toBe(404);
    }
  });
});

describe("imports that pass", () => {
  test("a changed offer, imported as offers.json: guests see it, it has a published revision (origin import), and the audit says who and how many", async () => {
    const offers = JSON.parse(contentFile("offers.json")) as { id: number; titleEn: string; titleAr: string; validTo: string }[];
    const offer = offers.find((item) => item.id === 2)!;
    offer.titleEn = "Top up 10,000, get 3 GB";
    offer.titleAr = "اشحن بـ 10,000 واحصل على 3 غيغابايت";
    // Guests see an offer only while it runs: the demo one ends on a day in 2027, this one runs on any day.
    offer.validTo = "2099-12-31";
    const before = await contentState();
    const answer = await importFile({ bytes: strToU8(JSON.stringify(offers, null, 2)), fileName: "offers.json" });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.text).toMatch(/data-testid="changed-items"><bdi>1<\/bdi>/);
    // Two revisions: the version guests saw until now (it had none: content:load put it there) and the imported one.
    expect(await contentState()).toMatchObject({ version: before.version + 1, revisions: before.revisions + 2, imports: before.imports + 1 });

    for (const [language, title] of [["en", "Top up 10,000, get 3 GB"], ["ar", "اشحن بـ 10,000 واحصل على 3 غيغابايت"]] as const) {
      await poll(`the guests' offers page in ${language} shows the imported title`, async () => {
        const page = await send(server.url, `/offers?lang=${language}`);
        return page.text.includes(escaped(title)) ? true : undefined;
      });
    }
    const { revision, kept, auditRow } = await withClient(server.databaseUrl, async (client) => ({
      revision: (await client.query("select r.kind, r.item_key, r.state, r.origin, r.data, s.email from content_revisions r join staff_accounts s on s.id = r.created_by where r.kind = 'offers' and r.item_key = '2'")).rows,
      kept: (await client.query("select state, origin, data->>'titleEn' as title from content_revisions where kind = 'offers' and item_key = '2' and created_by is null")).rows,
      auditRow: (await client.query("select actor_email, target, before, after from staff_audit where action = 'content.import' order by id desc limit 1")).rows[0],
    }));
    expect(revision).toEqual([expect.objectContaining({ kind: "offers", item_key: "2", state: "published", origin: "import", email: "files-publisher@example.com" })]);
    expect(revision[0].data).toMatchObject({ id: 2, titleEn: "Top up 10,000, get 3 GB" });
    expect(kept).toEqual([{ state: "superseded", origin: "import", title: JSON.parse(contentFile("offers.json")).find((item: { id: number }) => item.id === 2).titleEn }]);
    expect(auditRow).toMatchObject({ actor_email: "files-publisher@example.com", before: { rows: { "offers.json": offers.length } }, after: { rows: { "offers.json": offers.length }, changed: { "offers.json": 1 } } });

    // The same file again changes nothing: no new revision. Another change supersedes the published revision.
    await importFile({ bytes: strToU8(JSON.stringify(offers)), fileName: "offers (1).json" });
    expect((await contentState()).revisions).toBe(before.revisions + 2);
    offer.titleEn = "Top up 10,000, get 4 GB";
    expect((await importFile({ bytes: strToU8(JSON.stringify(offers)), fileName: "offers.json" })).status).toBe(200);
    const states = await withClient(server.databaseUrl, async (client) => (await client.query("select state, data->>'titleEn' as title from content_revisions where kind = 'offers' and item_key = '2' order by id")).rows);
    expect(states).toEqual([
      { state: "superseded", title: JSON.parse(contentFile("offers.json")).find((item: { id: number }) => item.id === 2).titleEn },
      { state: "superseded", title: "Top up 10,000, get 3 GB" },
      { state: "published", title: "Top up 10,000, get 4 GB" },
    ]);
  });

  test("download all → import the archive → download all is identical, and nothing counts as changed", async () => {
    const files = await downloadAll();
    const archive = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [`content/${name}`, strToU8(text)])));
    const before = await contentState();
    const answer = await importFile({ bytes: archive, fileName: "content.zip" });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.text).toMatch(/data-testid="imported-files"><bdi>20<\/bdi>/);
    expect(answer.text).toMatch(/data-testid="changed-items"><bdi>0<\/bdi>/);
    expect(await downloadAll()).toEqual(files);
    expect(await contentState()).toMatchObject({ version: before.version + 1, revisions: before.revisions });
  });
});

describe("imports that are refused change nothing", () => {
  async function expectRefused(file: { bytes: Uint8Array | Buffer; fileName: string }, status: number, language: "ar" | "en", contains: string[]) {
    const files = await downloadAll();
    const before = await contentState();
    const answer = await importFile(file, language);
    expect(answer.status, answer.text.slice(0, 400)).toBe(status);
    for (const text of contains) expect(answer.text, `the page says ${text}`).toContain(escaped(text));
    expect(await contentState()).toEqual(before);
    expect(await downloadAll()).toEqual(files);
    expect(server.errors()).toEqual([]);
  }

  test.each(["ar", "en"] as const)("a wrong item: the first problem is named by file, item and field (%s)", async (language) => {
    const offers = JSON.parse(contentFile("offers.json")) as Record<string, unknown>[];
    offers[0]!.titleEn = "Changed, but the next item is wrong";
    offers[1]!.validTo = "next summer";
    const frame = consoleText(language).CONTENT_FILE_INVALID!.split("{{file}}")[0]!;
    await expectRefused({ bytes: strToU8(JSON.stringify(offers)), fileName: "offers.json" }, 400, language, [frame, "offers.json", "validTo"]);
  });

  test.each(["ar", "en"] as const)("two items with one key: refused, not merged (%s)", async (language) => {
    const offers = JSON.parse(contentFile("offers.json")) as Record<string, unknown>[];
    offers.push({ ...offers[0]!, titleEn: "A second offer with the first one's id" });
    const duplicate = (catalogs[language] as unknown as { console: { contentFiles: { duplicateKey: string } } }).console.contentFiles.duplicateKey.replace("{{key}}", String(offers[0]!.id));
    await expectRefused({ bytes: strToU8(JSON.stringify(offers)), fileName: "offers.json" }, 400, language, ["offers.json", duplicate]);
  });

  test("an archive whose second file breaks the rules: the first file's changes are not applied either", async () => {
    const offers = JSON.parse(contentFile("offers.json")) as Record<string, unknown>[];
    offers[0]!.titleEn = "Should never be seen";
    const bundles = JSON.parse(contentFile("bundles.json")) as Record<string, unknown>[];
    bundles[3]!.categoryId = 999;
    const archive = zipSync({ "offers.json": strToU8(JSON.stringify(offers)), "bundles.json": strToU8(JSON.stringify(bundles)) });
    await expectRefused({ bytes: archive, fileName: "content.zip" }, 400, "en", ["bundles.json", "item 4"]);
  });

  test.each(["ar", "en"] as const)("a broken archive (a zip's first bytes, then garbage; an archive cut short) (%s)", async (language) => {
    const message = consoleText(language).CONTENT_ARCHIVE_BROKEN!;
    await expectRefused({ bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(500, 7)]), fileName: "content.zip" }, 400, language, [message]);
    const archive = zipSync({ "offers.json": strToU8(contentFile("offers.json")), "news.json": strToU8(contentFile("news.json")) }, { level: 0 });
    await expectRefused({ bytes: archive.subarray(0, Math.floor(archive.length * 0.6)), fileName: "content.zip" }, 400, language, [message]);
  });

  test.each(["ar", "en"] as const)("a zip bomb (20 MB of one byte in a few kilobytes; 500 entries) is given up quickly with a 413 (%s)", async (language) => {
    const message = consoleText(language).CONTENT_ARCHIVE_TOO_LARGE!;
    const bomb = zipSync({ "offers.json": new Uint8Array(20 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    await expectRefused({ bytes: bomb, fileName: "content.zip" }, 413, language, [message]);
    expect(performance.now() - started).toBeLessThan(10_000);
    const many = zipSync(Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`x/${index}/`, new Uint8Array(0)])));
    await expectRefused({ bytes: many, fileName: "content.zip" }, 413, language, [message]);
  });

  test.each(["ar", "en"] as const)("a file that is no zip and no JSON (a PNG, an HTML page) is a 415; a JSON not named as a content file is a 400 (%s)", async (language) => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expectRefused({ bytes: png, fileName: "content.zip" }, 415, language, [consoleText(language).CONTENT_UPLOAD_TYPE!]);
    await expectRefused({ bytes: strToU8("<html><body>[]</body></html>"), fileName: "offers.json" }, 415, language, [consoleText(language).CONTENT_UPLOAD_TYPE!]);
    await expectRefused({ bytes: strToU8("[]"), fileName: "passwords.json" }, 400, language, ["passwords.json"]);
    const archive = zipSync({ "offers.json": strToU8(contentFile("offers.json")), "../../etc/passwd": strToU8("root") });
    await expectRefused({ bytes: archive, fileName: "content.zip" }, 400, language, ["passwd"]);
  });

  test("no file chosen: the form says so under the file field", async () => {
    const answer = await importFile({ bytes: new Uint8Array(0), fileName: "" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('id="content-upload-error"');
    expect(answer.text).toContain(escaped((catalogs.en as unknown as { console: { validation: { fileRequired: string } } }).console.validation.fileRequired));
  });

  test.each(["ar", "en"] as const)("a file over 4 MB is a 413 saying it is too large (a little over: read and measured; far over: refused while arriving) (%s)", async (language) => {
    const tooLarge = (catalogs[language] as unknown as { console: { validation: { uploadTooLarge: string } } }).console.validation.uploadTooLarge;
    const before = await contentState();
    for (const bytes of [4.5 * 1024 * 1024, 6 * 1024 * 1024]) {
      const answer = await importFile({ bytes: Buffer.alloc(bytes, 0x20), fileName: "offers.json" }, language);
      expect(answer.status, `${bytes} bytes`).toBe(413);
      expect(answer.text).toContain(escaped(tooLarge));
    }
    expect(await contentState()).toEqual(before);
  });
});
