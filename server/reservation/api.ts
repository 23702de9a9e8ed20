// API rows of number reservation (step 5; the spec does not show these calls, so they follow its style):
// search the available numbers (public), reserve one, list the caller's reservations, cancel one (Bearer
// session). A reservation the session does not own answers 403 and nothing changes.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { numberFilterSchema, NUMBER_TIERS, RESERVATION_MATCH, reserveFormSchema } from "../../common/reservation.ts";
import { bearer, bearerSecurity, sessionOf } from "../account/api.ts";
import { fail, failureBody, failureSchema, jsonContent, languageHeader, ok, successSchema } from "../api/envelope.ts";
import { createApiRouter, fieldMessage } from "../api/router.ts";
import type { AppEnv } from "../http-env.ts";
import type { MessageKey } from "../i18n.ts";
import { searchAvailableNumbers } from "./inventory.ts";
import { cancelReservation, listReservations, ReservationError, reserveNumber } from "./service.ts";

const tags = ["Reservation"];

const availableSchema = z
  .object({
    gsm: z.string().openapi({ example: "0944777123" }),
    tier: z.enum(NUMBER_TIERS),
    simPrice: z.number().int(),
    serviceFee: z.number().int(),
    price: z.number().int().openapi({ description: "simPrice + serviceFee, in the configured currency" }),
  })
  .openapi("AvailableNumber");
const reservationSchema = z
  .object({
    reference: z.string().openapi({ example: "R-7K2M9QX4" }),
    gsm: z.string(),
    tier: z.enum(NUMBER_TIERS),
    fullName: z.string(),
    cityId: z.number().int(),
    city: z.string(),
    birthDate: z.string(),
    lineType: z.enum(["prepaid", "postpaid"]),
    simPrice: z.number().int(),
    serviceFee: z.number().int(),
    state: z.enum(["active", "cancelled", "expired", "collected"]),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: "ISO 8601; the number returns to the pool then" }),
  })
  .openapi("Reservation");
// Documentation of the body; the handler validates it with common/reservation.ts (spec §5 messages).
const reserveBody = z
  .object({
    gsm: z.string().optional().openapi({ example: "0944777123" }),
    fullName: z.string().optional().openapi({ description: "Letters and spaces, Arabic or English", example: "Ali Hasan" }),
    cityId: z.string().optional().openapi({ description: "A city id of customerCare/api/city/all", example: "1" }),
    birthDate: z.string().optional().openapi({ description: "yyyy-mm-dd; 18 or older", example: "1990-01-31" }),
    lineType: z.string().optional().openapi({ description: "prepaid or postpaid", example: "prepaid" }),
  })
  .loose()
  .openapi("ReserveForm");

/** Answers a refused reservation rule with its status and localised message (thrown, like a 400 of the router). */
function reservationFailure(c: Context<AppEnv>, error: ReservationError): never {
  throw new HTTPException(error.httpStatus, { res: c.json(failureBody(c.get("language"), error.code, `reservation.errors.${error.code}` as MessageKey), error.httpStatus) });
}

async function formFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (/json/i.test(type)) return ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  if (/x-www-form-urlencoded|multipart\/form-data/i.test(type)) return Object.fromEntries([...(await c.req.formData()).entries()].filter(([, value]) => typeof value === "string"));
  return {};
}

