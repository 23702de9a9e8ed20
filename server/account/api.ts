// Spec API rows of subscriber accounts (spec §7, users): code requests, sign-in, added numbers, the
// profile, sign-out, and the public key of the number encryption. Numbers sent to login2 and signup2,
// and the `number#code` of signin and new/verify, travel RSA-OAEP-256 encrypted (base64); a plain number
// is refused there. A session is the `Authorization: Bearer` token of signin (the web UI's cookie is not
// accepted here, so a cross-site form can never act through the API).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { encryptedNumberAndCodeForm, encryptedNumberForm, numberForm, profileUpdateSchema } from "../../common/account.ts";
import { createApiRouter } from "../api/router.ts";
import { failureResponses, failureSchema, jsonContent, ok, successSchema } from "../api/envelope.ts";
import { apiRoute, bearerHeaders, bearerSession, languageHeaders, type IpLimit } from "../edge/api-route.ts";
import type { AppEnv } from "../http-env.ts";
import {
  codeSendingIpLimit,
  codeSendingLimited,
  decryptNumber,
  decryptNumberAndCode,
  getProfile,
  getPublicKey,
  listNumbers,
  requestAddNumberCode,
  requestLoginCode,
  requestRegisterCode,
  resendCode,
  signIn,
  signOut,
  signOutOtherDevices,
  updateProfile,
  verifyAddedNumber,
} from "./service.ts";
import { AccountError, type AccountErrorCode, type CodeSent, type RequestOrigin } from "./types.ts";

const tags = ["Users"];

/** A client over its hourly code allowance is refused before its body is read. */
const codeSendingIpCheck: IpLimit = {
  limit: (c) => codeSendingIpLimit(c.get("services"), c.get("clientIp")),
  refusal: codeSendingLimited,
};

export function originOf(c: Context<AppEnv>): RequestOrigin {
  return { clientIp: c.get("clientIp"), language: c.get("language"), userAgent: c.req.header("user-agent") };
}

const codeSentSchema = z
  .object({
    resendAfterSeconds: z.number().int().openapi({ description: "a resend is accepted after this many seconds", example: 120 }),
    expiresInSeconds: z.number().int().openapi({ description: "the code is valid this long", example: 300 }),
  })
  .openapi("CodeSent");
const signedInSchema = z.object({ token: z.string().openapi({ description: "Bearer token of the new session" }), gsm: z.string() }).openapi("SignedIn");
const numberItemSchema = z.object({ gsm: z.string() }).openapi("NumberItem");
const profileSchema = z
  .object({
    name: z.string().openapi({ description: "The subscriber's name from the network" }),
    gsm: z.string(),
    gender: z.union([z.literal(0), z.literal(1)]).nullable(),
    cityId: z.number().int().nullable(),
    jobId: z.number().int().nullable(),
    birthDate: z.string().nullable().openapi({ description: "yyyy-mm-dd" }),
    address: z.string().nullable(),
    email: z.string().nullable(),
    lineType: z.enum(["prepaid", "postpaid"]),
    balance: z.number().nullable().openapi({ description: "prepaid balance; null for postpaid" }),
    activeBundles: z.array(z.object({ id: z.string(), name: z.string(), remaining: z.string(), expiresOn: z.string() })),
    activeServices: z
      .array(
        z.object({
          id: z.enum(["call-forward", "super-clip", "call-barring"]).openapi({ description: "The line feature whose main switch is on" }),
          name: z.string(),
          since: z.string().openapi({ description: "yyyy-mm-dd (operator's time zone): the day its main switch went on" }),
        }),
      )
      .openapi({ description: "Exactly the line features that their show rows answer with serviceState 1" }),
  })
  .openapi("Profile");
const publicKeySchema = z.object({ pem: z.string(), alg: z.literal("RSA-OAEP-256") }).openapi("PublicKey");

