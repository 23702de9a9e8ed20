// Property-based fuzzing of every operation of the OpenAPI document (step 6, proof 4): random path
// parameters, query values, headers and bodies (form or JSON, the documented fields plus strangers), with
// and without a valid session. Every answer must be a documented status of its operation, never a 5xx,
// and a JSON answer must match the schema the document gives for that status (JSON Schema 2020-12, as
// OpenAPI 3.1 says, checked by Ajv). A second pass sends each operation its documented examples, so the
// success schemas are checked on real data too. Reproducible: FUZZ_SEED (default below);
// FUZZ_RUNS cases per operation (default 50, so about 3,000 requests).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertSession, type SessionFixture } from "../support/subscriber.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SESSION_GSM = "0944777001";

type Schema = { $ref?: string; properties?: Record<string, { example?: unknown }>; example?: unknown; allOf?: Schema[] };
interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; example?: unknown; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
}

let server: TestServer;
let session: SessionFixture;
let operations: Operation[] = [];
let document: { components?: { schemas?: Record<string, Schema> }; paths: Record<string, Record<string, Omit<Operation, "method" | "path">>> };

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SENDS_PER_IP_HOUR: "1000000", OTP_SENDS_PER_NUMBER_10_MIN: "100000", OTP_SENDS_PER_NUMBER_HOUR: "100000", FEEDBACK_PER_IP_HOUR: "100000" } });
  session = await insertSession(server.databaseUrl, { gsm: SESSION_GSM });
  document = (await send(server.url, "/api-docs/openapi.json")).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })));
});
afterAll(async () => {
  await server?.stop();
});

/** A schema with its `$ref` followed and an `allOf` (a number and a form) merged into one set of properties. */
function resolve(schema: Schema | undefined): Schema | undefined {
  const found = schema?.$ref ? document.components?.schemas?.[schema.$ref.split("/").pop()!] : schema;
  if (!found?.allOf) return found;
  return { ...found, properties: Object.assign({}, ...found.allOf.map((part) => resolve(part)?.properties ?? {})) };
}

function propertiesOf(schema: Schema | undefined): string[] {
  return Object.keys(resolve(schema)?.properties ?? {});
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction | null>();

/** Checks a JSON answer against the schema documented for its operation and status; the errors, or none. */
function schemaErrors(operation: Operation, status: number, body: unknown): string | null {
  const key = `${operation.method} ${operation.path} ${status}`;
  if (!validators.has(key)) {
    const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
    // Refs point into the document's components: compile each schema with them beside it.
    validators.set(key, schema ? ajv.compile({ ...schema, components: document.components }) : null);
  }
  const validate = validators.get(key);
  if (!validate) return `no JSON schema documented for ${status}`;
  return validate(body) ? null : ajv.errorsText(validate.errors, { separator: "; " });
}

/** A request built from the operation's documented examples (path, query and body), signed in. */
function exampleRequest(operation: Operation) {
  const exampleOf = (parameter: NonNullable<Operation["parameters"]>[number]) => String(parameter.example ?? parameter.schema?.example ?? "");
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(exampleOf(parameter)));
    if (parameter.in === "query" && (parameter.example ?? parameter.schema?.example) !== undefined) query.set(parameter.name, exampleOf(parameter));
  }
  const form = Object.values(operation.requestBody?.content ?? {})[0];
  const fields: Record<string, string> = {};
  for (const [name, property] of Object.entries(resolve(form?.schema)?.properties ?? {})) {
    // Where a number must be the caller's own (403 otherwise), the signed-in account's number replaces the example.
    if (name === "gsm" && operation.responses["403"]) fields[name] = SESSION_GSM;
    else if (property.example !== undefined) fields[name] = typeof property.example === "string" ? property.example : JSON.stringify(property.example);
  }
  return { path: `${path}${query.size > 0 ? `?${query}` : ""}`, body: operation.method === "GET" ? undefined : new URLSearchParams(fields).toString() };
}

/** Strings that tend to break things: empty, long, odd digits, Arabic, markup, path tricks, bracket names. */
const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constantFrom("", " ", "0", "-1", "62", "0944777001", "0944777001 ", "٠٩٤٤٧٧٧٠٠١", "09", "1".repeat(400), "null", "undefined", "NaN", "%00", "../../etc/passwd", "<script>alert(1)</script>", "' or 1=1 --", "مرحبا", "R-AAAAAAAA", "[]", "{}", "true", "1e309", "2026-02-30"),
);

