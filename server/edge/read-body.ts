// The one request-body reader of the service, for the spec API and the page actions alike. Form data
// (urlencoded, or multipart where a route takes a file) and JSON become one shape: objects without a
// prototype, nested by the spec's bracket names (`customerState[0].state`, `others[1].numbers[0]`),
// strings at the leaves (JSON keeps its numbers and booleans). Each route says how much it takes
// (server/edge/limits.ts): bytes, fields, nesting depth, array length, and a file only where one is
// accepted (streamed to disk, never held in memory). Past any limit, or with a name that walks into
// `__proto__`, `constructor` or `prototype`, the request is refused before anything else looks at it.
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import Busboy from "@fastify/busboy";
import { edgeError } from "./app-error.ts";
import type { BodyLimits } from "./limits.ts";

/** A file part, already on disk under a generated name; the route moves it or it is removed after the request. */
export interface UploadedFile {
  readonly kind: "uploaded-file";
  /** Where the bytes are (mode 600). */
  path: string;
  size: number;
  /** The first bytes, to judge the type by content. */
  head: Uint8Array;
  /** The name the client gave the file (its last path segment, at most 255 characters): a hint, never its type. */
  fileName: string;
}

export type FieldValue = string | number | boolean | null | UploadedFile | Fields | FieldValue[];
export interface Fields {
  [name: string]: FieldValue;
}

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);
/** A name as the forms write it: `name`, then `.name` or `[index]` segments. */
const FIELD_NAME = /^[A-Za-z_]\w{0,63}(?:\.[A-Za-z_]\w{0,63}|\[\d{1,4}\])*$/;
const FILE_HEAD_BYTES = 16;

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === "object" && value !== null && (value as UploadedFile).kind === "uploaded-file";
}

/** Reads and shapes the body of `request` within `limits`; an empty body is an empty object. */
export async function readBody(request: Request, limits: BodyLimits): Promise<Fields> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const declared = Number(request.headers.get("content-length") ?? NaN);
  const multipart = type.startsWith("multipart/form-data") && limits.file !== undefined;
  // Only a multipart body may carry the route's file; every other body is held to the small limit.
  const maxBytes = multipart ? limits.file!.requestBytes : limits.bytes;
  // Refused by what it says it is, before a byte is read.
  if (declared > maxBytes) throw tooLarge(limits, multipart);
  if (!request.body) return emptyFields();
  if (type.startsWith("application/json") || /^application\/[\w.+-]*\+json/.test(type)) {
    const text = await readText(request.body, limits.bytes, limits);
    return text.trim() === "" ? emptyFields() : fromJson(text, limits);
  }
  if (type.startsWith("application/x-www-form-urlencoded") || multipart) {
    return fromForm(request, type, limits, maxBytes);
  }
  // A client sending nothing with a stray type is answered as one sending nothing; anything else is refused.
  const text = await readText(request.body, limits.bytes, limits);
  if (text === "") return emptyFields();
  throw edgeError.unsupportedType();
}

