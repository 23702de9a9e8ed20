// Spec API rows of call forwarding and super clip (spec §7): show and activate each feature, the
// super clip auto-reply and the list of callers. Bodies are form data with the spec's bracket names
// (`customerState[0].state`, `others[1].numbers[0]`) or the same structure as JSON. Bearer session;
// a gsm the session does not own answers 403 and changes nothing; each save is one change, audited.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { autoReplySchema, callerFilterSchema, callForwardUpdateSchema, FormShapeError, nestFormFields, superClipUpdateSchema } from "../../common/line-features.ts";
import { bearer, bearerSecurity, sessionOf } from "../account/api.ts";
import { createApiRouter, fieldMessage } from "../api/router.ts";
import { failureBody, failureSchema, jsonContent, ok, successSchema } from "../api/envelope.ts";
import type { AppEnv } from "../http-env.ts";
import { translate, type MessageKey } from "../i18n.ts";
import { activateCallForward, showCallForward } from "./call-forward.ts";
import { activateAutoReply, activateSuperClip, showAutoReply, showCallers, showSuperClip } from "./super-clip.ts";
import { LineFeatureError, type Actor, type LineFeatureErrorCode } from "./types.ts";

const tags = ["Line features"];

/** The answer of a refused line-feature rule: its HTTP status and localised message (and field errors). */
export function lineFeatureErrorAnswer(c: Context<AppEnv>, error: LineFeatureError) {
  const language = c.get("language");
  const fieldErrors = error.details.fieldErrors
    ? Object.fromEntries(Object.entries(error.details.fieldErrors).map(([field, keys]) => [field, keys.map((key) => fieldMessage(language, key))]))
    : undefined;
  if (error.details.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.details.retryAfterSeconds));
  return c.json(failureBody(language, error.code, `lineFeatures.errors.${error.code}` as MessageKey, fieldErrors), error.httpStatus);
}

export function badRequest(c: Context<AppEnv>, errors: Record<string, string[]>): never {
  throw new HTTPException(400, { res: c.json(failureBody(c.get("language"), "BAD_REQUEST", "api.badRequest", errors), 400) });
}

/** The body as nested fields, from JSON or from form data with bracket names. */
async function fieldsOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (/json/i.test(type)) {
    const body: unknown = await c.req.json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) badRequest(c, { _: [translate(c.get("language"), "api.invalidField")] });
    return body as Record<string, unknown>;
  }
  if (!/x-www-form-urlencoded|multipart\/form-data/i.test(type)) return {};
  const form = await c.req.formData();
  try {
    return nestFormFields([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch (error) {
    if (error instanceof FormShapeError) badRequest(c, { [error.field]: [translate(c.get("language"), "api.invalidField")] });
    throw error;
  }
}

/** The gsm of the body and the rest validated by `schema`; every problem is a 400 naming its field. */
export async function requestOf<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<{ gsm: string; input: z.output<T> }> {
  const fields = await fieldsOf(c);
  const gsm = typeof fields.gsm === "string" || typeof fields.gsm === "number" ? String(fields.gsm).trim() : "";
  const parsed = schema.safeParse(fields);
  const errors: Record<string, string[]> = {};
  if (!gsm) errors.gsm = [translate(c.get("language"), "validation.numberInvalid")];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "_"] ??= []).push(fieldMessage(c.get("language"), issue.message));
  }
  if (Object.keys(errors).length > 0 || !parsed.success) badRequest(c, errors);
  return { gsm, input: parsed.data };
}

export async function actorOf(c: Context<AppEnv>): Promise<Actor> {
  const session = await sessionOf(c);
  return { accountId: session.accountId, sessionId: session.sessionId, clientIp: c.get("clientIp") };
}

