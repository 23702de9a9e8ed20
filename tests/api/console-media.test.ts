// The console's images over real HTTP (issue 17): an editor uploads an image at /console/media (multipart,
// through the one body reader), and a SECOND instance of the site on the same database serves its sizes with
// their caching headers; refusals by role and without a session; hostile multipart bodies answered with a
// localised 4xx, never a 5xx, with nothing stored.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { catalogs } from "../support/contract.ts";
import { createFirstAdmin, enrolOverHttp, pageGet, type Enrolled, inviteAndEnrol } from "../support/console.ts";
import { withClient } from "../support/database.ts";
import { send, startTestServer, type HttpAnswer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let secondInstance: TestServer;
let admin: Enrolled;
let editor: Enrolled;
let publisher: Enrolled;
let agent: Enrolled;

const consoleErrors = (language: "ar" | "en") => (catalogs[language] as unknown as { console: { errors: Record<string, string> } }).console.errors;
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const invite = (email: string, roles: Record<string, string>, centres = "") => inviteAndEnrol(server, admin, email, roles, centres);

beforeAll(async () => {
  server = await startTestServer({ env: { CONSOLE_LOGINS_PER_IP_15_MIN: "100000" } });
  secondInstance = await startTestServer({ sameDatabaseAs: server });
  admin = await enrolOverHttp(server, await createFirstAdmin(server, "media-admin@example.com"));
  editor = await invite("media-editor@example.com", { roleEditor: "on" });
  publisher = await invite("media-publisher@example.com", { rolePublisher: "on" });
  agent = await invite("media-agent@example.com", { roleCentreAgent: "on" }, "1");
});
afterAll(async () => {
  await secondInstance?.stop();
  await server?.stop();
});

function multipartBody(parts: { name: string; fileName?: string; bytes: Buffer | string }[], boundary: string): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}\r\n${part.fileName === undefined ? "" : "Content-Type: image/jpeg\r\n"}\r\n`),
      Buffer.from(part.bytes),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

function upload(bytes: Buffer, options: { cookie?: string; language?: "ar" | "en"; fileName?: string } = {}): Promise<HttpAnswer> {
  const boundary = "----media-test-boundary";
  return send(server.url, "/console/media", {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      cookie: [options.cookie, options.language ? `lang=${options.language}` : undefined].filter(Boolean).join("; ") || undefined,
    },
    body: multipartBody([{ name: "file", fileName: options.fileName ?? "photo.jpg", bytes }], boundary),
  });
}

const photo = (width: number, height: number, background = "#6d28d9") => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

async function mediaRows(): Promise<number> {
  return withClient(server.databaseUrl, async (client) => (await client.query("select count(*)::int as n from content_media")).rows[0].n as number);
}

function uploadedPathOf(answer: HttpAnswer): string {
  const match = /data-testid="uploaded-path"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="uploaded-path"/.exec(answer.text);
  if (!match) throw new Error(`no uploaded path on the page (status ${answer.status}): ${answer.text.slice(0, 400)}`);
  return match[1] ?? match[2]!;
}

describe("an editor uploads an image; every instance serves it", () => {
  test("the page shows the base path; a second instance on the same database serves each width with immutable caching, an ETag and nosniff", async () => {
    const answer = await upload(await photo(1600, 900), { cookie: editor.cookie, language: "en" });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const base = uploadedPathOf(answer);
    expect(base).toMatch(/^\/images\/uploads\/[0-9a-f]{64}$/);
    for (const width of [536, 767, 1200]) {
      const served = await send(secondInstance.url, `${base}-${width}.jpg`);
      expect(served.status, `${base}-${width}.jpg`).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers.etag).toBe(`"${base.split("/").pop()}-${width}.jpg"`);
      expect((await sharp(served.raw).metadata()).width).toBe(width);
      const again = await send(secondInstance.url, `${base}-${width}.jpg`, { headers: { "if-none-match": served.headers.etag as string } });
      expect(again.status).toBe(304);
    }
    const audit = await withClient(server.databaseUrl, async (client) => (await client.query("select actor_email, target, after from staff_audit where action = 'media.upload'")).rows);
    expect(audit).toEqual([expect.objectContaining({ actor_email: "media-editor@example.com", target: `media:${base.split("/").pop()}`, after: expect.objectContaining({ width: 1600, height: 900, type: "image/jpeg" }) })]);
    // The recent uploads list it with a thumbnail (decorative: its path is beside it).
    const page = await pageGet(server, "/console/media", { cookie: publisher.cookie, language: "ar" });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img src="${base}-536.jpg" alt=""`);
  });

  test("unknown images, widths and names are 404 (also on the second instance)", async () => {
    const hash = "a".repeat(64);
    for (const target of [`/images/uploads/${hash}-536.jpg`, `/images/uploads/${hash}-100.jpg`, "/images/uploads/not-a-hash-536.jpg", `/images/uploads/${hash.toUpperCase()}-536.jpg`, `/images/uploads/${hash}-536.jpg.html`]) {
      expect((await send(secondInstance.url, target)).status, target).toBe(404);
    }
  });

  test("a publisher may upload too; the same image twice is one row", async () => {
    const bytes = await photo(800, 450, "#0ea5e9");
    const before = await mediaRows();
    const first = await upload(bytes, { cookie: publisher.cookie });
    const second = await upload(bytes, { cookie: editor.cookie, fileName: "copy.png" });
    expect(uploadedPathOf(second)).toBe(uploadedPathOf(first));
    expect(await mediaRows()).toBe(before + 1);
  });
});

