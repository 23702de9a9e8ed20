// Spec API rows of call forwarding and super clip (spec §7): show and activate each feature, the
// super clip auto-reply and the list of callers. Bodies are form data with the spec's bracket names
// (`customerState[0].state`, `others[1].numbers[0]`) or the same structure as JSON, read and checked by
// the edge (server/edge/api-route.ts) with the schemas of common/line-features.ts. Bearer session; a gsm
// the session does not own answers 403 and changes nothing; each save is one change, audited.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { numberForm } from "../../common/account.ts";
import { autoReplyActivateForm, callerFilterSchema, callerSearchForm, callForwardActivateForm, superClipActivateForm } from "../../common/line-features.ts";
import type { SessionAccount } from "../auth/session.ts";
import { createApiRouter } from "../api/router.ts";
import { ok, subscriberPostRow } from "../api/envelope.ts";
import { apiRoute, type ApiRouteSpec } from "../edge/api-route.ts";
import { validate } from "../edge/app-error.ts";
import { AUTO_REPLY_BODY, type BodyLimits } from "../edge/limits.ts";
import type { AppEnv } from "../http-env.ts";
import { activateCallForward, showCallForward } from "./call-forward.ts";
import { activateAutoReply, activateSuperClip, showAutoReply, showCallers, showSuperClip } from "./super-clip.ts";
import { LineFeatureError, type Actor, type LineFeatureErrorCode } from "./types.ts";

const tags = ["Line features"];

export function actorOf(c: Context<AppEnv>, session: SessionAccount): Actor {
  return { accountId: session.accountId, sessionId: session.sessionId, clientIp: c.get("clientIp") };
}

const optionView = z.object({ type: z.number().int().min(0).max(3), state: z.union([z.literal(0), z.literal(1)]), number: z.string().optional() });
export const featureViewSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    price: z.number().openapi({ description: "Monthly price; 0 is free" }),
    serviceState: z.union([z.literal(0), z.literal(1)]),
    customerState: z.array(optionView),
    lineState: z.enum(["active", "deactivated"]),
  })
  .openapi("Feature");
const autoReplyView = z.object({ generalMessage: z.string(), others: z.array(z.object({ message: z.string(), numbers: z.array(z.string()) })) }).openapi("AutoReply");
const callerPageSchema = z
  .object({ data: z.array(z.object({ number: z.string(), date: z.string().openapi({ description: "ISO 8601" }) })), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi("CallerPage");

/**
 * A line-feature row: POST with the Bearer session and a body of `schema`; `codes` are the rule refusals it
 * can answer, and `accountCodes` those of the accounts service (one-time codes) by HTTP status.
 */
export function featureRoute<B extends z.ZodType>(
  path: string,
  summary: string,
  body: { schema: B; description: string; limits?: (c: Context<AppEnv>) => BodyLimits },
  response: z.ZodType,
  codes: LineFeatureErrorCode[],
  more: { query?: z.ZodObject; accountCodes?: Partial<Record<number, string[]>> } = {},
): ApiRouteSpec<B> {
  const accountRefusals = Object.entries(more.accountCodes ?? {}).flatMap(([status, list]) => (list ?? []).map((code) => ({ httpStatus: Number(status), code })));
  return subscriberPostRow({ path, tags, summary, body, response, refusals: [...codes.map((code) => new LineFeatureError(code)), ...accountRefusals], query: more.query });
}

export const lineFeaturesApi = createApiRouter();

apiRoute(lineFeaturesApi, featureRoute("/core/api/callForward/show", "Call forwarding of a number", { schema: numberForm, description: "The number" }, featureViewSchema, ["NOT_YOUR_NUMBER"]), async (c, { body, session }) =>
  ok(c, await showCallForward(c.get("services"), session.accountId, body.gsm, c.get("language"))),
);

apiRoute(
  lineFeaturesApi,
  featureRoute("/core/api/callForward/activate", "Turn call forwarding and its options on or off", { schema: callForwardActivateForm, description: "Main switch and options" }, featureViewSchema, [
    "NOT_YOUR_NUMBER",
    "VALIDATION",
    "LINE_DEACTIVATED",
  ]),
  async (c, { body: { gsm, ...update }, session }) => ok(c, await activateCallForward(c.get("services"), actorOf(c, session), gsm, update, c.get("language")), "lineFeatures.saved"),
);

apiRoute(lineFeaturesApi, featureRoute("/core/api/superClip/show", "Super clip of a number", { schema: numberForm, description: "The number" }, featureViewSchema, ["NOT_YOUR_NUMBER"]), async (c, { body, session }) =>
  ok(c, await showSuperClip(c.get("services"), session.accountId, body.gsm, c.get("language"))),
);

apiRoute(
  lineFeaturesApi,
  featureRoute("/core/api/superClip/activate", "Turn super clip and its options on or off", { schema: superClipActivateForm, description: "Main switch and options" }, featureViewSchema, [
    "NOT_YOUR_NUMBER",
    "VALIDATION",
    "LINE_DEACTIVATED",
  ]),
  async (c, { body: { gsm, ...update }, session }) => ok(c, await activateSuperClip(c.get("services"), actorOf(c, session), gsm, update, c.get("language")), "lineFeatures.saved"),
);

apiRoute(
  lineFeaturesApi,
  featureRoute("/core/api/superClip/autoReply/show", "The super clip auto-reply of a number", { schema: numberForm, description: "The number" }, autoReplyView, ["NOT_YOUR_NUMBER"]),
  async (c, { body, session }) => ok(c, await showAutoReply(c.get("services"), session.accountId, body.gsm)),
);

apiRoute(
  lineFeaturesApi,
  featureRoute(
    "/core/api/superClip/autoReply/activate",
    "Save the auto-reply: the general message and the exceptions",
    { schema: autoReplyActivateForm, description: "Messages and numbers", limits: () => AUTO_REPLY_BODY },
    autoReplyView,
    ["NOT_YOUR_NUMBER", "LINE_DEACTIVATED"],
  ),
  async (c, { body: { gsm, ...autoReply }, session }) => ok(c, await activateAutoReply(c.get("services"), actorOf(c, session), gsm, autoReply), "lineFeatures.saved"),
);

apiRoute(
  lineFeaturesApi,
  featureRoute("/core/api/superClip/myCallers/show", "Who called the number, newest first, a page of 20", { schema: callerSearchForm, description: "The number and the filters" }, callerPageSchema, ["NOT_YOUR_NUMBER"], {
    query: z.object({ page: z.string().optional().openapi({ description: "From 0", example: "0" }) }),
  }),
  async (c, { body, session }) => {
    const { page } = validate(callerFilterSchema.pick({ page: true }), { page: c.req.query("page") });
    return ok(c, await showCallers(c.get("services"), session.accountId, body.gsm, { gsmFilter: body.gsmFilter, dateFilterType: body.dateFilterType, page }));
  },
);