function caseFor(operation: Operation) {
  const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
  const queryParams = (operation.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const contentTypes = Object.keys(operation.requestBody?.content ?? {});
  const fields = [...new Set(contentTypes.flatMap((type) => propertiesOf(operation.requestBody!.content[type]!.schema))), "gsm", "customerState[0].state", "others[0].numbers[0]", "__proto__", "x"];
  return fc.record({
    path: fc.tuple(...pathParams.map(() => nasty)),
    query: fc.dictionary(fc.constantFrom(...(queryParams.length > 0 ? queryParams : ["page"]), "page", "zz"), nasty, { maxKeys: 4 }),
    body: fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: 6 }),
    encoding: fc.constantFrom("form", "json", "none", "broken-json"),
    language: fc.constantFrom("ar", "en", "*", "xx", "", "en-US,en;q=0.9"),
    authenticated: fc.boolean(),
  });
}

describe("every OpenAPI operation, fuzzed", () => {
  test(`${RUNS} random cases per operation: documented statuses only, no 5xx, envelope answers (seed ${SEED})`, { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      const documented = new Set(Object.keys(operation.responses).map(Number));
      await fc.assert(
        fc.asyncProperty(caseFor(operation), async (input) => {
          let path = operation.path;
          (operation.parameters ?? []).filter((parameter) => parameter.in === "path").forEach((parameter, index) => {
            path = path.replace(`{${parameter.name}}`, encodeURIComponent(input.path[index] ?? ""));
          });
          const query = new URLSearchParams(input.query as Record<string, string>).toString();
          const headers: Record<string, string> = { accept: "application/json" };
          if (input.language) headers["accept-language"] = input.language;
          // Signing out must not end the session the other cases use.
          const token = /signout/i.test(operation.path) ? (await insertSession(server.databaseUrl)).token : session.token;
          if (input.authenticated) headers.authorization = `Bearer ${token}`;
          let body: string | undefined;
          if (operation.method !== "GET" && input.encoding !== "none") {
            if (input.encoding === "form") {
              headers["content-type"] = "application/x-www-form-urlencoded";
              body = new URLSearchParams(input.body as Record<string, string>).toString();
            } else {
              headers["content-type"] = "application/json";
              body = input.encoding === "json" ? JSON.stringify(input.body) : `{"gsm": ${JSON.stringify(input.body)}`;
            }
          }
          const answer = await send(server.url, `${path}${query ? `?${query}` : ""}`, { method: operation.method, headers, body });
          requests += 1;
          const label = `${operation.method} ${path}?${query} ${input.encoding} ${body ?? ""} → ${answer.status}`;
          if (answer.status >= 500 || !documented.has(answer.status)) {
            failures.push(`${label}: ${answer.text.slice(0, 200)}`);
            return false;
          }
          if (/json/.test(String(answer.headers["content-type"]))) {
            const envelope = answer.json<{ status: number; message: unknown; code?: unknown }>();
            const okShape = answer.status === 200 ? envelope.status === 200 && typeof envelope.message === "string" && "data" in envelope : envelope.status === 0 && typeof envelope.message === "string" && typeof envelope.code === "string";
            const errors = okShape ? schemaErrors(operation, answer.status, envelope) : "not the envelope";
            if (errors) {
              failures.push(`${label}: ${errors}: ${answer.text.slice(0, 200)}`);
              return false;
            }
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      ).catch(() => {});
    }
    expect(failures, `${failures.length} failing cases (seed ${SEED}):\n${failures.slice(0, 20).join("\n")}`).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(operations.length * Math.min(RUNS, 10));
    expect(server.errors()).toEqual([]);
  });

  test("each operation's documented examples, signed in: the answer matches the schema of its status", async () => {
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const operation of operations) {
      if (/signout/i.test(operation.path)) continue;
      const request = exampleRequest(operation);
      const answer = await send(server.url, request.path, {
        method: operation.method,
        headers: { accept: "application/json", "accept-language": "en", authorization: `Bearer ${session.token}`, ...(request.body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }) },
        body: request.body,
      });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (process.env.FUZZ_DEBUG) console.log(operation.method, request.path, request.body, answer.status, answer.text.slice(0, 160));
      const errors = /json/.test(String(answer.headers["content-type"])) ? schemaErrors(operation, answer.status, answer.json()) : `not JSON (${answer.headers["content-type"]})`;
      if (errors) failures.push(`${operation.method} ${request.path} ${request.body ?? ""} → ${answer.status}: ${errors}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
    // Most examples are accepted, so the success schemas are checked on real answers, not only failures.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThanOrEqual(operations.length * 0.6);
    expect(server.errors()).toEqual([]);
  });
});