/** Every failure answer of the account rules a route can give, documented by status. */
function failures(...codes: AccountErrorCode[]) {
  return failureResponses(
    codes.map((code) => new AccountError(code)),
    (status) => (status === 429 ? " (with Retry-After in seconds)" : status === 400 ? "; BAD_REQUEST for a missing field" : ""),
  );
}
const missingField = { 400: jsonContent(failureSchema, "BAD_REQUEST: a field is missing") };
const codeSendingFailures = ["NUMBER_INVALID", "RESEND_TOO_SOON", "RATE_LIMITED", "NUMBER_LOCKED", "SMS_UNAVAILABLE"] as const;

/** The answers of a route that sends a code: CodeSent, a missing field, every sending refusal and `more`. */
function codeSendingResponses(description: string, ...more: AccountErrorCode[]) {
  return { 200: jsonContent(successSchema(codeSentSchema), description), ...missingField, ...failures(...codeSendingFailures, ...more) };
}

function codeSentAnswer(c: Context<AppEnv>, sent: CodeSent) {
  return ok(c, { resendAfterSeconds: sent.resendAfterSeconds, expiresInSeconds: sent.expiresInSeconds }, "account.codeSent");
}

export const accountApi = createApiRouter().openapi(
  {
    method: "get",
    path: "/core/api/users/publicKey",
    tags,
    summary: "The public key that encrypts numbers and codes (RSA-OAEP-256, 2048 bits)",
    request: { headers: languageHeaders },
    responses: { 200: jsonContent(successSchema(publicKeySchema), "PEM (SPKI) public key") },
  },
  async (c) => ok(c, await getPublicKey(c.get("services"))),
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/core/api/users/login2",
    tags,
    summary: "Send a login code to a number that has an account",
    session: false,
    ipLimit: codeSendingIpCheck,
    body: { schema: encryptedNumberForm, description: "The encrypted number" },
    responses: codeSendingResponses("The code was sent by SMS", "NO_ACCOUNT"),
  },
  async (c, { body }) => codeSentAnswer(c, await requestLoginCode(c.get("services"), await decryptNumber(c.get("services"), body.gsm), originOf(c))),
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/core/api/users/signup2",
    tags,
    summary: "Send a registration code to a number that has no account",
    session: false,
    ipLimit: codeSendingIpCheck,
    body: { schema: encryptedNumberForm, description: "The encrypted number" },
    responses: codeSendingResponses("The code was sent by SMS", "ACCOUNT_EXISTS"),
  },
  async (c, { body }) => codeSentAnswer(c, await requestRegisterCode(c.get("services"), await decryptNumber(c.get("services"), body.gsm), originOf(c))),
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/api/users/resendCode",
    tags,
    summary: "Send a new code for the number's pending login, registration or add-number",
    session: false,
    ipLimit: codeSendingIpCheck,
    body: { schema: numberForm, description: "The number, plain" },
    responses: codeSendingResponses("A new code was sent; the previous one no longer works", "NO_PENDING_CODE", "NO_ACCOUNT", "ACCOUNT_EXISTS", "NUMBER_TAKEN"),
  },
  async (c, { body }) => codeSentAnswer(c, await resendCode(c.get("services"), body.gsm, originOf(c))),
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/api/users/signin",
    tags,
    summary: "Complete a login or registration with the code; starts a session",
    session: false,
    body: { schema: encryptedNumberAndCodeForm, description: "The encrypted number#code" },
    responses: {
      200: jsonContent(successSchema(signedInSchema), "The session token and the number"),
      ...missingField,
      ...failures("CODE_INVALID", "NUMBER_INVALID", "NUMBER_LOCKED", "NO_ACCOUNT", "ACCOUNT_EXISTS"),
    },
  },
  async (c, { body }) => {
    const services = c.get("services");
    const { gsm, code } = await decryptNumberAndCode(services, body.data);
    const signedIn = await signIn(services, gsm, code, originOf(c));
    return ok(c, { token: signedIn.token, gsm: signedIn.gsm }, signedIn.registered ? "account.registered" : "account.signedIn");
  },
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/core/api/users/new",
    tags,
    summary: "Send a code to a number to add to the caller's account",
    session: true,
    ipLimit: codeSendingIpCheck,
    body: { schema: numberForm, description: "The number to add, plain" },
    responses: codeSendingResponses("The code was sent to the new number", "SESSION_EXPIRED", "NUMBER_TAKEN"),
  },
  async (c, { body, session }) => codeSentAnswer(c, await requestAddNumberCode(c.get("services"), session.accountId, body.gsm, originOf(c))),
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/core/api/users/new/verify",
    tags,
    summary: "Add the number to the caller's account with its code",
    session: true,
    body: { schema: encryptedNumberAndCodeForm, description: "The encrypted number#code" },
    responses: {
      200: jsonContent(successSchema(numberItemSchema), "The number now belongs to the account"),
      ...missingField,
      ...failures("CODE_INVALID", "NUMBER_LOCKED", "SESSION_EXPIRED", "NOT_YOUR_NUMBER", "NUMBER_TAKEN"),
    },
  },
  async (c, { body, session }) => {
    const services = c.get("services");
    const { gsm, code } = await decryptNumberAndCode(services, body.data);
    return ok(c, await verifyAddedNumber(services, session.accountId, gsm, code, originOf(c)), "account.numberAdded");
  },
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/core/api/users/profile",
    tags,
    summary: "The profile of one of the caller's numbers, with its line's name, plan, bundles and services",
    session: true,
    body: { schema: numberForm, description: "One of the caller's numbers" },
    responses: {
      200: jsonContent(successSchema(profileSchema), "The profile; unset fields are null"),
      ...missingField,
      ...failures("SESSION_EXPIRED", "NOT_YOUR_NUMBER"),
    },
  },
  async (c, { body, session }) => {
    const profile = await getProfile(c.get("services"), session.accountId, body.gsm, c.get("language"));
    const { gsm, name, gender, cityId, jobId, birthDate, address, email, lineType, balance, activeBundles, activeServices } = profile;
    return ok(c, { name, gsm, gender, cityId, jobId, birthDate, address, email, lineType, balance, activeBundles, activeServices });
  },
);

