// A TMF-shaped BSS for the tmf charging driver's contract tests (server/charging/tmf.test.ts,
// tests/api/tmf-driver.test.ts): a real HTTP server (node:http) on 127.0.0.1 with an OAuth2 token endpoint
// (client credentials, HTTP Basic) and the TM Forum v4 resources the driver uses — TMF654 bucket and
// topupBalance, TMF637 product, TMF622 productOrder (create, list), TMF635 usage — over an in-memory state. Every request
// it receives, and every answer it gives, is checked against the resource shapes (JSON Schema, ajv) of
// docs/OPERATIONS.md and recorded; a mismatch is kept in `violations` (a test asserts there are none).
// Faults are controllable: a delay, a 5xx, a dropped connection, the port closed (connection refused),
// tokens expired.
//
//   const bss = await startTmfServer();  … bss.lines.set("0944…", {...}) …  await bss.stop();
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export const TMF_CLIENT = { id: "website-client", secret: "s3cret:with/odd chars" };
const CURRENCY = "SYP";

// ---- Resource shapes (TMF v4, the fields this mapping uses; others are allowed) ----

const ref = { type: "object", required: ["id"], properties: { id: { type: "string", minLength: 1 }, href: { type: "string" }, name: { type: "string" }, "@referredType": { type: "string" } } };
const msisdnRef = { ...ref, required: ["id", "@referredType"], properties: { ...ref.properties, id: { type: "string", pattern: "^0\\d{9}$" }, "@referredType": { const: "MSISDN" } } };
const quantity = { type: "object", required: ["amount", "units"], properties: { amount: { type: "number" }, units: { type: "string" } } };
const money = { type: "object", required: ["value", "unit"], properties: { value: { type: "number" }, unit: { type: "string", pattern: "^[A-Z]{3}$" } } };
const price = { type: "object", required: ["taxIncludedAmount"], properties: { taxIncludedAmount: money } };
const characteristic = { type: "object", required: ["name", "value"], properties: { name: { type: "string", minLength: 1 }, valueType: { type: "string" }, value: {} } };
const dateTime = { type: "string", format: "date-time" };
const idString = { type: "string", pattern: "^[1-9][0-9]*$" };