// --- OpenAPI descriptions of the bodies (the handlers validate with the schemas of common/line-features.ts).
const gsmField = { gsm: z.string().openapi({ description: "One of the session's numbers", example: "0944123456" }) };
const optionFields = (withNumber: boolean) =>
  Object.fromEntries(
    [0, 1, 2, 3].flatMap((index) => [
      [`customerState[${index}].type`, z.string().optional().openapi({ description: "0 all, 1 busy, 2 no answer, 3 unreachable" })],
      [`customerState[${index}].state`, z.string().optional().openapi({ description: "1 on, 0 off" })],
      ...(withNumber ? [[`customerState[${index}].number`, z.string().optional().openapi({ description: "09 followed by 8 digits; required when the option is on" })]] : []),
    ]),
  );
const optionJson = (withNumber: boolean) =>
  z.object({ type: z.number().int().min(0).max(3), state: z.union([z.literal(0), z.literal(1)]), ...(withNumber ? { number: z.string().optional() } : {}) });
const featureForm = (withNumber: boolean) =>
  z.object({ ...gsmField, serviceState: z.string().openapi({ description: "1 on, 0 off (off clears every option)" }), ...optionFields(withNumber) }).loose();
const featureJson = (withNumber: boolean) =>
  z.object({ ...gsmField, serviceState: z.union([z.literal(0), z.literal(1)]), customerState: z.array(optionJson(withNumber)).max(4) }).loose();
const autoReplyForm = z
  .object({
    ...gsmField,
    generalMessage: z.string().optional().openapi({ description: "The SMS every caller gets (at most 160 characters)" }),
    "others[0].message": z.string().optional().openapi({ description: "An exception's message; exceptions with an empty message are dropped" }),
    "others[0].numbers[0]": z.string().optional().openapi({ description: "A number of the exception (09 + 8 digits)" }),
  })
  .loose();
const autoReplyJson = z.object({ ...gsmField, generalMessage: z.string().optional(), others: z.array(z.object({ message: z.string(), numbers: z.array(z.string()) })).optional() }).loose();
const callerFilterForm = z
  .object({
    ...gsmField,
    gsmFilter: z.string().optional().openapi({ description: "Only calls from this number (09 + 8 digits); empty for all" }),
    dateFilterType: z.string().optional().openapi({ description: "0: 1 day, 1: 3 days, 2: 1 week, 3: 3 weeks, 4: 30 days" }),
  })
  .loose();
export const gsmForm = z.object(gsmField).loose();

export function body<F extends z.ZodType, J extends z.ZodType>(form: F, json: J, description: string) {
  return {
    description,
    content: { "application/x-www-form-urlencoded": { schema: form }, "multipart/form-data": { schema: form }, "application/json": { schema: json } },
  };
}

export const featureViewSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    price: z.number().openapi({ description: "Monthly price; 0 is free" }),
    serviceState: z.union([z.literal(0), z.literal(1)]),
    customerState: z.array(optionJson(true)),
    lineState: z.enum(["active", "deactivated"]),
  })
  .openapi("Feature");
const autoReplyView = z.object({ generalMessage: z.string(), others: z.array(z.object({ message: z.string(), numbers: z.array(z.string()) })) }).openapi("AutoReply");
const callerPageSchema = z
  .object({ data: z.array(z.object({ number: z.string(), date: z.string().openapi({ description: "ISO 8601" }) })), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi("CallerPage");

function failures(codes: LineFeatureErrorCode[], accountCodes: Partial<Record<number, string[]>> = {}) {
  const byStatus = new Map<number, string[]>([[400, ["BAD_REQUEST (field errors)"]], [401, ["SESSION_EXPIRED"]]]);
  for (const code of codes) {
    const status = new LineFeatureError(code).httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, list] of Object.entries(accountCodes)) byStatus.set(Number(status), [...(byStatus.get(Number(status)) ?? []), ...(list ?? [])]);
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, jsonContent(failureSchema, list.join(", "))]));
}

/**
 * A line-feature row: POST with the Bearer session; `codes` are the rule refusals it can answer, and
 * `accountCodes` those of the accounts service (one-time codes) by HTTP status.
 */
export function route(
  path: string,
  summary: string,
  requestBody: ReturnType<typeof body>,
  response: z.ZodType,
  codes: LineFeatureErrorCode[],
  query?: z.ZodObject,
  accountCodes?: Partial<Record<number, string[]>>,
) {
  return createRoute({
    method: "post",
    path,
    tags,
    summary,
    security: bearerSecurity,
    request: { headers: bearer, body: requestBody, ...(query ? { query } : {}) },
    responses: { 200: jsonContent(successSchema(response), "status 200: done"), ...failures(codes, accountCodes) },
  });
}

