// What every answer of the server shares (ARCHITECTURE.md): the JSON 404 of unknown API paths, the
// OpenAPI document and its reference page, health checks, the body limit, security headers (a fresh CSP
// nonce per answer of a visitor's own page, hashes of the inline scripts on a cached guest page), request ids and compression.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { analyze } from "eslint-scope";
import * as espree from "espree";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, startTestServer, type ApiClient, type HttpAnswer, type TestServer } from "../support/test-server.ts";
import { SERVER_EXTERNALS } from "../../build-tools/server-externals.ts";
import { expectFailure, LANGUAGE_CASES } from "../support/contract.ts";
import { insertSession } from "../support/subscriber.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every spec §7 row implemented so far, as the OpenAPI document writes its path. */
const API_ROWS = [
  "/customerCare/api/about/type/{type}",
  "/customerCare/api/app/web",
  "/customerCare/api/commercialApp/web",
  "/customerCare/api/socialLink/get",
  "/core/api/bundleCategories/web",
  "/customerCare/api/city/all",
  "/core/api/jobs/all",
];

let server: TestServer;
let client: ApiClient;
/** A signed-in visitor's cookie: their pages are rendered for them, with a nonce (guests' pages are cached). */
let signedIn: string;

beforeAll(async () => {
  server = await startTestServer();
  client = api(server);
  signedIn = (await insertSession(server.databaseUrl)).cookie;
});
afterAll(async () => {
  await server?.stop();
});

describe("unknown API paths", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`GET /core/api/nope with ${label}: 404 NOT_FOUND JSON envelope in ${expected}, not a page`, async () => {
      expectFailure(await client.get("/core/api/nope", asked), 404, "NOT_FOUND", expected, "notFound");
    });
  }

  test("GET /customerCare/api/nope/deeper and POST /core/api/nope: 404 JSON envelope too", async () => {
    expectFailure(await client.get("/customerCare/api/nope/deeper", "en"), 404, "NOT_FOUND", "en", "notFound");
    const posted = await client.request("/core/api/nope", {
      method: "POST",
      headers: { "accept-language": "en", "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expectFailure(posted, 404, "NOT_FOUND", "en", "notFound");
  });
});

describe("OpenAPI document and reference", () => {
  test("/api-docs/openapi.json is an OpenAPI 3.1 document listing every API row with its GET", async () => {
    const answer = await client.get("/api-docs/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const document = answer.json<{ openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    for (const path of API_ROWS) {
      expect(document.paths, `the document should describe ${path}`).toHaveProperty([path]);
      expect(document.paths[path], `${path} should have a GET operation`).toHaveProperty("get");
    }
  });

  test("/api-docs answers an HTML reference that names every API row", async () => {
    const answer = await client.get("/api-docs", null, { accept: "text/html" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.text).toMatch(/^<!doctype html>/i);
    for (const path of API_ROWS) expect(answer.text, `the reference should name ${path}`).toContain(path);
    expect(answer.text).toContain("/api-docs/openapi.json");
  });
});

describe("health", () => {
  test("/healthz answers 200 with a small JSON body", async () => {
    const answer = await client.get("/healthz");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ status: "ok" });
  });

  test("/readyz answers 200 with a small JSON body while the database is reachable", async () => {
    const answer = await client.get("/readyz");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ status: "ready" });
  });
});

describe("body limit", () => {
  // Each route has its own limit (server/edge/limits.ts): a small form or JSON call takes 8 KiB. Just over
  // 1 MiB is small enough to sit in the loopback socket buffers, so the client has written all of it
  // before the server answers and closes (no EPIPE race under load).
  const overLimit = Buffer.alloc(1024 * 1024 + 4096, "a");

  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`a form body over the row's limit with ${label}: 413 PAYLOAD_TOO_LARGE envelope in ${expected}`, async () => {
      const answer = await client.request("/api/users/resendCode", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(asked ? { "accept-language": asked } : {}) },
        body: overLimit,
      });
      expectFailure(answer, 413, "PAYLOAD_TOO_LARGE", expected, "tooLarge");
    });
  }

  test("a 1 MB JSON body to an unknown API path or to a row that takes no body: 404 envelope without reading it, never 500", async () => {
    for (const path of ["/core/api/nope", "/customerCare/api/app/web"]) {
      const answer = await client.request(path, { method: "POST", headers: { "content-type": "application/json", "accept-language": "en" }, body: overLimit });
      expectFailure(answer, 404, "NOT_FOUND", "en", "notFound");
    }
  });

  test("a 1 MB body sent chunked (no Content-Length): 413 envelope, never 500", async () => {
    const answer = await client.request("/api/users/resendCode", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
      body: overLimit,
      chunked: true,
    });
    expectFailure(answer, 413, "PAYLOAD_TOO_LARGE", "en", "tooLarge");
  });

  test("after the oversized bodies the server still answers", async () => {
    expect((await client.get("/healthz")).status).toBe(200);
  });
});