const SCHEMAS = {
  Error: { type: "object", required: ["code", "reason"], properties: { code: { type: "string" }, reason: { type: "string" }, message: { type: "string" }, status: { type: "string" } } },
  Bucket: {
    type: "object",
    required: ["id", "href", "usageType", "remainingValue", "status"],
    properties: {
      id: { type: "string" },
      href: { type: "string" },
      "@type": { enum: ["Bucket", "PostpaidCreditBucket"] },
      name: { type: "string" },
      usageType: { enum: ["monetary", "voice", "data", "sms", "other"] },
      status: { enum: ["active", "suspended", "expired"] },
      remainingValue: quantity,
      creditLimit: quantity,
      validFor: { type: "object", properties: { startDateTime: dateTime, endDateTime: dateTime } },
      logicalResource: { type: "array", items: msisdnRef },
      product: { type: "array", items: ref },
      partyAccount: ref,
    },
  },
  TopupBalance_Create: {
    type: "object",
    required: ["voucher", "usageType", "channel", "logicalResource"],
    additionalProperties: false,
    properties: {
      voucher: { type: "string", pattern: "^[0-9]{14}$" },
      usageType: { const: "monetary" },
      channel: ref,
      logicalResource: { type: "array", minItems: 1, maxItems: 1, items: msisdnRef },
      bucket: ref,
      partyAccount: ref,
      "@type": { const: "TopupBalance" },
    },
  },
  TopupBalance: {
    type: "object",
    required: ["id", "href", "status", "amount", "usageType"],
    properties: {
      id: idString,
      href: { type: "string" },
      status: { enum: ["created", "failed", "cancelled", "completed"] },
      amount: quantity,
      usageType: { const: "monetary" },
      voucherSerial: { type: "string" },
      requestedDate: dateTime,
      confirmationDate: dateTime,
      logicalResource: { type: "array", items: msisdnRef },
      "@type": { type: "string" },
    },
    not: { required: ["voucher"] },
  },
  Product: {
    type: "object",
    required: ["id", "href", "status", "productOffering", "startDate", "terminationDate"],
    properties: {
      id: idString,
      href: { type: "string" },
      name: { type: "string" },
      status: { enum: ["created", "pendingActive", "cancelled", "active", "pendingTerminate", "suspended", "aborted", "terminated"] },
      startDate: dateTime,
      terminationDate: dateTime,
      productOffering: ref,
      productCharacteristic: { type: "array", items: characteristic },
      productPrice: { type: "array", items: { type: "object", required: ["priceType", "price"], properties: { priceType: { type: "string" }, price } } },
      realizingResource: { type: "array", items: msisdnRef },
    },
  },
  Product_Update: {
    type: "object",
    required: ["productCharacteristic"],
    additionalProperties: false,
    properties: { productCharacteristic: { type: "array", items: characteristic } },
  },
  ProductOrder_Create: {
    type: "object",
    required: ["externalId", "productOrderItem"],
    additionalProperties: false,
    properties: {
      externalId: { type: "string", pattern: "^[A-Za-z0-9_-]{8,64}$" },
      channel: { type: "array", items: { type: "object", required: ["channel"], properties: { role: { type: "string" }, channel: ref } } },
      "@type": { const: "ProductOrder" },
      productOrderItem: {
        type: "array",
        minItems: 1,
        maxItems: 1,
        items: {
          type: "object",
          required: ["id", "action", "productOffering", "product"],
          properties: {
            id: { type: "string" },
            action: { const: "add" },
            quantity: { const: 1 },
            productOffering: ref,
            product: {
              type: "object",
              required: ["realizingResource", "productCharacteristic"],
              properties: { realizingResource: { type: "array", minItems: 1, maxItems: 1, items: msisdnRef }, productCharacteristic: { type: "array", items: characteristic } },
            },
          },
        },
      },
    },
  },
  ProductOrder: {
    type: "object",
    required: ["id", "href", "externalId", "state", "orderDate", "productOrderItem"],
    properties: {
      id: idString,
      href: { type: "string" },
      externalId: { type: "string" },
      state: { enum: ["acknowledged", "rejected", "pending", "held", "inProgress", "cancelled", "completed", "failed", "partial", "assessingCancellation", "pendingCancellation"] },
      orderDate: dateTime,
      completionDate: dateTime,
      productOrderItem: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["id", "action", "state", "productOffering", "product"],
          properties: { id: { type: "string" }, action: { type: "string" }, state: { type: "string" }, productOffering: ref, product: { type: "object", required: ["id"], properties: { id: idString } }, itemTotalPrice: { type: "array", items: { type: "object", required: ["priceType", "price"], properties: { priceType: { type: "string" }, price } } } },
        },
      },
    },
  },
  Usage: {
    type: "object",
    required: ["id", "href", "usageDate", "usageType", "status", "relatedParty"],
    properties: {
      id: { type: "string" },
      href: { type: "string" },
      usageDate: dateTime,
      usageType: { type: "string" },
      status: { enum: ["received", "rejected", "recycled", "guided", "rated", "rerated", "billed"] },
      relatedParty: { type: "array", items: { type: "object", required: ["id", "role"], properties: { id: { type: "string" }, role: { type: "string" }, "@referredType": { type: "string" } } } },
      usageCharacteristic: { type: "array", items: characteristic },
      ratedProductUsage: { type: "array", items: { type: "object", properties: { taxIncludedRatingAmount: money, isBilled: { type: "boolean" } } } },
    },
  },
} as const;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)])) as Record<keyof typeof SCHEMAS, ValidateFunction>;
type ShapeName = keyof typeof SCHEMAS;

// ---- State ----

export interface TmfLine {
  plan: "prepaid" | "postpaid";
  /** Prepaid: main balance. */
  mainBalance?: number;
  /** Prepaid: ISO date-time the balance is valid until (past: expired), or null. */
  validUntil?: string | null;
  /** Postpaid. */
  unbilled?: number;
  creditLimit?: number;
  suspended?: boolean;
}

export interface TmfOffering {
  name: string;
  price: number;
  validityDays: number;
  eligibility: "prepaid" | "postpaid" | "both";
  allowances: { kind: "data" | "voice" | "sms"; amount: number; units: string }[];
}

