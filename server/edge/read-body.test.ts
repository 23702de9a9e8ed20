// The one body reader: every shape a client can send, and every way it refuses one.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { AppError } from "./app-error.ts";
import { SMALL_BODY, feedbackBody } from "./limits.ts";
import { discardUploads, isUploadedFile, readBody } from "./read-body.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "read-body-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const form = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
const json = (body: string) => new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/json" } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the body should have been refused").toBeInstanceOf(AppError);
  return error as AppError;
}

describe("form data", () => {
  test("the spec's bracket names nest into prototype-less objects and arrays", async () => {
    const fields = await readBody(form("gsm=0944123456&customerState%5B1%5D.number=0911111111&customerState[0].state=1&others[0].numbers[1]=09"), SMALL_BODY);
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields.gsm).toBe("0944123456");
    const options = fields.customerState as Record<string, unknown>[];
    expect(options[0]).toEqual(Object.assign(Object.create(null), { state: "1" }));
    expect(Object.getPrototypeOf(options[1])).toBeNull();
    expect((fields.others as { numbers: string[] }[])[0]!.numbers[1]).toBe("09");
  });

  test.each(["__proto__.x=1", "__proto__[0]=1", "a.__proto__.polluted=1", "constructor.prototype.polluted=1", "a[0].constructor=1", "prototype=1"])(
    "%s is refused (400) and pollutes nothing",
    async (body) => {
      const error = await refusal(readBody(form(`gsm=1&${body}`), SMALL_BODY));
      expect(error.httpStatus).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    },
  );

  test("a name that is not a form name, too deep a name, too high an index and too many fields are refused", async () => {
    for (const body of ["a[b]=1", "a..b=1", "a[0][0][0][0]=1", `a[${SMALL_BODY.arrayLength}]=1`, Array.from({ length: SMALL_BODY.fields + 1 }, (_, index) => `f${index}=1`).join("&")]) {
      expect((await refusal(readBody(form(body), SMALL_BODY))).httpStatus, body.slice(0, 40)).toBe(400);
    }
  });

  test("a body over the route's bytes is refused as 413, by its declared length and while streaming", async () => {
    const big = `x=${"a".repeat(SMALL_BODY.bytes)}`;
    expect((await refusal(readBody(form(big, { "content-length": String(big.length) }), SMALL_BODY))).httpStatus).toBe(413);
    expect((await refusal(readBody(form(big), SMALL_BODY))).httpStatus).toBe(413);
  });

  test("a value longer than a field may be is refused", async () => {
    expect((await refusal(readBody(form(`x=${"a".repeat(SMALL_BODY.fieldBytes + 1)}`), { ...SMALL_BODY, bytes: 64 * 1024 }))).httpStatus).toBe(400);
  });

  test("the last of repeated names wins; an empty body is an empty object", async () => {
    expect((await readBody(form("a=1&a=2"), SMALL_BODY)).a).toBe("2");
    expect(Object.keys(await readBody(new Request("http://localhost/x", { method: "POST" }), SMALL_BODY))).toEqual([]);
  });
});

describe("JSON", () => {
  test("becomes prototype-less objects, numbers kept", async () => {
    const fields = await readBody(json('{"gsm":"0944123456","customerState":[{"type":0,"state":1}]}'), SMALL_BODY);
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.getPrototypeOf((fields.customerState as object[])[0])).toBeNull();
    expect((fields.customerState as { type: number }[])[0]!.type).toBe(0);
  });

  test.each(['{"__proto__":{"x":1}}', '{"a":{"constructor":{"prototype":{"x":1}}}}', "[1,2]", '"text"', "{", '{"a":[[[[[1]]]]]}', `{"a":[${Array(SMALL_BODY.arrayLength + 1).fill(1).join(",")}]}`])("%s is refused (400)", async (body) => {
    expect((await refusal(readBody(json(body), SMALL_BODY))).httpStatus).toBe(400);
  });
});

describe("content types", () => {
  test("multipart is refused where the route takes no file; an unknown type with a body is 415", async () => {
    const multipart = new FormData();
    multipart.set("a", "1");
    const request = new Request("http://localhost/x", { method: "POST", body: multipart });
    expect((await refusal(readBody(request, SMALL_BODY))).httpStatus).toBe(415);
    expect((await refusal(readBody(new Request("http://localhost/x", { method: "POST", body: "<a/>", headers: { "content-type": "text/xml" } }), SMALL_BODY))).httpStatus).toBe(415);
  });
});

describe("multipart with a file", () => {
  const limits = () => feedbackBody(dataDir);

  test("the file is streamed to disk (mode 600) with its first bytes at hand, the text fields beside it", async () => {
    const body = new FormData();
    body.set("fullName", "Ali Hasan");
    body.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3])], "a.pdf", { type: "application/pdf" }));
    const fields = await readBody(new Request("http://localhost/x", { method: "POST", body }), limits());
    expect(fields.fullName).toBe("Ali Hasan");
    const file = fields.file;
    expect(isUploadedFile(file)).toBe(true);
    if (!isUploadedFile(file)) return;
    expect(file.size).toBe(8);
    expect(file.fileName).toBe("a.pdf");
    expect([...file.head.slice(0, 4)]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(readFileSync(file.path).length).toBe(8);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    await discardUploads(fields);
    expect(existsSync(file.path)).toBe(false);
  });

  test("a file over its limit is reported larger than the limit, and nothing stays on disk when a form is refused", async () => {
    const body = new FormData();
    body.set("file", new File([new Uint8Array(limits().file!.fileBytes + 10)], "big.png"));
    const fields = await readBody(new Request("http://localhost/x", { method: "POST", body }), limits());
    const file = fields.file;
    expect(isUploadedFile(file) && file.size > limits().file!.fileBytes).toBe(true);
    await discardUploads(fields);

    const parts = new FormData();
    for (let index = 0; index < 200; index += 1) parts.append(`f${index}`, "1");
    parts.set("file", new File([new Uint8Array(100)], "a.png"));
    expect((await refusal(readBody(new Request("http://localhost/x", { method: "POST", body: parts }), limits()))).httpStatus).toBe(400);
    expect(readdirSync(limits().file!.directory)).toEqual([]);
  });
});

describe("a client's file name", () => {
  test("is kept as its last path segment only (a hint for the content import, never a path or a type)", async () => {
    const body = new FormData();
    body.set("file", new File([new Uint8Array([1, 2, 3])], "../../etc/offers.json"));
    const fields = await readBody(new Request("http://localhost/x", { method: "POST", body }), feedbackBody(dataDir));
    expect(isUploadedFile(fields.file) && fields.file.fileName).toBe("offers.json");
    await discardUploads(fields);
  });

  test("multipart without a boundary is the client's malformed body (400), not a failure of the server", async () => {
    const request = new Request("http://localhost/x", { method: "POST", body: "abc", headers: { "content-type": "multipart/form-data" } });
    expect((await refusal(readBody(request, feedbackBody(dataDir)))).httpStatus).toBe(400);
  });
});