accountApi.openapi(
  {
    method: "get",
    path: "/core/api/users/numbers/user",
    tags,
    summary: "The caller's numbers, the main number first",
    security: [{ bearerAuth: [] }],
    request: { headers: bearerHeaders },
    responses: {
      200: jsonContent(successSchema(z.array(numberItemSchema)), "Main number, then added ones in the order added"),
      ...failures("SESSION_EXPIRED"),
    },
  },
  async (c) => ok(c, await listNumbers(c.get("services"), (await bearerSession(c)).accountId)),
);

apiRoute(
  accountApi,
  {
    method: "put",
    path: "/core/api/users/updateProfile",
    tags,
    summary: "Save the profile of one of the caller's numbers (every field required, spec §5)",
    session: true,
    body: { schema: profileUpdateSchema, description: "The profile fields", refusal: (fieldErrors) => new AccountError("VALIDATION", { fieldErrors }) },
    responses: {
      200: jsonContent(successSchema(z.null()), "Saved"),
      ...failures("VALIDATION", "SESSION_EXPIRED", "NOT_YOUR_NUMBER"),
    },
  },
  async (c, { body, session }) => {
    await updateProfile(c.get("services"), session.accountId, body);
    return ok(c, null, "account.profileUpdated");
  },
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/api/users/signout",
    tags,
    summary: "End the caller's session at once",
    session: true,
    responses: { 200: jsonContent(successSchema(z.null()), "Logged out"), ...failures("SESSION_EXPIRED") },
  },
  async (c, { session }) => {
    await signOut(c.get("services"), session.sessionId);
    return ok(c, null, "account.signedOut");
  },
);

apiRoute(
  accountApi,
  {
    method: "post",
    path: "/api/users/signoutOthers",
    tags,
    summary: "End every other session of the caller's account (not a spec row: the profile's 'log out of other devices')",
    session: true,
    responses: {
      200: jsonContent(successSchema(z.object({ ended: z.number().int() })), "How many sessions ended"),
      ...failures("SESSION_EXPIRED"),
    },
  },
  async (c, { session }) => ok(c, { ended: await signOutOtherDevices(c.get("services"), session.accountId, session.sessionId) }, "account.signedOutOthers"),
);
