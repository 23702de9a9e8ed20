// Spec API rows of subscriber accounts (spec §7, users): code requests, sign-in, added numbers, the
// profile, sign-out, and the public key of the number encryption. Numbers sent to login2 and signup2,
// and the `number#code` of signin and new/verify, travel RSA-OAEP-256 encrypted (base64); a plain number
// is refused there. A session is the `Authorization: Bearer` token of signin (the web UI's cookie is not
// accepted here, so a cross-site form can never act through the API).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { profileUpdateSchema } from "../../common/account.ts";
import { createApiRouter, fieldMessage } from "../api/router.ts";
import { failureBody, failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import type { AppEnv } from "../http-env.ts";
import { translate, type MessageKey } from "../i18n.ts";
import {
  authenticate,
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
  type SessionAccount,
} from "./service.ts";
import { AccountError, type AccountErrorCode, type CodeSent, type RequestOrigin } from "./types.ts";

const tags = ["Users"];

/** The answer of a refused account rule: its HTTP status, the localised message, Retry-After on 429. */
export function accountErrorAnswer(c: Context<AppEnv>, error: AccountError) {
  const language = c.get("language");
  const fieldErrors = error.details.fieldErrors
    ? Object.fromEntries(Object.entries(error.details.fieldErrors).map(([field, keys]) => [field, keys.map((key) => translate(language, key as MessageKey))]))
    : undefined;
  if (error.details.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.details.retryAfterSeconds));
  return c.json(failureBody(language, error.code, `account.errors.${error.code}`, fieldErrors), error.httpStatus);
}

export function originOf(c: Context<AppEnv>): RequestOrigin {
  return { clientIp: c.get("clientIp"), language: c.get("language"), userAgent: c.req.header("user-agent") };
}

export async function sessionOf(c: Context<AppEnv>): Promise<SessionAccount> {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  const session = match ? await authenticate(c.get("services"), match[1]) : null;
  if (!session) throw new AccountError("SESSION_EXPIRED");
  return session;
}

/**
 * The body, validated against `schema` whichever declared media type it came in. A request with no
 * body at all gets the same 400 as one with missing fields.
 */
export function bodyOf<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.output<T> {
  const valid = (c.req.valid as unknown as (target: "json" | "form") => unknown).bind(c.req);
  const parsed = schema.safeParse(/json/i.test(c.req.header("content-type") ?? "") ? valid("json") : valid("form"));
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "_"] ??= []).push(fieldMessage(c.get("language"), issue.message));
  throw new HTTPException(400, { res: c.json(failureBody(c.get("language"), "BAD_REQUEST", "api.badRequest", errors), 400) });
}

/** Request body in the three accepted forms (the validators run on whichever one the request uses). */
export function formBody<T extends z.ZodType>(schema: T, description: string) {
  return {
    description,
    content: {
      "application/x-www-form-urlencoded": { schema },
      "multipart/form-data": { schema },
      "application/json": { schema },
    },
  };
}

export const bearer = z.object({
  authorization: z.string().optional().openapi({ description: "Bearer <token> from api/users/signin", example: "Bearer 3q2-7w…" }),
  "accept-language": z.string().optional().openapi({ description: "ar (default) or en", example: "ar" }),
});
export const bearerSecurity = [{ bearerAuth: [] }];

const encryptedNumber = z.object({
  gsm: z.string({ error: "validation.numberInvalid" }).min(1, "validation.numberInvalid").openapi({
    description: "base64 RSA-OAEP-256 (SHA-256) ciphertext of the number, with the key of core/api/users/publicKey",
  }),
});
const encryptedNumberAndCode = z.object({
  data: z.string({ error: "validation.codeIncomplete" }).min(1, "validation.codeIncomplete").openapi({
    description: "base64 RSA-OAEP-256 ciphertext of `number#code`, e.g. of 0944123456#123456",
  }),
});
const plainNumber = z.object({
  gsm: z.string({ error: "validation.numberInvalid" }).min(1, "validation.numberInvalid").openapi({ description: "The number, plain", example: "0944123456" }),
});
const profileForm = z
  .object({
    gsm: z.string().optional().openapi({ example: "0944123456" }),
    gender: z.union([z.string(), z.number()]).optional().openapi({ description: "0 male, 1 female" }),
    cityId: z.union([z.string(), z.number()]).optional().openapi({ description: "an id of customerCare/api/city/all" }),
    jobId: z.union([z.string(), z.number()]).optional().openapi({ description: "an id of core/api/jobs/all" }),
    birthDate: z.string().optional().openapi({ description: "yyyy-mm-dd", example: "1990-04-21" }),
    address: z.string().optional(),
    email: z.string().optional().openapi({ example: "name@example.com" }),
  })
  .openapi("ProfileUpdate");

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
    activeServices: z.array(z.object({ id: z.string(), name: z.string(), since: z.string() })),
  })
  .openapi("Profile");
