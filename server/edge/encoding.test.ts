// The encodings of dynamic answers: which one a client gets, and JSON answers and documents compressed whole, in one call.
import { Hono } from "hono";
import { compress } from "hono/compress";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { chooseEncoding, COMPRESS_MIN_BYTES, compressWholeAnswer, ONE_CALL_MAX_BYTES } from "./encoding.ts";
import { refusalReason } from "./failure.ts";

describe("chooseEncoding", () => {
  test("brotli, then gzip, by the client's Accept-Encoding (q=0 refuses)", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("gzip;q=0")).toBeNull();
  });
});

describe("compressWholeAnswer after hono/compress", () => {
  /** An envelope of about 3 KB, Arabic included, as the number search answers. */
  const big = { status: 200, message: "تمت العملية بنجاح", data: { numbers: Array.from({ length: 40 }, (_, index) => ({ gsm: `0944${String(777_000 + index * 37).padStart(6, "0")}`, tier: "regular" })) } };
  const small = { status: "ok" };
  const app = new Hono();
  app.use(compress());
  app.use(compressWholeAnswer);
  app.get("/big", (c) => c.json(big));
  app.get("/small", (c) => c.json(small));
  /** Over ONE_CALL_MAX_BYTES: an export, the OpenAPI document. */
  const huge = { rows: Array.from({ length: 12_000 }, (_, index) => ({ index, text: "نص طويل" })) };
  app.get("/huge", (c) => c.json(huge));
  app.get("/refused", (c) => {
    c.header("Set-Cookie", "flash=1; Path=/", { append: true });
    c.header("Set-Cookie", "lang=ar; Path=/", { append: true });
    return c.json({ ...big, status: 0, code: "BAD_REQUEST", errors: { gsm: ["رقم غير صالح"], email: ["بريد غير صالح"] } }, 400, { Vary: "Cookie" });
  });
  app.get("/tagged", (c) => c.json(big, 200, { ETag: '"v1"' }));
  app.get("/untouchable", (c) => c.json(big, 200, { "Cache-Control": "private, no-transform" }));
  app.get("/part", (c) => c.json(big, 206, { "Content-Range": "bytes 0-99/5000" }));
  app.get("/sequence", (c) => c.body(`${JSON.stringify(big)}\n`.repeat(3), 200, { "Content-Type": "application/json-seq" }));
  app.get("/page", (c) => c.body(`<!doctype html><html>${"<p>صفحة</p>".repeat(400)}</html>`, 200, { "Content-Type": "text/html; charset=utf-8" }));
  app.get("/large-page", (c) => c.html(`<!doctype html><html>${"<p>صفحة طويلة</p>".repeat(4000)}</html>`));
  const get = (path: string, acceptEncoding?: string, method = "GET") => app.request(path, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
  const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

  test("a JSON answer of 1 KB or more leaves in the best accepted encoding, with its length and Vary, and decodes to the same JSON", async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const [asked, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const answer = await get("/big", asked);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Encoding"), asked).toBe(encoding);
      expect(answer.headers.get("Vary"), asked).toBe("Accept-Encoding");
      expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = await bytes(answer);
      expect(Number(answer.headers.get("Content-Length")), asked).toBe(body.length);
      expect(body.length, asked).toBeLessThan(JSON.stringify(big).length / 3);
      expect(JSON.parse(decode(body).toString("utf8")), asked).toEqual(big);
    }
  });

  test("without an accepted encoding it leaves as it is, with its length, and still varies by Accept-Encoding", async () => {
    for (const asked of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const answer = await get("/big", asked);
      expect(answer.headers.get("Content-Encoding"), asked).toBeNull();
      expect(answer.headers.get("Vary"), asked).toBe("Accept-Encoding");
      const body = await bytes(answer);
      expect(Number(answer.headers.get("Content-Length"))).toBe(body.length);
      expect(JSON.parse(body.toString("utf8"))).toEqual(big);
    }
  });

  test("a JSON answer under 1 KB is never compressed (by neither middleware) and does not vary", async () => {
    const answer = await get("/small", "gzip, br");
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    expect(answer.headers.get("Vary")).toBeNull();
    expect(answer.headers.get("Content-Length")).toBe(String(JSON.stringify(small).length));
    expect(JSON.parse((await bytes(answer)).toString("utf8"))).toEqual(small);
  });

  test("a JSON answer over the one-call limit is streamed by hono/compress instead, and arrives whole", async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(ONE_CALL_MAX_BYTES);
    const answer = await get("/huge", "gzip, br");
    expect(answer.headers.get("Content-Encoding")).toBe("gzip");
    expect(answer.headers.get("Content-Length")).toBeNull();
    expect(JSON.parse(gunzipSync(await bytes(answer)).toString("utf8"))).toEqual(huge);
  });

  test("a refusal keeps its status, its cookies and its own Vary, and its log line still reads its code and fields", async () => {
    const answer = await get("/refused", "gzip, br");
    expect(answer.status).toBe(400);
    expect(answer.headers.getSetCookie()).toEqual(["flash=1; Path=/", "lang=ar; Path=/"]);
    expect(answer.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(await refusalReason(answer.clone())).toEqual({ code: "BAD_REQUEST", fields: ["gsm", "email"] });
    const body = await bytes(answer);
    expect(Number(answer.headers.get("Content-Length"))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString("utf8")).code).toBe("BAD_REQUEST");
  });

  test("a strong ETag becomes weak when the answer is compressed, and stays strong when it is not", async () => {
    expect((await get("/tagged", "br")).headers.get("ETag")).toBe('W/"v1"');
    expect((await get("/tagged")).headers.get("ETag")).toBe('"v1"');
  });

  test("no-transform, a part of a body (206) and a streaming JSON type are never re-encoded here", async () => {
    const untouchable = await get("/untouchable", "gzip, br");
    expect(untouchable.headers.get("Content-Encoding")).toBeNull();
    expect(untouchable.headers.get("Content-Length")).toBe(String((await bytes(untouchable)).length));
    const part = await get("/part", "gzip, br");
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Encoding")).toBeNull();
    expect(part.headers.get("Content-Range")).toBe("bytes 0-99/5000");
    // application/json-seq streams: not read whole here (no length is given to it).
    const sequence = await get("/sequence", "gzip, br");
    expect(sequence.headers.get("Content-Length")).toBeNull();
    expect((await bytes(sequence)).toString("utf8").split("\n")).toHaveLength(4);
  });

  test("an answer that is not JSON is never read here (its body untouched: @hono/node-server writes such bytes in one call)", async () => {
    let read = 0;
    const probe = new Hono();
    probe.use(compress());
    probe.use(compressWholeAnswer);
    probe.get("/image", () => {
      const answer = new Response(new Uint8Array(4096), { headers: { "Content-Type": "image/png", "Content-Length": "4096" } });
      const body = Object.getOwnPropertyDescriptor(Response.prototype, "body")!.get!;
      Object.defineProperty(answer, "body", { get: () => ((read += 1), body.call(answer)) });
      return answer;
    });
    const answer = await probe.request("/image", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(answer.status).toBe(200);
    expect(read, "the body was read by a middleware").toBe(0);
  });

  test("a document leaves whole too, in the best accepted encoding, with its length and Vary", async () => {
    const html = `<!doctype html><html>${"<p>صفحة</p>".repeat(400)}</html>`;
    for (const [asked, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const page = await get("/page", asked);
      expect(page.headers.get("Content-Encoding"), asked).toBe(encoding);
      expect(page.headers.get("Vary"), asked).toBe("Accept-Encoding");
      expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const body = await bytes(page);
      expect(Number(page.headers.get("Content-Length")), asked).toBe(body.length);
      expect(decode(body).toString("utf8"), asked).toBe(html);
    }
    // Over the JSON answers' one-call limit, a document is still sent whole (it was whole already).
    const large = await get("/large-page", "gzip");
    expect(large.headers.get("Content-Encoding")).toBe("gzip");
    const body = await bytes(large);
    expect(Number(large.headers.get("Content-Length"))).toBe(body.length);
    expect(gunzipSync(body).length).toBeGreaterThan(ONE_CALL_MAX_BYTES);
    // Without an accepted encoding it leaves as it is, with its length.
    const plain = await get("/page");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect((await bytes(plain)).toString("utf8")).toBe(html);
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));
    const head = await get("/big", "gzip, br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });
});
