// Spec-style API rows of call barring and the hotline (our design; spec §1 lists them without details):
// …/show and …/activate for barring like the other features; the hotline lists the account's lines,
// sends the code that allows setting the service password, sets it, and deactivates or reactivates a line.
import { z } from "@hono/zod-openapi";
import { callBarringUpdateSchema, hotlineSchema, servicePasswordSchema } from "../../common/call-barring.ts";
import { decryptNumberAndCode } from "../account/service.ts";
import { originOf } from "../account/api.ts";
import { AccountError } from "../account/types.ts";
import { createApiRouter } from "../api/router.ts";
import { ok } from "../api/envelope.ts";
import { activateCallBarring, showCallBarring } from "./call-barring.ts";
import { actorOf, body, featureViewSchema, gsmForm, requestOf, route } from "./api.ts";
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

const barringForm = z
  .object({
    gsm: z.string(),
    serviceState: z.string().openapi({ description: "1 on, 0 off (off clears every option)" }),
    "customerState[0].type": z.string().optional().openapi({ description: "0 all incoming, 1 incoming while roaming, 2 all outgoing, 3 outgoing international, 4 outgoing international except home" }),
    "customerState[0].state": z.string().optional().openapi({ description: "1 on, 0 off; indexes 0..4" }),
  })
  .loose();
const hotlineLine = z
  .object({ gsm: z.string(), state: z.enum(["active", "deactivated"]), hasServicePassword: z.boolean(), stateChangedAt: z.string().nullable() })
  .openapi("HotlineLine");
const hotlineForm = z.object({ gsm: z.string(), nationalId: z.string().openapi({ description: "The national ID the line is registered to" }), password: z.string().openapi({ description: "The service password" }) }).loose();
const passwordForm = z
  .object({
    gsm: z.string(),
    data: z.string().openapi({ description: "base64 RSA-OAEP-256 ciphertext of `number#code` (the code of hotline/password/code)" }),
    password: z.string().openapi({ description: "The new service password, 8 to 64 characters" }),
  })
  .loose();
const codeSent = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });
const empty = z.object({}).loose();

/** Deactivate and reactivate take the same proof and can fail the same ways. */
function lineStateRoute(path: string, summary: string) {
  return route(path, summary, body(hotlineForm, hotlineForm, "National ID and service password"), hotlineLine, [
    "NOT_YOUR_NUMBER",
    "NATIONAL_ID_MISMATCH",
    "PASSWORD_WRONG",
    "PASSWORD_NOT_SET",
    "PASSWORD_LOCKED",
    "ALREADY_IN_STATE",
  ]);
}

export const hotlineApi = createApiRouter()
  .openapi(route("/core/api/callBarring/show", "Call barring of a number; an active bar ends by itself after a month (endsAt)", body(gsmForm, gsmForm, "The number"), barringViewSchema, ["NOT_YOUR_NUMBER"]), async (c) => {
    const actor = await actorOf(c);
    const { gsm } = await requestOf(c, empty);
    return ok(c, await showCallBarring(c.get("services"), actor.accountId, gsm, c.get("language")));
  })
  .openapi(
    route("/core/api/callBarring/activate", "Bar incoming or outgoing calls", body(barringForm, barringForm, "Main switch and options"), barringViewSchema, ["NOT_YOUR_NUMBER", "VALIDATION", "LINE_DEACTIVATED"]),
    async (c) => {
      const actor = await actorOf(c);
      const { gsm, input } = await requestOf(c, callBarringUpdateSchema);
      return ok(c, await activateCallBarring(c.get("services"), actor, gsm, input, c.get("language")), "lineFeatures.saved");
    },
  )
  .openapi(route("/core/api/hotline/show", "The account's lines: state, and whether a service password is set", body(empty, empty, "No fields"), z.array(hotlineLine), []), async (c) => {
    const actor = await actorOf(c);
    return ok(c, await listHotlineLines(c.get("services"), actor.accountId));
  })
  .openapi(route("/core/api/hotline/password/code", "Send the one-time code that allows setting the number's service password", body(gsmForm, gsmForm, "The number"), codeSent, ["NOT_YOUR_NUMBER"], undefined, { 429: ["RESEND_TOO_SOON", "RATE_LIMITED", "NUMBER_LOCKED"], 503: ["SMS_UNAVAILABLE"] }), async (c) => {
    const actor = await actorOf(c);
    const { gsm } = await requestOf(c, empty);
    const sent = await sendServicePasswordCode(c.get("services"), actor.accountId, gsm, originOf(c));
    return ok(c, { resendAfterSeconds: sent.resendAfterSeconds, expiresInSeconds: sent.expiresInSeconds }, "account.codeSent");
  })
  .openapi(route("/core/api/hotline/password", "Set the service password with the code", body(passwordForm, passwordForm, "Encrypted number#code and the password"), z.null(), ["NOT_YOUR_NUMBER"], undefined, { 429: ["NUMBER_LOCKED"] }), async (c) => {
    const actor = await actorOf(c);
    const services = c.get("services");
    const { gsm, input } = await requestOf(c, z.object({ data: z.string().min(1, "validation.codeIncomplete"), password: servicePasswordSchema.shape.password }));
    const decrypted = await decryptNumberAndCode(services, input.data);
    // The code was sent to one number: the encrypted one must be the number asked about.
    if (decrypted.gsm !== gsm) throw new AccountError("CODE_INVALID");
    await setServicePassword(services, actor, gsm, decrypted.code, input.password);
    return ok(c, null, "lineFeatures.passwordSet");
  })
  .openapi(lineStateRoute("/core/api/hotline/deactivate", "Deactivate a line (lost or stolen SIM)"), async (c) => {
    const actor = await actorOf(c);
    const { gsm, input } = await requestOf(c, hotlineSchema);
    return ok(c, await deactivateLine(c.get("services"), actor, gsm, input), "lineFeatures.lineDeactivated");
  })
  .openapi(lineStateRoute("/core/api/hotline/activate", "Reactivate a deactivated line"), async (c) => {
    const actor = await actorOf(c);
    const { gsm, input } = await requestOf(c, hotlineSchema);
    return ok(c, await reactivateLine(c.get("services"), actor, gsm, input), "lineFeatures.lineReactivated");
  });