export const lineFeaturesApi = createApiRouter()
  .openapi(route("/core/api/callForward/show", "Call forwarding of a number", body(gsmForm, gsmForm, "The number"), featureViewSchema, ["NOT_YOUR_NUMBER"]), async (c) => {
    const actor = await actorOf(c);
    const { gsm } = await requestOf(c, z.object({}).loose());
    return ok(c, await showCallForward(c.get("services"), actor.accountId, gsm, c.get("language")));
  })
  .openapi(
    route("/core/api/callForward/activate", "Turn call forwarding and its options on or off", body(featureForm(true), featureJson(true), "Main switch and options"), featureViewSchema, ["NOT_YOUR_NUMBER", "VALIDATION", "LINE_DEACTIVATED"]),
    async (c) => {
      const actor = await actorOf(c);
      const { gsm, input } = await requestOf(c, callForwardUpdateSchema);
      return ok(c, await activateCallForward(c.get("services"), actor, gsm, input, c.get("language")), "lineFeatures.saved");
    },
  )
  .openapi(route("/core/api/superClip/show", "Super clip of a number", body(gsmForm, gsmForm, "The number"), featureViewSchema, ["NOT_YOUR_NUMBER"]), async (c) => {
    const actor = await actorOf(c);
    const { gsm } = await requestOf(c, z.object({}).loose());
    return ok(c, await showSuperClip(c.get("services"), actor.accountId, gsm, c.get("language")));
  })
  .openapi(
    route("/core/api/superClip/activate", "Turn super clip and its options on or off", body(featureForm(false), featureJson(false), "Main switch and options"), featureViewSchema, ["NOT_YOUR_NUMBER", "VALIDATION", "LINE_DEACTIVATED"]),
    async (c) => {
      const actor = await actorOf(c);
      const { gsm, input } = await requestOf(c, superClipUpdateSchema);
      return ok(c, await activateSuperClip(c.get("services"), actor, gsm, input, c.get("language")), "lineFeatures.saved");
    },
  )
  .openapi(route("/core/api/superClip/autoReply/show", "The super clip auto-reply of a number", body(gsmForm, gsmForm, "The number"), autoReplyView, ["NOT_YOUR_NUMBER"]), async (c) => {
    const actor = await actorOf(c);
    const { gsm } = await requestOf(c, z.object({}).loose());
    return ok(c, await showAutoReply(c.get("services"), actor.accountId, gsm));
  })
  .openapi(
    route("/core/api/superClip/autoReply/activate", "Save the auto-reply: the general message and the exceptions", body(autoReplyForm, autoReplyJson, "Messages and numbers"), autoReplyView, [
      "NOT_YOUR_NUMBER",
      "LINE_DEACTIVATED",
    ]),
    async (c) => {
      const actor = await actorOf(c);
      const { gsm, input } = await requestOf(c, autoReplySchema);
      return ok(c, await activateAutoReply(c.get("services"), actor, gsm, input), "lineFeatures.saved");
    },
  )
  .openapi(
    route(
      "/core/api/superClip/myCallers/show",
      "Who called the number, newest first, a page of 20",
      body(callerFilterForm, callerFilterForm, "The number and the filters"),
      callerPageSchema,
      ["NOT_YOUR_NUMBER"],
      z.object({ page: z.string().optional().openapi({ description: "From 0", example: "0" }) }),
    ),
    async (c) => {
      const actor = await actorOf(c);
      const { gsm, input } = await requestOf(c, callerFilterSchema.omit({ page: true }));
      const page = callerFilterSchema.shape.page.safeParse(c.req.query("page"));
      if (!page.success) badRequest(c, { page: [translate(c.get("language"), "validation.choiceInvalid")] });
      return ok(c, await showCallers(c.get("services"), actor.accountId, gsm, { ...input, page: page.data }));
    },
  );