export const reservationApi = createApiRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/numbers/available",
      tags,
      summary: "Available numbers matching a digit pattern (contains or ends with), in number order, paged",
      request: {
        headers: languageHeader,
        query: z.object({
          pattern: z.string().optional().openapi({ description: "1 to 7 digits", example: "777" }),
          match: z.enum(RESERVATION_MATCH).optional(),
          tier: z.enum(NUMBER_TIERS).optional(),
          prefix: z.enum(["094", "095", "096", "097"]).optional(),
          page: z.coerce.number().int().min(0).max(1_000).default(0),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      responses: {
        200: jsonContent(successSchema(z.object({ data: z.array(availableSchema), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() })), "A page of numbers"),
        400: jsonContent(failureSchema, "The pattern is missing ('Number is required') or not 1–7 digits ('Number not valid')"),
      },
    }),
    async (c) => {
      const { page, size, ...query } = c.req.valid("query");
      const parsed = numberFilterSchema.safeParse(query);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(fieldMessage(c.get("language"), issue.message));
        return fail(c, 400, "BAD_REQUEST", "api.badRequest", errors);
      }
      const { numbers, hasMore } = await searchAvailableNumbers(c.get("services").db, parsed.data, page, size);
      return ok(c, { data: numbers.map((number) => ({ ...number, price: number.simPrice + number.serviceFee })), page, size, hasMore });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/reservations",
      tags,
      security: bearerSecurity,
      summary: "Reserve an available number for 72 hours (at most 2 active reservations per account)",
      request: {
        headers: bearer,
        body: { content: { "application/x-www-form-urlencoded": { schema: reserveBody }, "application/json": { schema: reserveBody } }, required: true },
      },
      responses: {
        200: jsonContent(successSchema(z.object({ reference: z.string(), gsm: z.string(), expiresAt: z.string() })), "Reserved"),
        400: jsonContent(failureSchema, "Field errors (name, city, birth date, line type, number)"),
        401: jsonContent(failureSchema, "SESSION_EXPIRED"),
        404: jsonContent(failureSchema, "NUMBER_NOT_FOUND"),
        409: jsonContent(failureSchema, "NUMBER_TAKEN (someone else holds it), RESERVATION_LIMIT"),
      },
    }),
    async (c) => {
      const session = await sessionOf(c);
      const parsed = reserveFormSchema.safeParse(await formFields(c));
      const language = c.get("language");
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(fieldMessage(language, issue.message));
        return fail(c, 400, "BAD_REQUEST", "api.badRequest", errors);
      }
      try {
        const reserved = await reserveNumber(c.get("services").db, session.accountId, parsed.data);
        return ok(c, { reference: reserved.reference, gsm: parsed.data.gsm, expiresAt: reserved.expiresAt }, "reservation.reserved");
      } catch (error) {
        if (error instanceof ReservationError) reservationFailure(c, error);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/core/api/reservations",
      tags,
      security: bearerSecurity,
      summary: "The caller's reservations, newest first",
      request: { headers: bearer },
      responses: { 200: jsonContent(successSchema(z.array(reservationSchema)), "The reservations"), 401: jsonContent(failureSchema, "SESSION_EXPIRED") },
    }),
    async (c) => {
      const session = await sessionOf(c);
      return ok(c, await listReservations(c.get("services").db, session.accountId, c.get("language")));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/core/api/reservations/{reference}/cancel",
      tags,
      security: bearerSecurity,
      summary: "Cancel one of the caller's active reservations; the number returns to the pool",
      request: { headers: bearer, params: z.object({ reference: z.string().max(20).openapi({ param: { name: "reference", in: "path" }, example: "R-7K2M9QX4" }) }) },
      responses: {
        200: jsonContent(successSchema(z.null()), "Cancelled"),
        400: jsonContent(failureSchema, "The reference is not one (too long)"),
        401: jsonContent(failureSchema, "SESSION_EXPIRED"),
        403: jsonContent(failureSchema, "RESERVATION_NOT_YOURS"),
        404: jsonContent(failureSchema, "RESERVATION_NOT_FOUND"),
        409: jsonContent(failureSchema, "RESERVATION_ENDED"),
      },
    }),
    async (c) => {
      const session = await sessionOf(c);
      try {
        await cancelReservation(c.get("services").db, session.accountId, c.req.valid("param").reference);
        return ok(c, null, "reservation.cancelled");
      } catch (error) {
        if (error instanceof ReservationError) reservationFailure(c, error);
        throw error;
      }
    },
  );