function nonceOf(answer: HttpAnswer): string {
  const csp = String(answer.headers["content-security-policy"] ?? "");
  const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`no nonce in Content-Security-Policy: "${csp}"`);
  return nonce;
}

function expectSecurityHeaders(answer: HttpAnswer): void {
  const csp = String(answer.headers["content-security-policy"] ?? "");
  expect(csp, "Content-Security-Policy").toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers["x-powered-by"]).toBeUndefined();
}

describe("security headers", () => {
  for (const [kind, path, signedInVisitor] of [
    ["a signed-in visitor's HTML page", "/home", true],
    ["a signed-in visitor's not-found page", "/nope", true],
  ] as const) {
    test(`${kind} (${path}) carries CSP with a fresh nonce per answer, nosniff, Referrer-Policy and X-Request-Id`, async () => {
      const headers = { accept: "text/html,application/json", ...(signedInVisitor ? { cookie: signedIn } : {}) };
      const first = await client.get(path, "en", headers);
      const second = await client.get(path, "en", headers);
      expectSecurityHeaders(first);
      expectSecurityHeaders(second);
      expect(nonceOf(first)).not.toBe(nonceOf(second));
      expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
    });
  }

  for (const [kind, path] of [
    ["a JSON answer", "/core/api/jobs/all"],
    ["a JSON failure", "/core/api/nope"],
    ["the sitemap", "/sitemap.xml"],
  ] as const) {
    test(`${kind} (${path}) is not a page: nothing of it loads or runs, no page frames it; nosniff, Referrer-Policy and X-Request-Id`, async () => {
      const answer = await client.get(path, "en", { accept: "text/html,application/json" });
      expect(answer.headers["content-type"]).not.toMatch(/^text\/html/);
      expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    });
  }

  test("every inline script of a signed-in visitor's page carries the nonce of its own answer's CSP", async () => {
    const answer = await client.page("/home", { cookie: signedIn });
    const nonce = nonceOf(answer);
    const scripts = [...answer.text.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
      expect(attributes, "inline script without the answer's nonce").toContain(`nonce="${nonce}"`);
    }
  });

  test("a guest's page (cached for every guest: /home, /nope) names each inline script by hash instead, as strictly", async () => {
    for (const path of ["/home", "/nope"]) {
      const answer = await client.page(path);
      const csp = String(answer.headers["content-security-policy"] ?? "");
      expect(csp, path).not.toContain("'nonce-");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
      const inline = [...answer.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });
});

describe("hashed assets", () => {
  test("keep nosniff and CORP but not the document-only headers, and are immutable for a year", async () => {
    const html = (await client.page("/home")).text;
    const script = /href="(\/assets\/[\w.-]+\.js)"/.exec(html)![1]!;
    const answer = await client.request(script);
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
    for (const name of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy", "referrer-policy"]) expect(answer.headers[name], name).toBeUndefined();
  });
});

describe("the build's other public files (public/)", () => {
  test("are served by name for an hour, in the encoding asked for: the favicon, an image", async () => {
    for (const [file, type] of [
      ["/favicon.svg", /^image\/svg\+xml/],
      ["/images/og-image.jpg", /^image\/jpeg/],
    ] as const) {
      const answer = await client.request(file, { headers: { "accept-encoding": "gzip, br" } });
      expect(answer.status, file).toBe(200);
      expect(answer.headers["content-type"], file).toMatch(type);
      expect(answer.headers["cache-control"], file).toBe("public, max-age=3600");
      expect(answer.raw.length, file).toBeGreaterThan(0);
    }
    expect((await client.request("/favicon.svg", { headers: { "accept-encoding": "br" } })).headers["content-encoding"]).toBe("br");
  });

  test("are only what public/ holds: the build's own folder (.vite, its manifest) is not served", async () => {
    for (const file of ["/.vite/manifest.json", "/.vite/manifest.json.gz", "/.vite/manifest.json.br"]) {
      const answer = await client.request(file, { headers: { accept: "application/json" } });
      expect(answer.status, file).toBe(404);
      expect(answer.text, file).not.toContain('"file"');
    }
  });
});

describe("the server build", () => {
  const files = readdirSync(path.join(rootDir, "build", "server"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, code: readFileSync(path.join(rootDir, "build", "server", file), "utf8") }));

  test("carries its dependencies: it imports only Node's own modules and the packages left outside on purpose", () => {
    expect(files.length).toBeGreaterThan(0);
    const imported = new Set<string>();
    // Statements at the start of a line (an example inside a comment starts with "*"), dynamic imports (a comment or
    // a line break may come before the name) and the require() of a bundled CommonJS module (`__require`, or a
    // `createRequire` kept as `require`, `require$1`…).
    const patterns = [
      /^(?:import|export)\b[^;]*?\bfrom\s*["'`]([^"'`]+)["'`]/gm,
      /^import\s*["'`]([^"'`]+)["'`]/gm,
      /\bimport\(\s*(?:\/\*[\s\S]*?\*\/\s*)*["'`]([^"'`]+)["'`]/g,
      /\b(?:__require|require(?:\$\d+)?)\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
    ];
    for (const { code } of files) for (const pattern of patterns) for (const [, specifier] of code.matchAll(pattern)) imported.add(specifier!);
    const packages = [...imported].filter((specifier) => !specifier.startsWith(".") && !isBuiltin(specifier));
    expect(packages.sort()).toEqual([...SERVER_EXTERNALS].sort());
    // An optional dependency the bundler could not find becomes a stub that throws where the package expected "not
    // installed": each must be left outside instead (pg-native is).
    expect(files.flatMap(({ code }) => [...code.matchAll(/__vite-optional-peer-dep:([\w@/.-]+)/g)].map((match) => match[1]))).toEqual([]);
  });

  test("runs the production builds of what it bundles (React's among them), whatever NODE_ENV the server has", () => {
    // Each library's `process.env.NODE_ENV` test was decided when the build was made.
    expect(files.filter(({ code }) => code.includes("process.env.NODE_ENV")).map(({ file }) => file)).toEqual([]);
  });

  test("assigns no variable that nothing declares: CommonJS written for sloppy mode would throw in the bundle's strict module", () => {
    // smpp's lib/pdu.js did (`skipUdh = …`): bundled, every long SMS failed at run time. Such a package stays outside
    // (build-tools/server-externals.ts). A read of an undeclared name is left alone: it throws in sloppy mode too. What
    // strict mode changes besides is not seen here: `this` undefined in a plain function, `arguments.callee`, a write
    // to a read-only property; `with` and octal literals do not parse in a module, so the build itself refuses them.
    // ESLint's own parser and scope analysis, without its rule machinery, which took three times as long.
    const undeclaredWrites: string[] = [];
    for (const { file, code } of files) {
      // An ESTree program: espree's types (acorn's) and eslint-scope's name the same shape differently.
      const program = espree.parse(code, { ecmaVersion: "latest", sourceType: "module", range: true, loc: true }) as unknown as Parameters<typeof analyze>[0];
      for (const reference of analyze(program, { ecmaVersion: 2022, sourceType: "module" }).globalScope!.through) {
        if (reference.isWrite()) undeclaredWrites.push(`${file}:${reference.identifier.loc?.start.line}: ${reference.identifier.name}`);
      }
    }
    expect(undeclaredWrites).toEqual([]);
  });
});

describe("compression", () => {
  test("a built script is sent as the build compressed it: brotli or gzip by Accept-Encoding, the same bytes once decoded, Vary on every variant, no compression per request", async () => {
    const html = (await client.page("/home")).text;
    const script = /href="(\/assets\/[\w.-]+\.js)"/.exec(html)![1]!;
    const plain = await client.request(script);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const onDisk = readFileSync(path.join(rootDir, "build", "client", script));
    expect(plain.raw.equals(onDisk)).toBe(true);
    for (const [asked, encoding, twin] of [
      ["gzip, deflate, br, zstd", "br", ".br"],
      ["gzip, deflate", "gzip", ".gz"],
    ] as const) {
      const answer = await client.request(script, { headers: { "accept-encoding": asked } });
      expect(answer.status, asked).toBe(200);
      expect(answer.headers["content-encoding"], asked).toBe(encoding);
      expect(answer.headers.vary, asked).toMatch(/accept-encoding/i);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // The very file the build wrote (not made again for this request), and it decodes to the script.
      expect(answer.raw.equals(readFileSync(path.join(rootDir, "build", "client", script + twin))), asked).toBe(true);
      expect(Buffer.from(answer.text, "utf8").equals(onDisk), asked).toBe(true);
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeLessThan(onDisk.length);
    }
  });


  test("/home with Accept-Encoding: gzip answers gzip, and the HTML inside is whole", async () => {
    const answer = await client.page("/home", { headers: { "accept-encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(answer.text).toMatch(/<html\b/);
    expect(answer.text).toMatch(/<\/html>\s*$/);
  });

  test("a signed-in page leaves whole, with its length, in brotli or gzip by Accept-Encoding (compressed in one call, not streamed)", async () => {
    for (const [asked, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      [undefined, undefined],
    ] as const) {
      const answer = await client.page("/profile", { headers: { cookie: signedIn, ...(asked ? { "accept-encoding": asked } : {}) } });
      expect(answer.status, asked).toBe(200);
      expect(answer.headers["content-encoding"], asked).toBe(encoding);
      expect(answer.headers.vary, asked).toMatch(/accept-encoding/i);
      expect(answer.headers["transfer-encoding"], asked).toBeUndefined();
      expect(answer.headers["content-length"], asked).toBe(String(answer.raw.length));
      expect(answer.text, asked).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
      expect(answer.text, asked).toMatch(/<\/html>\s*$/);
    }
  });

  test("an API answer leaves whole, with its length: brotli or gzip by Accept-Encoding, plain without; a small one is never compressed", async () => {
    const search = "/core/api/numbers/available?pattern=3&size=20";
    const plain = await client.request(search, { headers: { "accept-language": "en" } });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    const envelope = plain.json<{ status: number; data: { data: { gsm: string }[] } }>();
    expect(envelope.data.data).toHaveLength(20);
    for (const [asked, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
    ] as const) {
      const answer = await client.request(search, { headers: { "accept-language": "en", "accept-encoding": asked } });
      expect(answer.headers["content-encoding"], asked).toBe(encoding);
      expect(answer.headers.vary, asked).toMatch(/accept-encoding/i);
      // Sent with its length, not chunked: compressed in one call, not streamed through a CompressionStream.
      expect(answer.headers["transfer-encoding"], asked).toBeUndefined();
      expect(Number(answer.headers["content-length"]), asked).toBe(answer.raw.length);
      expect(answer.raw.length, asked).toBeLessThan(plain.raw.length / 2);
      expect(JSON.parse(answer.text), asked).toEqual(envelope);
    }
    const small = await client.request("/healthz", { headers: { "accept-encoding": "gzip, br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(small.raw.length));
  });

  test("/home without Accept-Encoding answers plain HTML", async () => {
    const answer = await client.page("/home");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.raw.toString("utf8")).toMatch(/<html\b/);
  });
});

describe("JSON media type", () => {
  test("API answers declare application/json; charset=utf-8 (ARCHITECTURE.md, Answer envelope)", async () => {
    for (const path of ["/core/api/jobs/all", "/core/api/nope", "/customerCare/api/about/type/abc"]) {
      const answer = await client.get(path, "ar");
      expect(answer.headers["content-type"], `Content-Type of ${path}`).toMatch(/^application\/json; ?charset=utf-8$/i);
    }
  });
});

describe("the server after these requests", () => {
  test("logged no error: no request above made it fail", () => {
    expect(server.errors()).toEqual([]);
  });
});