interface StoredProduct {
  product: Record<string, unknown> & { id: string; status: string; terminationDate: string; realizingResource: { id: string }[]; productCharacteristic: { name: string; value: unknown }[] };
  /** What is left of each allowance (its TMF654 bucket). */
  remaining: Partial<Record<"data" | "voice" | "sms", { amount: number; units: string }>>;
}

export interface TmfUsage {
  gsm: string;
  usageDate: string;
  usageType: "data" | "voice" | "sms";
  /** data MB, voice seconds, sms messages */
  amount: number;
  destination?: string;
  cost: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** "Basic", "Bearer" or "none": the scheme only, never the credential. */
  auth: string;
  contentType: string | undefined;
  body: unknown;
  status: number;
  answer: unknown;
  headers: Record<string, string>;
}

/**
 * delay: the answer waits (status -2 while it waits: a client that gave up finds it so); status: a 5xx (or any)
 * instead of the operation; drop: the connection is closed before the operation (status -1); loseAnswer: the
 * operation is done and the connection closed instead of answering (status -3).
 */
export type TmfFault = { kind: "delay"; ms: number } | { kind: "status"; status: number } | { kind: "drop" } | { kind: "loseAnswer" };

export interface TmfServer {
  url: string;
  tokenUrl: string;
  lines: Map<string, TmfLine>;
  offerings: Map<string, TmfOffering>;
  products: Map<string, StoredProduct>;
  orders: Map<string, Record<string, unknown>>;
  vouchers: Map<string, { serial: string; amount: number; used: boolean }>;
  usage: TmfUsage[];
  /** Every resource request (not the token endpoint), in order. */
  requests: RecordedRequest[];
  /** Token requests answered with a token. */
  tokensIssued: number;
  /** Requests or answers that did not match the TMF shapes. */
  violations: string[];
  /** Seconds of life of the next tokens (expires_in). */
  tokenLifetimeSeconds: number;
  /** A careless BSS: bucket, product order and usage lists ignore their line filter and answer every line's. */
  ignoreLineFilters: boolean;
  /** The next `times` resource requests (matching `path` when given) meet `fault`. */
  fault(fault: TmfFault, times?: number, path?: string): void;
  clearFaults(): void;
  /** Every token issued so far is refused from now on (401). */
  expireTokens(): void;
  /** Closes the port (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

const BASE = {
  bucket: "/tmf-api/prepayBalanceManagement/v4/bucket",
  topup: "/tmf-api/prepayBalanceManagement/v4/topupBalance",
  product: "/tmf-api/productInventory/v4/product",
  order: "/tmf-api/productOrdering/v4/productOrder",
  usage: "/tmf-api/usageManagement/v4/usage",
};

export async function startTmfServer(): Promise<TmfServer> {
  const lines = new Map<string, TmfLine>();
  const offerings = new Map<string, TmfOffering>();
  const products = new Map<string, StoredProduct>();
  const orders = new Map<string, Record<string, unknown>>();
  const ordersByExternalId = new Map<string, string>();
  const vouchers = new Map<string, { serial: string; amount: number; used: boolean }>();
  const usage: TmfUsage[] = [];
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const validTokens = new Set<string>();
  const faults: { fault: TmfFault; times: number; path?: string }[] = [];
  const sockets = new Set<Socket>();
  let nextId = 1000;
  let tokenSeed = 0;

  const check = (shape: ShapeName, value: unknown, where: string) => {
    const validate = validators[shape];
    if (!validate(value)) violations.push(`${where}: not a ${shape}: ${ajv.errorsText(validate.errors)}`);
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const state: TmfServer = {
    url,
    tokenUrl: `${url}/oauth2/token`,
    lines,
    offerings,
    products,
    orders,
    vouchers,
    usage,
    requests,
    tokensIssued: 0,
    violations,
    tokenLifetimeSeconds: 3600,
    ignoreLineFilters: false,
    fault: (fault, times = 1, path) => void faults.push({ fault, times, path }),
    clearFaults: () => void faults.splice(0),
    expireTokens: () => validTokens.clear(),
    down: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    up: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    stop: async () => {
      if (!server.listening) return;
      await state.down();
    },
  };

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? "/", url);
    const text = await readBody(req);
    if (requestUrl.pathname === "/oauth2/token") return token(req, res, text);

    const record: RecordedRequest = {
      method: req.method ?? "",
      path: requestUrl.pathname,
      query: Object.fromEntries(requestUrl.searchParams),
      auth: (req.headers.authorization ?? "none").split(" ")[0]!,
      contentType: req.headers["content-type"],
      body: undefined,
      status: 0,
      answer: undefined,
      headers: {},
    };
    requests.push(record);
    let loseAnswer = false;
    const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      if (loseAnswer) {
        record.status = -3;
        req.socket.destroy();
        return;
      }
      record.status = status;
      record.answer = answer;
      record.headers = headers;
      res.writeHead(status, { "content-type": "application/json;charset=utf-8", ...headers });
      res.end(answer === undefined ? undefined : JSON.stringify(answer));
    };
    const refuse = (status: number, code: string, reason: string) => {
      const error = { code, reason, message: reason, status: String(status), "@type": "Error" };
      check("Error", error, `${record.method} ${record.path} answer`);
      send(status, error);
    };

    const faultIndex = faults.findIndex((entry) => !entry.path || requestUrl.pathname.startsWith(entry.path));
    if (faultIndex >= 0) {
      const entry = faults[faultIndex]!;
      if (--entry.times <= 0) faults.splice(faultIndex, 1);
      if (entry.fault.kind === "drop") {
        record.status = -1;
        req.socket.destroy();
        return;
      }
      if (entry.fault.kind === "status") return refuse(entry.fault.status, "BSS_FAULT", "injected fault");
      if (entry.fault.kind === "loseAnswer") loseAnswer = true;
      else {
        record.status = -2;
        await new Promise((resolve) => setTimeout(resolve, (entry.fault as { ms: number }).ms));
        if (res.destroyed || req.socket.destroyed) return;
      }
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !validTokens.has(bearer)) return refuse(401, "UNAUTHORIZED", "no valid access token");
    if (text) {
      try {
        record.body = JSON.parse(text);
      } catch {
        violations.push(`${record.method} ${record.path}: body is not JSON`);
        return refuse(400, "BAD_REQUEST", "body is not JSON");
      }
    }
    const where = `${record.method} ${record.path}`;
    const answerWith = (status: number, shape: ShapeName, answer: unknown, headers: Record<string, string> = {}) => {
      for (const item of Array.isArray(answer) ? answer : [answer]) check(shape, item, `${where} answer`);
      send(status, answer, headers);
    };
    const list = (shape: ShapeName, items: unknown[], query: URLSearchParams) => {
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 100);
      if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) violations.push(`${where}: bad offset/limit`);
      const page = items.slice(offset, offset + limit);
      answerWith(200, shape, page, { "X-Total-Count": String(items.length), "X-Result-Count": String(page.length) });
    };
    const requireQuery = (names: string[]) => {
      for (const name of names) if (!requestUrl.searchParams.get(name)) violations.push(`${where}: query without ${name}`);
    };
    const requireJson = () => {
      if (!/^application\/json/.test(record.contentType ?? "")) violations.push(`${where}: content-type ${record.contentType}`);
    };
    const query = requestUrl.searchParams;
    const path = requestUrl.pathname;

    if (req.method === "GET" && path === BASE.bucket) {
      requireQuery(["logicalResource.id"]);
      const gsm = query.get("logicalResource.id") ?? "";
      const usageType = query.get("usageType");
      const lineBuckets = state.ignoreLineFilters ? [...lines.keys()].flatMap((each) => bucketsOf(each)) : bucketsOf(gsm);
      return list("Bucket", lineBuckets.filter((bucket) => !usageType || bucket.usageType === usageType), query);
    }
    if (req.method === "GET" && path === BASE.product) {
      requireQuery(["realizingResource.id"]);
      const gsm = query.get("realizingResource.id");
      const status = query.get("status");
      const found = [...products.values()].map((stored) => stored.product).filter((product) => product.realizingResource.some((resource) => resource.id === gsm) && (!status || product.status === status));
      return list("Product", found, query);
    }
    const productId = path.startsWith(`${BASE.product}/`) ? path.slice(BASE.product.length + 1) : undefined;
    if (productId !== undefined && (req.method === "GET" || req.method === "PATCH")) {
      const stored = products.get(productId);
      if (!stored) return refuse(404, "NOT_FOUND", "no such product");
      if (req.method === "PATCH") {
        if (record.contentType !== "application/merge-patch+json") violations.push(`${where}: content-type ${record.contentType}`);
        check("Product_Update", record.body, where);
        const update = record.body as { productCharacteristic?: StoredProduct["product"]["productCharacteristic"] };
        if (update.productCharacteristic) stored.product.productCharacteristic = update.productCharacteristic;
      }
      return answerWith(200, "Product", stored.product);
    }
    if (req.method === "GET" && path === BASE.order) {
      requireQuery(["productOrderItem.product.realizingResource.id"]);
      if (query.get("sort") !== "-orderDate") violations.push(`${where}: sort is not -orderDate`);
      const gsm = query.get("productOrderItem.product.realizingResource.id");
      const wantedState = query.get("state");
      type Listed = { id: string; state: string; orderDate: string; productOrderItem: { product: { realizingResource: { id: string }[] } }[] };
      const found = [...orders.values()]
        .map((order) => order as unknown as Listed)
        .filter((order) => (wantedState === null || order.state === wantedState) && (state.ignoreLineFilters || order.productOrderItem.some((item) => item.product.realizingResource.some((resource) => resource.id === gsm))))
        // Newest first; ids grow with time, so they part orders of the same instant.
        .sort((a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate) || Number(b.id) - Number(a.id));
      return list("ProductOrder", found, query);
    }
    if (req.method === "POST" && path === BASE.order) {
      requireJson();
      check("ProductOrder_Create", record.body, where);
      return productOrder(record.body as OrderCreate, refuse, answerWith);
    }
    if (req.method === "POST" && path === BASE.topup) {
      requireJson();
      check("TopupBalance_Create", record.body, where);
      return topup(record.body as TopupCreate, refuse, answerWith);
    }
    if (req.method === "GET" && path === BASE.usage) {
      requireQuery(["relatedParty.id", "usageDate.gte", "usageDate.lt", "offset", "limit"]);
      for (const name of ["usageDate.gte", "usageDate.lt"]) if (!ajv.validate(dateTime, query.get(name))) violations.push(`${where}: ${name} is not a date-time`);
      if (query.get("sort") !== "-usageDate") violations.push(`${where}: sort is not -usageDate`);
      const gsm = query.get("relatedParty.id");
      const from = Date.parse(query.get("usageDate.gte") ?? "");
      const to = Date.parse(query.get("usageDate.lt") ?? "");
      const found = usage
        .map((item, index) => ({ item, index }))
        .filter(({ item }) => (state.ignoreLineFilters || item.gsm === gsm) && Date.parse(item.usageDate) >= from && Date.parse(item.usageDate) < to)
        .sort((a, b) => Date.parse(b.item.usageDate) - Date.parse(a.item.usageDate))
        .map(({ item, index }) => usageResource(item, index));
      return list("Usage", found, query);
    }
    violations.push(`${where}: no such TMF operation`);
    refuse(404, "NOT_FOUND", "no such operation");
  }

  function token(req: IncomingMessage, res: ServerResponse, text: string) {
    const expected = `Basic ${Buffer.from(`${encodeURIComponent(TMF_CLIENT.id)}:${encodeURIComponent(TMF_CLIENT.secret)}`).toString("base64")}`;
    const form = new URLSearchParams(text);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json;charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || !/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")) {
      violations.push("token: not a form POST");
      return answer(400, { error: "invalid_request" });
    }
    if (req.headers.authorization !== expected) return answer(401, { error: "invalid_client" });
    if (form.get("grant_type") !== "client_credentials") {
      violations.push("token: grant_type is not client_credentials");
      return answer(400, { error: "unsupported_grant_type" });
    }
    const value = `token-${++tokenSeed}-${Math.random().toString(36).slice(2)}`;
    validTokens.add(value);
    state.tokensIssued += 1;
    answer(200, { access_token: value, token_type: "Bearer", expires_in: state.tokenLifetimeSeconds });
  }

  function lineOf(gsm: string): TmfLine {
    let line = lines.get(gsm);
    if (!line) lines.set(gsm, (line = { plan: "prepaid", mainBalance: 0, validUntil: null }));
    return line;
  }

  function bucketsOf(gsm: string) {
    const line = lines.get(gsm);
    const buckets: (Record<string, unknown> & { usageType: string })[] = [];
    const resource = [{ id: gsm, "@referredType": "MSISDN" }];
    if (line?.plan === "postpaid") {
      buckets.push({
        id: `credit-${gsm}`,
        href: `${url}${BASE.bucket}/credit-${gsm}`,
        "@type": "PostpaidCreditBucket",
        name: "credit",
        usageType: "monetary",
        status: "active",
        remainingValue: { amount: (line.creditLimit ?? 0) - (line.unbilled ?? 0), units: CURRENCY },
        creditLimit: { amount: line.creditLimit ?? 0, units: CURRENCY },
        logicalResource: resource,
        partyAccount: { id: `account-${gsm}` },
      });
    } else if (line) {
      const expired = line.validUntil ? Date.parse(line.validUntil) < Date.now() : false;
      buckets.push({
        id: `main-${gsm}`,
        href: `${url}${BASE.bucket}/main-${gsm}`,
        "@type": "Bucket",
        name: "main",
        usageType: "monetary",
        status: expired ? "expired" : "active",
        remainingValue: { amount: line.mainBalance ?? 0, units: CURRENCY },
        ...(line.validUntil ? { validFor: { endDateTime: line.validUntil } } : {}),
        logicalResource: resource,
        partyAccount: { id: `account-${gsm}` },
      });
    }
    for (const stored of products.values()) {
      if (stored.product.status !== "active" || !stored.product.realizingResource.some((item) => item.id === gsm)) continue;
      for (const [kind, remaining] of Object.entries(stored.remaining)) {
        buckets.push({ id: `p${stored.product.id}-${kind}`, href: `${url}${BASE.bucket}/p${stored.product.id}-${kind}`, usageType: kind, status: "active", remainingValue: remaining, product: [{ id: stored.product.id }], logicalResource: resource });
      }
    }
    return buckets;
  }

  type Refuse = (status: number, code: string, reason: string) => void;
  type AnswerWith = (status: number, shape: ShapeName, answer: unknown, headers?: Record<string, string>) => void;
  type OrderCreate = { externalId: string; productOrderItem: { productOffering: { id: string }; product: { realizingResource: { id: string }[]; productCharacteristic: { name: string; value: unknown }[] } }[] };
  type TopupCreate = { voucher: string; logicalResource: { id: string }[] };

  function productOrder(body: OrderCreate, refuse: Refuse, answerWith: AnswerWith) {
    const earlier = ordersByExternalId.get(body.externalId);
    if (earlier) return answerWith(200, "ProductOrder", orders.get(earlier));
    const item = body.productOrderItem?.[0];
    const gsm = item?.product?.realizingResource?.[0]?.id ?? "";
    const offering = offerings.get(item?.productOffering?.id ?? "");
    if (!offering) return refuse(404, "OFFERING_NOT_FOUND", "no such product offering");
    const line = lineOf(gsm);
    if (line.suspended) return refuse(409, "LINE_SUSPENDED", "the line is suspended");
    if (offering.eligibility !== "both" && offering.eligibility !== line.plan) return refuse(409, "NOT_ELIGIBLE", "not sold to this plan");
    if (line.plan === "prepaid") {
      if (line.validUntil && Date.parse(line.validUntil) < Date.now()) return refuse(409, "BALANCE_EXPIRED", "the balance is past its validity");
      if ((line.mainBalance ?? 0) < offering.price) return refuse(409, "INSUFFICIENT_BALANCE", "not enough balance");
      line.mainBalance = (line.mainBalance ?? 0) - offering.price;
    } else {
      if ((line.creditLimit ?? 0) - (line.unbilled ?? 0) < offering.price) return refuse(409, "INSUFFICIENT_BALANCE", "credit limit reached");
      line.unbilled = (line.unbilled ?? 0) + offering.price;
    }
    const now = new Date();
    const productId = String(nextId++);
    const autoRenew = item!.product.productCharacteristic.find((entry) => entry.name === "autoRenew")?.value === true;
    const characteristics = [
      { name: "autoRenew", valueType: "boolean", value: autoRenew },
      ...offering.allowances.map((allowance) => ({ name: `${allowance.kind}Allowance`, valueType: "Quantity", value: { amount: allowance.amount, units: allowance.units } })),
    ];
    const productPrice = [{ priceType: "oneTime", price: { taxIncludedAmount: { value: offering.price, unit: CURRENCY } } }];
    const product = {
      id: productId,
      href: `${url}${BASE.product}/${productId}`,
      name: offering.name,
      status: "active",
      startDate: now.toISOString(),
      terminationDate: new Date(now.getTime() + offering.validityDays * 86_400_000).toISOString(),
      productOffering: { id: item!.productOffering.id, name: offering.name },
      productCharacteristic: characteristics,
      productPrice,
      realizingResource: [{ id: gsm, "@referredType": "MSISDN" }],
      "@type": "Product",
    };
    products.set(productId, {
      product,
      remaining: Object.fromEntries(offering.allowances.filter((allowance) => allowance.units !== "unlimited").map((allowance) => [allowance.kind, { amount: allowance.amount, units: allowance.units }])),
    });
    const orderId = String(nextId++);
    const order = {
      id: orderId,
      href: `${url}${BASE.order}/${orderId}`,
      externalId: body.externalId,
      state: "completed",
      orderDate: now.toISOString(),
      completionDate: now.toISOString(),
      productOrderItem: [
        {
          id: "1",
          action: "add",
          state: "completed",
          quantity: 1,
          productOffering: { id: item!.productOffering.id },
          product: { id: productId, href: product.href, productCharacteristic: characteristics, realizingResource: product.realizingResource },
          itemTotalPrice: productPrice,
        },
      ],
      "@type": "ProductOrder",
    };
    orders.set(orderId, order);
    ordersByExternalId.set(body.externalId, orderId);
    answerWith(201, "ProductOrder", order);
  }

  function topup(body: TopupCreate, refuse: Refuse, answerWith: AnswerWith) {
    const gsm = body.logicalResource?.[0]?.id ?? "";
    const line = lineOf(gsm);
    if (line.suspended) return refuse(409, "LINE_SUSPENDED", "the line is suspended");
    if (line.plan === "postpaid") return refuse(409, "NOT_PREPAID", "vouchers top up prepaid lines");
    const voucher = vouchers.get(body.voucher);
    if (!voucher) return refuse(400, "VOUCHER_NOT_FOUND", "no such voucher");
    if (voucher.used) return refuse(409, "VOUCHER_USED", "the voucher was used");
    voucher.used = true;
    line.mainBalance = (line.mainBalance ?? 0) + voucher.amount;
    const base = Math.max(Date.now(), line.validUntil ? Date.parse(line.validUntil) : 0);
    line.validUntil = new Date(base + 30 * 86_400_000).toISOString();
    const id = String(nextId++);
    const now = new Date().toISOString();
    answerWith(201, "TopupBalance", {
      id,
      href: `${url}${BASE.topup}/${id}`,
      status: "completed",
      amount: { amount: voucher.amount, units: CURRENCY },
      usageType: "monetary",
      voucherSerial: voucher.serial,
      requestedDate: now,
      confirmationDate: now,
      logicalResource: [{ id: gsm, "@referredType": "MSISDN" }],
      "@type": "VoucherTopupBalance",
    });
  }

  function usageResource(item: TmfUsage, index: number) {
    const characteristic =
      item.usageType === "data"
        ? [{ name: "volume", valueType: "number", value: item.amount }]
        : [
            { name: item.usageType === "voice" ? "duration" : "count", valueType: "number", value: item.amount },
            ...(item.destination ? [{ name: "destinationNumber", valueType: "string", value: item.destination }] : []),
          ];
    return {
      id: `u${index + 1}`,
      href: `${url}${BASE.usage}/u${index + 1}`,
      usageDate: item.usageDate,
      usageType: item.usageType,
      status: "rated",
      relatedParty: [{ id: item.gsm, role: "subscriber", "@referredType": "MSISDN" }],
      usageCharacteristic: characteristic,
      ratedProductUsage: [{ taxIncludedRatingAmount: { value: item.cost, unit: CURRENCY }, isBilled: false }],
    };
  }

  return state;
}
