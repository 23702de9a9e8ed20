// The feedback form over real HTTP (the API row and the page's plain form post): the required and
// invalid messages of spec §5 in both languages (the file is required too), the attachment judged by its
// content and size, the honeypot, the per-IP limit, and that a refused submission stores nothing (no row,
// no file).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiMessage, expectFailure, expectSuccess } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest of a small image")]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const good = { fullName: "Ali Hasan", gsm: "0944123456", email: "ali@example.com", description: "The signal at my home in Mezzeh drops every evening.", evaluation: "2" };

let server: TestServer;
let limited: TestServer;

beforeAll(async () => {
  [server, limited] = await Promise.all([startTestServer({ env: { FEEDBACK_PER_IP_HOUR: "1000" } }), startTestServer({ env: { FEEDBACK_PER_IP_HOUR: "2" } })]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
});

function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

async function post(target: TestServer, body: FormData, language: "ar" | "en", pathName = "/customerCare/api/feedback") {
  const response = await fetch(`${target.url}${pathName}`, { method: "POST", body, headers: { "accept-language": language } });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), text, raw: Buffer.from(text), cookies: [], json: <T>() => JSON.parse(text) as T };
}

async function storedRows(target: TestServer): Promise<{ reference: string; file_name: string | null; file_type: string | null; file_size: number | null; gsm: string }[]> {
  return withClient(target.databaseUrl, async (db) => (await db.query("select reference, file_name, file_type, file_size, gsm from feedback order by id")).rows);
}

function storedFiles(target: TestServer): string[] {
  const directory = path.join(target.dataDir, "feedback");
  return existsSync(directory) ? readdirSync(directory) : [];
}

