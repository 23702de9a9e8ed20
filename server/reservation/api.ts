// API rows of number reservation (step 5; the spec does not show these calls, so they follow its style):
// search the available numbers and list the cities where the SIM can be collected (public), reserve one,
// list the caller's reservations, cancel one (Bearer session). A reservation the session does not own
// answers 403 and nothing changes.
import { z } from "@hono/zod-openapi";
import { numberFilterSchema, reserveFormSchema } from "../../common/reservation.ts";
import { NUMBER_TIERS, RESERVATION_MATCH } from "../../common/reservation-rules.ts";
import { failureSchema, jsonContent, ok, successSchema } from "../api/envelope.ts";
import { createApiRouter } from "../api/router.ts";
import { apiRoute, languageHeaders } from "../edge/api-route.ts";
import { validate } from "../edge/app-error.ts";
import { namedItemSchema } from "../reference/api.ts";
import { listCollectionCities } from "./collection.ts";
import { findAvailableNumbers } from "./inventory.ts";
import { cancelReservation, listReservations, reserveNumber } from "./service.ts";

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
export const reservationApi = createApiRouter().openapi(
  {
    method: "get",
    path: "/core/api/numbers/available",
    tags,
    summary: "Available numbers matching a digit pattern (contains or ends with), in number order, paged",
    request: {
      headers: languageHeaders,
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
  },
  async (c) => {
    const { page, size, ...query } = c.req.valid("query");
    const { numbers, hasMore } = await findAvailableNumbers(c.get("services"), validate(numberFilterSchema, query), page, size);
    return ok(c, { data: numbers.map((number) => ({ ...number, price: number.simPrice + number.serviceFee })), page, size, hasMore });
  },
);

reservationApi.openapi(
  {
    method: "get",
    path: "/core/api/reservations/cities",
    tags,
    summary: "The cities where a reserved number's SIM can be collected (a service centre there hands them out), sorted by name",
    request: { headers: languageHeaders },
    responses: { 200: jsonContent(successSchema(z.array(namedItemSchema)), "The cities a reservation may name") },
  },
  async (c) => ok(c, await listCollectionCities(c.get("services").db, c.get("language"))),
);

apiRoute(
  reservationApi,
  {
    method: "post",
    path: "/core/api/reservations",
    tags,
    session: true,
    summary: "Reserve an available number for 72 hours (at most 2 active reservations per account)",
    body: { schema: reserveFormSchema, description: "The number and the holder" },
    responses: {
      200: jsonContent(successSchema(z.object({ reference: z.string(), gsm: z.string(), expiresAt: z.string() })), "Reserved"),
      400: jsonContent(failureSchema, "Field errors (name, city, birth date, line type, number); a city where the SIM cannot be collected is refused before the number is held"),
      401: jsonContent(failureSchema, "SESSION_EXPIRED"),
      404: jsonContent(failureSchema, "NUMBER_NOT_FOUND"),
      409: jsonContent(failureSchema, "NUMBER_TAKEN (someone else holds it), RESERVATION_LIMIT"),
    },
  },
  async (c, { body, session }) => {
    const reserved = await reserveNumber(c.get("services").db, session.accountId, body);
    c.get("services").numberSearchMemo.clear();
    return ok(c, { reference: reserved.reference, gsm: body.gsm, expiresAt: reserved.expiresAt }, "reservation.reserved");
  },
);

apiRoute(
  reservationApi,
  {
    method: "get",
    path: "/core/api/reservations",
    tags,
    session: true,
    summary: "The caller's reservations, newest first",
    responses: { 200: jsonContent(successSchema(z.array(reservationSchema)), "The reservations"), 401: jsonContent(failureSchema, "SESSION_EXPIRED") },
  },
  async (c, { session }) => ok(c, await listReservations(c.get("services").db, session.accountId, c.get("language"))),
);

apiRoute(
  reservationApi,
  {
    method: "post",
    path: "/core/api/reservations/{reference}/cancel",
    tags,
    session: true,
    summary: "Cancel one of the caller's active reservations; the number returns to the pool",
    params: z.object({ reference: z.string().max(20).openapi({ param: { name: "reference", in: "path" }, example: "R-7K2M9QX4" }) }),
    responses: {
      200: jsonContent(successSchema(z.null()), "Cancelled"),
      400: jsonContent(failureSchema, "The reference is not one (too long)"),
      401: jsonContent(failureSchema, "SESSION_EXPIRED"),
      403: jsonContent(failureSchema, "RESERVATION_NOT_YOURS"),
      404: jsonContent(failureSchema, "RESERVATION_NOT_FOUND"),
      409: jsonContent(failureSchema, "RESERVATION_ENDED"),
    },
  },
  async (c, { session }) => {
    // The router has checked the parameter (at most 20 characters) before the handler runs.
    await cancelReservation(c.get("services").db, session.accountId, c.req.param("reference") ?? "");
    c.get("services").numberSearchMemo.clear();
    return ok(c, null, "reservation.cancelled");
  },
);