/** Removes the files a request uploaded (after the route kept what it wanted). */
export async function discardUploads(fields: Fields): Promise<void> {
  const files: UploadedFile[] = [];
  const walk = (value: FieldValue) => {
    if (isUploadedFile(value)) files.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(fields);
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

function emptyFields(): Fields {
  return Object.create(null) as Fields;
}

/** Past the byte limit; a multipart body that carries the route's file says the file is too large. */
function tooLarge(limits: BodyLimits, multipart = false) {
  return edgeError.tooLarge(multipart && limits.file ? limits.file.tooLargeMessage : undefined);
}


async function readText(body: ReadableStream<Uint8Array>, maxBytes: number, limits: BodyLimits): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(limits);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Walks a parsed JSON value into prototype-less objects, within the depth, array and field limits. */
function fromJson(text: string, limits: BodyLimits): Fields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw edgeError.badRequest({ _: ["api.invalidField"] });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw edgeError.badRequest({ _: ["api.invalidField"] });
  let leaves = 0;
  const copy = (value: unknown, depth: number, at: string): FieldValue => {
    if (value === null || typeof value !== "object") {
      leaves += 1;
      if (leaves > limits.fields) throw edgeError.badRequest({ _: ["api.tooManyFields"] });
      return value as string | number | boolean | null;
    }
    if (depth >= limits.depth) throw edgeError.badRequest({ [at || "_"]: ["api.invalidField"] });
    if (Array.isArray(value)) {
      if (value.length > limits.arrayLength) throw edgeError.badRequest({ [at || "_"]: ["api.invalidField"] });
      return value.map((item, index) => copy(item, depth + 1, `${at}.${index}`));
    }
    const object = emptyFields();
    for (const [key, item] of Object.entries(value)) {
      const name = at ? `${at}.${key}` : key;
      if (FORBIDDEN_SEGMENTS.has(key)) throw edgeError.badRequest({ [name]: ["api.invalidField"] });
      object[key] = copy(item, depth + 1, name);
    }
    return object;
  };
  return copy(parsed, 0, "") as Fields;
}

/** Parses url-encoded or multipart form data with busboy, streaming, within the route's limits. */
async function fromForm(request: Request, type: string, limits: BodyLimits, maxBytes: number): Promise<Fields> {
  const entries: [string, string | UploadedFile][] = [];
  const written: string[] = [];
  const uploads: Promise<void>[] = [];
  let refusal: Error | null = null;
  const refuse = (error: Error) => {
    refusal ??= error;
  };
  if (limits.file) await mkdir(limits.file.directory, { recursive: true, mode: 0o700 });
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? type },
      // One more than the route takes, so the count below sees the excess (busboy stops silently at its limit).
      limits: {
        fields: limits.fields + 1,
        fieldNameSize: 200,
        fieldSize: limits.fieldBytes,
        files: limits.file ? 1 : 0,
        fileSize: limits.file?.fileBytes ?? 0,
        parts: limits.fields + 2,
        headerPairs: 20,
      },
    });
  } catch {
    // busboy throws at once on a body it cannot parse at all (multipart without a boundary): the client's malformed body.
    throw edgeError.badRequest({ _: ["api.invalidField"] });
  }
  parser.on("field", (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
    if (nameTruncated) return refuse(edgeError.badRequest({ _: ["api.invalidField"] }));
    if (valueTruncated) return refuse(edgeError.badRequest({ [name.slice(0, 64)]: ["api.invalidField"] }));
    entries.push([name, value]);
  });
  parser.on("file", (name: string, stream: Readable & { truncated?: boolean }, clientFileName: string | undefined) => {
    const file = limits.file;
    if (!file || refusal) {
      stream.resume();
      return;
    }
    const target = path.join(file.directory, `${randomUUID()}.upload`);
    written.push(target);
    const head: Buffer[] = [];
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (size < FILE_HEAD_BYTES) head.push(chunk.subarray(0, FILE_HEAD_BYTES - size));
        size += chunk.length;
        done(null, chunk);
      },
    });
    uploads.push(
      pipeline(stream, measure, createWriteStream(target, { flags: "wx", mode: 0o600 }))
        // Past the file limit busboy cuts the file short: it is reported one byte over the limit, so the
        // form's own check puts a message under the file field and keeps the rest (README, Feedback).
        .then(() => void entries.push([name, { kind: "uploaded-file", path: target, size: stream.truncated ? file.fileBytes + 1 : size, head: new Uint8Array(Buffer.concat(head)), fileName: (clientFileName ?? "").split(/[\\/]/).pop()!.slice(0, 255) }]))
        .catch(refuse),
    );
  });
  for (const event of ["fieldsLimit", "partsLimit", "filesLimit"]) parser.on(event, () => refuse(edgeError.badRequest({ _: ["api.tooManyFields"] })));
  // busboy's own complaints (a broken boundary, a truncated part) are the client's malformed body.
  const parsed = new Promise<void>((resolve) => {
    parser.on("finish", resolve);
    parser.on("error", () => {
      refuse(edgeError.badRequest({ _: ["api.invalidField"] }));
      resolve();
    });
  });

  let total = 0;
  try {
    for await (const chunk of request.body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) refuse(tooLarge(limits, type.startsWith("multipart/")));
      if (refusal) break;
      if (!parser.write(chunk)) await Promise.race([once(parser, "drain"), parsed]);
    }
    parser.end();
    await parsed;
    await Promise.allSettled(uploads);
    if (refusal) throw refusal;
    return nest(entries, limits);
  } catch (error) {
    parser.destroy();
    await Promise.allSettled(uploads);
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

/**
 * `customerState[1].number=…` → `{customerState: [, {number: …}]}`. A name that is not
 * `name(.name|[n])*`, walks into a forbidden segment, nests deeper or indexes further than the route
 * allows is refused with a 400 naming it. The last of repeated names wins.
 */
export function nest(entries: Iterable<[string, string | UploadedFile]>, limits: Pick<BodyLimits, "fields" | "depth" | "arrayLength">): Fields {
  const root = emptyFields();
  let count = 0;
  for (const [name, value] of entries) {
    count += 1;
    if (count > limits.fields) throw edgeError.badRequest({ _: ["api.tooManyFields"] });
    if (!FIELD_NAME.test(name)) throw edgeError.badRequest({ [name.slice(0, 64)]: ["api.invalidField"] });
    const keys = name.match(/[A-Za-z_]\w*|\[\d+\]/g)!.map((token) => (token.startsWith("[") ? Number(token.slice(1, -1)) : token));
    if (keys.length > limits.depth) throw edgeError.badRequest({ [name]: ["api.invalidField"] });
    let node: Fields | FieldValue[] = root;
    keys.forEach((key, position) => {
      if (typeof key === "string" && FORBIDDEN_SEGMENTS.has(key)) throw edgeError.badRequest({ [name]: ["api.invalidField"] });
      if (typeof key === "number" && key >= limits.arrayLength) throw edgeError.badRequest({ [name]: ["api.invalidField"] });
      const container = node as Record<string | number, FieldValue>;
      if (position === keys.length - 1) {
        container[key] = value;
        return;
      }
      const nextIsIndex = typeof keys[position + 1] === "number";
      const existing = container[key];
      const fits = nextIsIndex ? Array.isArray(existing) : existing !== null && typeof existing === "object" && !Array.isArray(existing) && !isUploadedFile(existing);
      if (!fits) container[key] = nextIsIndex ? [] : emptyFields();
      node = container[key] as Fields | FieldValue[];
    });
  }
  return root;
}