describe("POST customerCare/api/feedback", () => {
  for (const language of ["ar", "en"] as const) {
    test(`an empty form gets every required message in ${language}`, async () => {
      const body = expectFailure(await post(server, form({}), language), 400, "BAD_REQUEST", language, "feedback.fixErrors");
      expect(body.errors).toEqual({
        fullName: [apiMessage(language, "validation.fullNameRequired")],
        gsm: [apiMessage(language, "validation.mobileRequired")],
        email: [apiMessage(language, "validation.emailRequired")],
        description: [apiMessage(language, "validation.descriptionRequired")],
        evaluation: [apiMessage(language, "validation.evaluationRequired")],
        file: [apiMessage(language, "validation.fileRequired")],
      });
    });

    test(`without a file, or with the empty part a browser sends when none is chosen, it is refused with 'File is required' in ${language}; with one it is accepted`, async () => {
      const rows = (await storedRows(server)).length;
      const files = storedFiles(server).length;
      const without = expectFailure(await post(server, form(good), language), 400, "BAD_REQUEST", language, "feedback.fixErrors");
      expect(without.errors).toEqual({ file: [apiMessage(language, "validation.fileRequired")] });
      const emptyPart = expectFailure(await post(server, form(good, { bytes: Buffer.alloc(0), name: "", type: "application/octet-stream" }), language), 400, "BAD_REQUEST", language, "feedback.fixErrors");
      expect(emptyPart.errors).toEqual({ file: [apiMessage(language, "validation.fileRequired")] });
      expect((await storedRows(server)).length).toBe(rows);
      expect(storedFiles(server).length).toBe(files);

      const accepted = expectSuccess<{ reference: string }>(await post(server, form(good, { bytes: PNG, name: "signal.png", type: "image/png" }), language), language);
      expect((await storedRows(server)).map((row) => row.reference)).toContain(accepted.reference);
    });

    test(`invalid values get the invalid messages in ${language}, a file of another type too`, async () => {
      const body = expectFailure(
        await post(server, form({ fullName: "A1", gsm: "0912345678", email: "ali@", description: "too short", evaluation: "7" }, { bytes: Buffer.from("GIF89a...."), name: "photo.png", type: "image/png" }), language),
        400,
        "BAD_REQUEST",
        language,
        "feedback.fixErrors",
      );
      expect(body.errors).toEqual({
        fullName: [apiMessage(language, "validation.fullNameInvalid")],
        gsm: [apiMessage(language, "validation.mobileInvalid")],
        email: [apiMessage(language, "validation.emailInvalid")],
        description: [apiMessage(language, "validation.descriptionInvalid")],
        evaluation: [apiMessage(language, "validation.evaluationRequired")],
        file: [apiMessage(language, "validation.fileInvalid")],
      });
    });
  }

  test("good feedback with each accepted file type: a reference, a row, the file under DATA_DIR with a generated name", async () => {
    const before = (await storedRows(server)).length;
    for (const [bytes, type, extension] of [[PNG, "image/png", "png"], [PDF, "application/pdf", "pdf"], [JPEG, "image/jpeg", "jpg"]] as const) {
      // The declared type and the name say nothing: the content decides.
      const data = expectSuccess<{ reference: string }>(await post(server, form(good, { bytes, name: "../../etc/passwd", type: "text/plain" }), "en"), "en");
      expect(data.reference).toMatch(/^FB-[2-9A-HJKMNP-Z]{8}$/);
      const row = (await storedRows(server)).find((stored) => stored.reference === data.reference)!;
      expect(row.file_type).toBe(type.split("/")[1]);
      expect(row.file_name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${extension}$`));
      expect(row.file_size).toBe(bytes.length);
      expect(readFileSync(path.join(server.dataDir, "feedback", row.file_name!)).equals(bytes)).toBe(true);
    }
    const arabicDigits = expectSuccess<{ reference: string }>(await post(server, form({ ...good, gsm: "٠٩٤٤١٢٣٤٥٦" }, { bytes: PNG, name: "a.png", type: "image/png" }), "ar"), "ar");
    const row = (await storedRows(server)).find((stored) => stored.reference === arabicDigits.reference)!;
    expect(row).toMatchObject({ file_type: "png", gsm: "0944123456" });
    expect((await storedRows(server)).length).toBe(before + 4);
  });

  test("refused attachments store nothing: a file over 5 MB (message), far over (413), a text file named .pdf, an SVG", async () => {
    const rows = (await storedRows(server)).length;
    const files = storedFiles(server).length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = expectFailure(await post(server, form(good, { bytes: big, name: "big.png", type: "image/png" }), "ar"), 400, "BAD_REQUEST", "ar", "feedback.fixErrors");
    expect(tooLarge.errors).toEqual({ file: [apiMessage("ar", "validation.fileTooLarge")] });
    const huge = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    expectFailure(await post(server, form(good, { bytes: huge, name: "huge.png", type: "image/png" }), "en"), 413, "PAYLOAD_TOO_LARGE", "en", "validation.fileTooLarge");
    for (const file of [
      { bytes: Buffer.from("just text"), name: "report.pdf", type: "application/pdf" },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: "a.svg", type: "image/svg+xml" },
    ]) {
      const refused = expectFailure(await post(server, form(good, file), "en"), 400, "BAD_REQUEST", "en", "feedback.fixErrors");
      expect(refused.errors).toEqual({ file: [apiMessage("en", "validation.fileInvalid")] });
    }
    expect((await storedRows(server)).length).toBe(rows);
    expect(storedFiles(server).length).toBe(files);
  });

  test("a filled honeypot looks accepted but stores nothing", async () => {
    const rows = (await storedRows(server)).length;
    const data = expectSuccess<{ reference: string }>(await post(server, form({ ...good, website: "https://spam.example" }, { bytes: PNG, name: "a.png", type: "image/png" }), "en"), "en");
    expect(data.reference).toMatch(/^FB-/);
    expect((await storedRows(server)).length).toBe(rows);
  });

  test("beyond FEEDBACK_PER_IP_HOUR a client gets 429 with Retry-After, in its language, and nothing is stored", async () => {
    const withFile = () => form(good, { bytes: PDF, name: "bill.pdf", type: "application/pdf" });
    for (let i = 0; i < 2; i++) expectSuccess(await post(limited, withFile(), "en"), "en");
    const answer = await post(limited, withFile(), "ar");
    expectFailure(answer, 429, "RATE_LIMITED", "ar", "feedback.rateLimited");
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedRows(limited)).toHaveLength(2);
  });

  test("the OpenAPI document lists the file among the required fields of the feedback form", async () => {
    const document = await (await fetch(`${server.url}/api-docs/openapi.json`)).json();
    const body = document.paths["/customerCare/api/feedback"].post.requestBody;
    expect(body.required).toBe(true);
    const schema = body.content["multipart/form-data"].schema;
    const form = schema.$ref ? document.components.schemas[schema.$ref.split("/").at(-1)] : schema;
    expect(form.required).toEqual(expect.arrayContaining(["fullName", "gsm", "email", "description", "evaluation", "file"]));
    expect(form.properties.file).toMatchObject({ type: "string", format: "binary" });
  });
});

describe("the /support/Feedback page's plain form post (before JavaScript)", () => {
  test("errors come back on the page with the values kept (without a file: 'File is required' in each language); a good post with a file shows the reference", async () => {
    const refused = await post(server, form({ ...good, email: "not-an-email" }), "en", "/support/Feedback?lang=en");
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(apiMessage("en", "validation.emailInvalid"));
    expect(refused.text).toContain(`value="${good.fullName}"`);
    expect(refused.text).toContain('value="not-an-email"');

    for (const language of ["ar", "en"] as const) {
      const withoutFile = await post(server, form(good), language, `/support/Feedback?lang=${language}`);
      expect(withoutFile.status).toBe(400);
      expect(withoutFile.text).toContain(`id="feedback-file-error" class="text-sm font-bold text-red-700">${apiMessage(language, "validation.fileRequired")}</span>`);
      expect(withoutFile.text).toContain(`value="${good.email}"`);
    }

    const accepted = await post(server, form(good, { bytes: JPEG, name: "a.jpg", type: "image/jpeg" }), "ar", "/support/Feedback?lang=ar");
    expect(accepted.status).toBe(200);
    const reference = /FB-[2-9A-HJKMNP-Z]{8}/.exec(accepted.text)?.[0];
    expect(reference).toBeDefined();
    expect((await storedRows(server)).map((row) => row.reference)).toContain(reference);
  });

  test("over twice the file limit, the page answers 413: the form again, with the localised message", async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const answer = await post(server, form(good, { bytes: huge, name: "huge.png", type: "image/png" }), "en", "/support/Feedback?lang=ar");
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(`role="alert" class="rounded-lg bg-red-50 p-3 font-bold text-red-800">${apiMessage("ar", "validation.fileTooLarge")}</p>`);
  });
});
