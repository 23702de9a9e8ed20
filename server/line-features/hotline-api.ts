// Spec-style API rows of call barring and the hotline (our design; spec §1 lists them without details):
// …/show and …/activate for barring like the other features; the hotline lists the account's lines,
// sends the code that allows setting the service password, sets it, and deactivates or reactivates a line.
import { z } from "@hono/zod-openapi";
import { numberForm } from "../../common/account.ts";
import { callBarringActivateForm, hotlineProofForm, servicePasswordForm } from "../../common/call-barring.ts";
import { decryptNumberAndCode } from "../account/service.ts";
import { originOf } from "../account/api.ts";
import { AccountError } from "../account/types.ts";
import { ok } from "../api/envelope.ts";
import { apiRoute } from "../edge/api-route.ts";
import { activateCallBarring, showCallBarring } from "./call-barring.ts";
import { actorOf, featureRoute, featureViewSchema } from "./api.ts";
import { createApiRouter } from "../api/router.ts";
import { deactivateLine, listHotlineLines, reactivateLine, sendServicePasswordCode, setServicePassword } from "./hotline.ts";

// Its own object rather than an extension of "Feature" (which the document would write as allOf, keeping
// Feature's option types 0–3): barring has five option types.
const barringViewSchema = z
  .object({
    ...featureViewSchema.shape,
    customerState: z.array(
      z.object({
        type: z.number().int().min(0).max(4).openapi({ description: "0 all incoming, 1 incoming while roaming, 2 all outgoing, 3 outgoing international, 4 outgoing international except home" }),
        state: z.union([z.literal(0), z.literal(1)]),
      }),
    ),
    endsAt: z.string().nullable().openapi({ description: "ISO 8601: when an active bar ends by itself; null when none is active" }),
  })
  .openapi("BarringFeature");

const hotlineLine = z
  .object({ gsm: z.string(), state: z.enum(["active", "deactivated"]), hasServicePassword: z.boolean(), stateChangedAt: z.string().nullable() })
  .openapi("HotlineLine");
const codeSent = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });

/** Deactivate and reactivate take the same proof and can fail the same ways. */
const lineStateRoute = (path: string, summary: string) =>
  featureRoute(path, summary, { schema: hotlineProofForm, description: "National ID and service password" }, hotlineLine, [
    "NOT_YOUR_NUMBER",
    "HOTLINE_PROOF_WRONG",
    "PASSWORD_NOT_SET",
    "PASSWORD_LOCKED",
    "ALREADY_IN_STATE",
  ]);

export const hotlineApi = createApiRouter();

apiRoute(hotlineApi, featureRoute("/core/api/callBarring/show", "Call barring of a number; an active bar ends by itself after a month (endsAt)", { schema: numberForm, description: "The number" }, barringViewSchema, ["NOT_YOUR_NUMBER"]), async (c, { body, session }) =>
  ok(c, await showCallBarring(c.get("services"), session.accountId, body.gsm, c.get("language"))),
);

apiRoute(
  hotlineApi,
  featureRoute("/core/api/callBarring/activate", "Bar incoming or outgoing calls", { schema: callBarringActivateForm, description: "Main switch and options" }, barringViewSchema, ["NOT_YOUR_NUMBER", "VALIDATION", "LINE_DEACTIVATED"]),
  async (c, { body: { gsm, ...update }, session }) => ok(c, await activateCallBarring(c.get("services"), actorOf(c, session), gsm, update, c.get("language")), "lineFeatures.saved"),
);

apiRoute(hotlineApi, { ...featureRoute("/core/api/hotline/show", "The account's lines: state, and whether a service password is set", { schema: z.object({}), description: "No fields" }, z.array(hotlineLine), []) }, async (c, { session }) =>
  ok(c, await listHotlineLines(c.get("services"), session.accountId)),
);

apiRoute(
  hotlineApi,
  featureRoute("/core/api/hotline/password/code", "Send the one-time code that allows setting the number's service password", { schema: numberForm, description: "The number" }, codeSent, ["NOT_YOUR_NUMBER"], {
    accountCodes: { 429: ["RESEND_TOO_SOON", "RATE_LIMITED", "NUMBER_LOCKED"], 503: ["SMS_UNAVAILABLE"] },
  }),
  async (c, { body, session }) => {
    const sent = await sendServicePasswordCode(c.get("services"), session.accountId, body.gsm, originOf(c));
    return ok(c, { resendAfterSeconds: sent.resendAfterSeconds, expiresInSeconds: sent.expiresInSeconds }, "account.codeSent");
  },
);

apiRoute(
  hotlineApi,
  featureRoute("/core/api/hotline/password", "Set the service password with the code", { schema: servicePasswordForm, description: "Encrypted number#code and the password" }, z.null(), ["NOT_YOUR_NUMBER"], { accountCodes: { 429: ["NUMBER_LOCKED"] } }),
  async (c, { body, session }) => {
    const services = c.get("services");
    const decrypted = await decryptNumberAndCode(services, body.data);
    // The code was sent to one number: the encrypted one must be the number asked about.
    if (decrypted.gsm !== body.gsm) throw new AccountError("CODE_INVALID");
    await setServicePassword(services, actorOf(c, session), body.gsm, decrypted.code, body.password);
    return ok(c, null, "lineFeatures.passwordSet");
  },
);

apiRoute(hotlineApi, lineStateRoute("/core/api/hotline/deactivate", "Deactivate a line (lost or stolen SIM)"), async (c, { body, session }) =>
  ok(c, await deactivateLine(c.get("services"), actorOf(c, session), body.gsm, { nationalId: body.nationalId, password: body.password }), "lineFeatures.lineDeactivated"),
);

apiRoute(hotlineApi, lineStateRoute("/core/api/hotline/activate", "Reactivate a deactivated line"), async (c, { body, session }) =>
  ok(c, await reactivateLine(c.get("services"), actorOf(c, session), body.gsm, { nationalId: body.nationalId, password: body.password }), "lineFeatures.lineReactivated"),
);