describe("who may upload", () => {
  test("without a console session the page and the upload send to /console/login", async () => {
    const page = await pageGet(server, "/console/media");
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/console/login");
    const post = await upload(await photo(100, 100));
    expect(post.status).toBe(302);
    expect(post.headers.location).toBe("/console/login");
  });

  test.each(["ar", "en"] as const)("a centre agent and an admin get a localised 403 for the page and the upload, and nothing is stored (%s)", async (language) => {
    const before = await mediaRows();
    for (const staff of [agent, admin]) {
      const page = await pageGet(server, "/console/media", { cookie: staff.cookie, language });
      expect(page.status).toBe(403);
      expect(page.text).toContain(escaped(consoleErrors(language).ROLE_REQUIRED!));
      const post = await upload(await photo(120, 80, "#111111"), { cookie: staff.cookie, language });
      expect(post.status).toBe(403);
      expect(post.text).toContain(escaped(consoleErrors(language).ROLE_REQUIRED!));
    }
    expect(await mediaRows()).toBe(before);
    expect((await pageGet(server, "/console", { cookie: agent.cookie })).text).not.toContain('href="/console/media"');
    expect((await pageGet(server, "/console", { cookie: editor.cookie })).text).toContain('href="/console/media"');
  });
});

describe("refused and hostile uploads", () => {
  test.each(["ar", "en"] as const)("an SVG named .jpg is a 415 and an HTML page a 415, in the page's language (%s)", async (language) => {
    const before = await mediaRows();
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), Buffer.from("<!doctype html><script>alert(1)</script>")]) {
      const answer = await upload(bytes, { cookie: editor.cookie, language });
      expect(answer.status).toBe(415);
      expect(answer.text).toContain(escaped(consoleErrors(language).MEDIA_TYPE!));
    }
    expect(await mediaRows()).toBe(before);
  });

  test("hostile multipart bodies: a 4xx each, never a 5xx, nothing stored, and the server logs no error", async () => {
    const before = await mediaRows();
    const image = await photo(200, 100);
    const boundary = "----hostile";
    const post = (body: Buffer | string, type = `multipart/form-data; boundary=${boundary}`) =>
      send(server.url, "/console/media", { method: "POST", headers: { origin: server.url, cookie: editor.cookie, "content-type": type }, body });
    const cases: [string, Buffer | string, string?][] = [
      ["two files", multipartBody([{ name: "file", fileName: "a.jpg", bytes: image }, { name: "other", fileName: "b.jpg", bytes: image }], boundary)],
      ["a file under __proto__", multipartBody([{ name: "__proto__", fileName: "a.jpg", bytes: image }], boundary)],
      ["a field named constructor.prototype", multipartBody([{ name: "constructor.prototype.x", bytes: "1" }, { name: "file", fileName: "a.jpg", bytes: image }], boundary)],
      ["the file as a text field", multipartBody([{ name: "file", bytes: "/etc/passwd" }], boundary)],
      ["a broken multipart", `--${boundary}\r\nContent-Disposition: form-data; name=\r\n\r\n`],
      ["no boundary", "abc", "multipart/form-data"],
      ["50 fields", multipartBody(Array.from({ length: 50 }, (_, index) => ({ name: `f${index}`, bytes: "x" })), boundary)],
      ["a file over 5 MB", multipartBody([{ name: "file", fileName: "big.jpg", bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]) }], boundary)],
      ["7 MB in all", multipartBody([{ name: "file", fileName: "big.jpg", bytes: Buffer.alloc(7 * 1024 * 1024) }], boundary)],
      ["JSON", '{"file": {"kind": "uploaded-file", "path": "/etc/passwd", "size": 10, "head": [255, 216, 255], "fileName": "x.jpg"}}', "application/json"],
      ["a form", "file=%2Fetc%2Fpasswd", "application/x-www-form-urlencoded"],
    ];
    for (const [label, body, type] of cases) {
      const answer = await post(body, type);
      expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await mediaRows()).toBe(before);
    expect(server.errors()).toEqual([]);
    expect((await send(server.url, "/healthz")).status).toBe(200);
  });
});