const publicKeySchema = z.object({ pem: z.string(), alg: z.literal("RSA-OAEP-256") }).openapi("PublicKey");

/** Every failure answer of the account rules a route can give, documented by status. */
function failures(...codes: AccountErrorCode[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = new AccountError(code).httpStatus;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      jsonContent(failureSchema, `${list.join(", ")}${status === 429 ? " (with Retry-After in seconds)" : ""}${status === 400 ? "; BAD_REQUEST for a missing field" : ""}`),
    ]),
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

export const accountApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/users/publicKey",
      tags,
      summary: "The public key that encrypts numbers and codes (RSA-OAEP-256, 2048 bits)",
      request: { headers: languageHeader },
      responses: { 200: jsonContent(successSchema(publicKeySchema), "PEM (SPKI) public key") },
    }),
    async (c) => ok(c, await getPublicKey(c.get("services"))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/users/login2",
      tags,
      summary: "Send a login code to a number that has an account",
      request: { headers: languageHeader, body: formBody(encryptedNumber, "The encrypted number") },
      responses: codeSendingResponses("The code was sent by SMS", "NO_ACCOUNT"),
    }),
    async (c) => {
      const gsm = await decryptNumber(c.get("services"), bodyOf(c, encryptedNumber).gsm);
      const sent = await requestLoginCode(c.get("services"), gsm, originOf(c));
      return codeSentAnswer(c, sent);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/users/signup2",
      tags,
      summary: "Send a registration code to a number that has no account",
      request: { headers: languageHeader, body: formBody(encryptedNumber, "The encrypted number") },
      responses: codeSendingResponses("The code was sent by SMS", "ACCOUNT_EXISTS"),
    }),
    async (c) => {
      const gsm = await decryptNumber(c.get("services"), bodyOf(c, encryptedNumber).gsm);
      const sent = await requestRegisterCode(c.get("services"), gsm, originOf(c));
      return codeSentAnswer(c, sent);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/users/resendCode",
      tags,
      summary: "Send a new code for the number's pending login, registration or add-number",
      request: { headers: languageHeader, body: formBody(plainNumber, "The number, plain") },
      responses: codeSendingResponses("A new code was sent; the previous one no longer works", "NO_PENDING_CODE", "NO_ACCOUNT", "ACCOUNT_EXISTS", "NUMBER_TAKEN"),
    }),
    async (c) => {
      const sent = await resendCode(c.get("services"), bodyOf(c, plainNumber).gsm, originOf(c));
      return codeSentAnswer(c, sent);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/users/signin",
      tags,
      summary: "Complete a login or registration with the code; starts a session",
      request: { headers: languageHeader, body: formBody(encryptedNumberAndCode, "The encrypted number#code") },
      responses: {
        200: jsonContent(successSchema(signedInSchema), "The session token and the number"),
        ...missingField,
        ...failures("CODE_INVALID", "NUMBER_INVALID", "NUMBER_LOCKED", "NO_ACCOUNT", "ACCOUNT_EXISTS"),
      },
    }),
    async (c) => {
      const services = c.get("services");
      const { gsm, code } = await decryptNumberAndCode(services, bodyOf(c, encryptedNumberAndCode).data);
      const signedIn = await signIn(services, gsm, code, originOf(c));
      return ok(c, { token: signedIn.token, gsm: signedIn.gsm }, signedIn.registered ? "account.registered" : "account.signedIn");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/users/new",
      tags,
      summary: "Send a code to a number to add to the caller's account",
      security: bearerSecurity,
      request: { headers: bearer, body: formBody(plainNumber, "The number to add, plain") },
      responses: codeSendingResponses("The code was sent to the new number", "SESSION_EXPIRED", "NUMBER_TAKEN"),
    }),
    async (c) => {
      const session = await sessionOf(c);
      const sent = await requestAddNumberCode(c.get("services"), session.accountId, bodyOf(c, plainNumber).gsm, originOf(c));
      return codeSentAnswer(c, sent);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/users/new/verify",
      tags,
      summary: "Add the number to the caller's account with its code",
      security: bearerSecurity,
      request: { headers: bearer, body: formBody(encryptedNumberAndCode, "The encrypted number#code") },
      responses: {
        200: jsonContent(successSchema(numberItemSchema), "The number now belongs to the account"),
        ...missingField,
        ...failures("CODE_INVALID", "NUMBER_LOCKED", "SESSION_EXPIRED", "NOT_YOUR_NUMBER", "NUMBER_TAKEN"),
      },
    }),
    async (c) => {
      const services = c.get("services");
      const session = await sessionOf(c);
      const { gsm, code } = await decryptNumberAndCode(services, bodyOf(c, encryptedNumberAndCode).data);
      return ok(c, await verifyAddedNumber(services, session.accountId, gsm, code, originOf(c)), "account.numberAdded");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/users/profile",
      tags,
      summary: "The profile of one of the caller's numbers, with its line's name, plan, bundles and services",
      security: bearerSecurity,
      request: { headers: bearer, body: formBody(plainNumber, "One of the caller's numbers") },
      responses: {
        200: jsonContent(successSchema(profileSchema), "The profile; unset fields are null"),
        ...missingField,
        ...failures("SESSION_EXPIRED", "NOT_YOUR_NUMBER"),
      },
    }),
    async (c) => {
      const session = await sessionOf(c);
      const profile = await getProfile(c.get("services"), session.accountId, bodyOf(c, plainNumber).gsm, c.get("language"));
      const { gsm, name, gender, cityId, jobId, birthDate, address, email, lineType, balance, activeBundles, activeServices } = profile;
      return ok(c, { name, gsm, gender, cityId, jobId, birthDate, address, email, lineType, balance, activeBundles, activeServices });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/users/numbers/user",
      tags,
      summary: "The caller's numbers, the main number first",
      security: bearerSecurity,
      request: { headers: bearer },
      responses: {
        200: jsonContent(successSchema(z.array(numberItemSchema)), "Main number, then added ones in the order added"),
        ...failures("SESSION_EXPIRED"),
      },
    }),
    async (c) => ok(c, await listNumbers(c.get("services"), (await sessionOf(c)).accountId)),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/core/api/users/updateProfile",
      tags,
      summary: "Save the profile of one of the caller's numbers (every field required, spec §5)",
      security: bearerSecurity,
      request: { headers: bearer, body: formBody(profileForm, "The profile fields") },
      responses: {
        200: jsonContent(successSchema(z.null()), "Saved"),
        ...failures("VALIDATION", "SESSION_EXPIRED", "NOT_YOUR_NUMBER"),
      },
    }),
    async (c) => {
      const session = await sessionOf(c);
      const parsed = profileUpdateSchema.safeParse(bodyOf(c, profileForm));
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
        throw new AccountError("VALIDATION", { fieldErrors });
      }
      await updateProfile(c.get("services"), session.accountId, parsed.data);
      return ok(c, null, "account.profileUpdated");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/users/signout",
      tags,
      summary: "End the caller's session at once",
      security: bearerSecurity,
      request: { headers: bearer },
      responses: { 200: jsonContent(successSchema(z.null()), "Logged out"), ...failures("SESSION_EXPIRED") },
    }),
    async (c) => {
      await signOut(c.get("services"), (await sessionOf(c)).sessionId);
      return ok(c, null, "account.signedOut");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/users/signoutOthers",
      tags,
      summary: "End every other session of the caller's account (not a spec row: the profile's 'log out of other devices')",
      security: bearerSecurity,
      request: { headers: bearer },
      responses: {
        200: jsonContent(successSchema(z.object({ ended: z.number().int() })), "How many sessions ended"),
        ...failures("SESSION_EXPIRED"),
      },
    }),
    async (c) => {
      const session = await sessionOf(c);
      return ok(c, { ended: await signOutOtherDevices(c.get("services"), session.accountId, session.sessionId) }, "account.signedOutOthers");
    },
  );
