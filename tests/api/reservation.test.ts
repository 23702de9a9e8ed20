// Number reservation over real HTTP: the inventory search and its messages (spec §5), the cities where
// the SIM can be collected (a city without such a service centre is refused before the number is
// touched), reserving with each form message, the 72-hour hold, at most two active reservations, exactly
// one winner of 50 parallel attempts on one number, 403 for another account's reservation, cancelling,
// the audit trail, and expiry by the sweep (a hold moved into the past returns its number to the pool).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tierOf } from "../../common/reservation-rules.ts";
import { apiMessage, demoContent, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { insertSession, postForm, type SessionFixture } from "../support/subscriber.ts";
import { api, send, startTestServer, type ApiClient, type TestServer } from "../support/test-server.ts";

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  // The search's pages are kept 60 s here, so that a page seen twice is known to be the kept one.
  server = await startTestServer({ env: { RESERVATION_SWEEP_SECONDS: "1", NUMBER_SEARCH_CACHE_MS: "60000" } });
  client = api(server);
});
afterAll(async () => {
  await server?.stop();
});

type Available = { gsm: string; tier: string; price: number; simPrice: number; serviceFee: number };
const form = (gsm: string, overrides: Record<string, string> = {}) => ({ gsm, fullName: "Ali Hasan", cityId: "1", birthDate: "1990-05-17", lineType: "prepaid", ...overrides });

let used = 0;
/** An available number no other test of this file has taken (the search order is stable). */
async function availableNumber(pattern = "5"): Promise<Available> {
  const page = expectSuccess<{ data: Available[] }>(await client.get(`/core/api/numbers/available?pattern=${pattern}&size=100`, "en"), "en");
  return page.data[used++]!;
}
const reserve = (session: SessionFixture, fields: Record<string, string>, language: "ar" | "en" = "en") => postForm(server, "/core/api/reservations", fields, { token: session.token, language });
const stateOf = async (gsm: string) => withClient(server.databaseUrl, async (db) => (await db.query<{ state: string }>("select state from number_inventory where gsm = $1", [gsm])).rows[0]?.state);

describe("GET core/api/numbers/available", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`with ${label}: the filter's messages are spec §5's in ${expected}`, async () => {
      expect(expectFailure(await client.get("/core/api/numbers/available", asked), 400, "BAD_REQUEST", expected, "badRequest").errors).toEqual({ pattern: [apiMessage(expected, "validation.reservationNumberRequired")] });
      expect(expectFailure(await client.get("/core/api/numbers/available?pattern=12a", asked), 400, "BAD_REQUEST", expected, "badRequest").errors).toEqual({ pattern: [apiMessage(expected, "validation.reservationNumberInvalid")] });
      expect(expectFailure(await client.get("/core/api/numbers/available?pattern=12345678", asked), 400, "BAD_REQUEST", expected, "badRequest").errors).toEqual({ pattern: [apiMessage(expected, "validation.reservationNumberInvalid")] });
    });
  }

  test("contains and ends with, tier and range filters, number order, paging", async () => {
    const contains = expectSuccess<{ data: Available[]; hasMore: boolean }>(await client.get("/core/api/numbers/available?pattern=777&size=50", "en"), "en");
    expect(contains.data.length).toBeGreaterThan(0);
    for (const number of contains.data) {
      expect(number.gsm).toMatch(/^09[4567]\d{7}$/);
      expect(number.gsm.slice(2)).toContain("777");
      expect(number.tier).toBe(tierOf(number.gsm));
      expect(number.price).toBe(number.simPrice + number.serviceFee);
    }
    expect(contains.data.map((number) => number.gsm)).toEqual([...contains.data.map((number) => number.gsm)].sort());
    const ends = expectSuccess<{ data: Available[] }>(await client.get("/core/api/numbers/available?pattern=2024&match=endsWith&size=100", "en"), "en");
    expect(ends.data.length).toBeGreaterThan(0);
    expect(ends.data.every((number) => number.gsm.endsWith("2024"))).toBe(true);
    const gold = expectSuccess<{ data: Available[] }>(await client.get("/core/api/numbers/available?pattern=1&tier=gold&prefix=095", "en"), "en");
    expect(gold.data.length).toBeGreaterThan(0);
    expect(gold.data.every((number) => number.tier === "gold" && number.gsm.startsWith("095"))).toBe(true);
    const first = expectSuccess<{ data: Available[]; hasMore: boolean }>(await client.get("/core/api/numbers/available?pattern=1&size=5", "en"), "en");
    const second = expectSuccess<{ data: Available[] }>(await client.get("/core/api/numbers/available?pattern=1&size=5&page=1", "en"), "en");
    expect(first.hasMore).toBe(true);
    expect(second.data[0]!.gsm > first.data[4]!.gsm).toBe(true);
  });

  test("the tiers follow the rule: four equal or sequential digits gold, three equal or a repeated pair silver", () => {
    expect(tierOf("0944777712")).toBe("gold");
    expect(tierOf("0955123499")).toBe("gold");
    expect(tierOf("0966098765")).toBe("gold");
    expect(tierOf("0977450777")).toBe("silver");
    expect(tierOf("0944454561")).toBe("silver");
    expect(tierOf("0944104827")).toBe("regular");
  });
});

type DemoCity = { id: number; nameAr: string; nameEn: string };
type DemoCentre = { cityId: number; services: string[] };
const demoCities = demoContent<DemoCity[]>("cities.json");
const demoCentres = demoContent<DemoCentre[]>("service-centres.json");
/** Cities of the demo content where a reserved SIM can be collected: a centre there hands them out. */
const collectionCityIds = new Set(demoCentres.filter((centre) => centre.services.includes("reservation")).map((centre) => centre.cityId));
/** A city with no service centre at all, and one whose centres do not hand out reserved SIMs. */
const noCentreCity = demoCities.find((city) => !demoCentres.some((centre) => centre.cityId === city.id))!;
const noCollectionCity = demoCities.find((city) => !collectionCityIds.has(city.id) && demoCentres.some((centre) => centre.cityId === city.id))!;

describe("the cities where the SIM can be collected", () => {
  test("the demo content has cities of each kind (else this file tests nothing)", () => {
    expect(collectionCityIds.size).toBeGreaterThan(1);
    expect(noCentreCity).toBeDefined();
    expect(noCollectionCity).toBeDefined();
  });

  for (const language of ["ar", "en"] as const) {
    test(`GET core/api/reservations/cities lists exactly the cities with a centre that hands out reserved SIMs, by name, in ${language}`, async () => {
      const cities = expectSuccess<{ id: number; name: string }[]>(await client.get("/core/api/reservations/cities", language), language);
      const expected = demoCities.filter((city) => collectionCityIds.has(city.id)).map((city) => ({ id: city.id, name: language === "ar" ? city.nameAr : city.nameEn }));
      expect(cities).toEqual([...expected].sort((a, b) => a.name.localeCompare(b.name, language)));
    });

    test(`a reservation naming a city without such a centre is refused in ${language} before the number is held`, async () => {
      const session = await insertSession(server.databaseUrl);
      for (const city of [noCentreCity, noCollectionCity]) {
        const number = await availableNumber();
        // Someone holds the number's row: a request that went for the number would wait for it.
        const answer = await withClient(server.databaseUrl, async (db) => {
          await db.query("begin");
          await db.query("select gsm from number_inventory where gsm = $1 for update", [number.gsm]);
          try {
            return await reserve(session, form(number.gsm, { cityId: String(city.id) }), language);
          } finally {
            await db.query("rollback");
          }
        });
        const refused = expectFailure(answer, 400, "BAD_REQUEST", language, "badRequest");
        expect(refused.errors, `city ${city.nameEn}`).toEqual({ cityId: [apiMessage(language, "validation.cityWithoutCentre")] });
        expect(await stateOf(number.gsm)).toBe("available");
      }
      const rows = await withClient(server.databaseUrl, async (db) => (await db.query("select count(*)::int as n from number_reservations where account_id = $1", [session.accountId])).rows[0]);
      expect(rows).toEqual({ n: 0 });
    });
  }

  test("the /reserve-number page offers only those cities, and its form refuses another one with the localised message", async () => {
    const session = await insertSession(server.databaseUrl);
    const number = await availableNumber();
    for (const language of ["ar", "en"] as const) {
      const page = await send(server.url, `/reserve-number?gsm=${number.gsm}&lang=${language}`, { headers: { cookie: session.cookie } });
      expect(page.status).toBe(200);
      const select = /<select[^>]*id="reserve-cityId"[^>]*>([\s\S]*?)<\/select>/.exec(page.text)?.[1];
      expect(select, "the reserve form's city list").toBeDefined();
      const offered = [...select!.matchAll(/<option value="(\d+)"/g)].map((match) => Number(match[1]));
      expect(offered.sort((a, b) => a - b)).toEqual([...collectionCityIds].sort((a, b) => a - b));

      const posted = await send(server.url, `/reserve-number?gsm=${number.gsm}`, {
        method: "POST",
        headers: { cookie: `${session.cookie}; lang=${language}`, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form(number.gsm, { cityId: String(noCentreCity.id) })).toString(),
      });
      expect(posted.status).toBe(400);
      expect(posted.text).toContain(`id="reserve-cityId-error" class="text-sm font-bold text-red-700">${apiMessage(language, "validation.cityWithoutCentre")}</span>`);
      expect(await stateOf(number.gsm)).toBe("available");
    }
  });
});

describe("POST core/api/reservations", () => {
  for (const language of ["ar", "en"] as const) {
    test(`each form message in ${language}; nothing is reserved`, async () => {
      const session = await insertSession(server.databaseUrl);
      const number = await availableNumber();
      const empty = expectFailure(await reserve(session, { gsm: number.gsm }, language), 400, "BAD_REQUEST", language, "badRequest");
      expect(empty.errors).toEqual({
        fullName: [apiMessage(language, "validation.reserveNameRequired")],
        cityId: [apiMessage(language, "validation.cityRequired")],
        birthDate: [apiMessage(language, "validation.birthDateRequired")],
        lineType: [apiMessage(language, "validation.lineTypeRequired")],
      });
      const invalid = expectFailure(await reserve(session, form(number.gsm, { fullName: "Ali_99", birthDate: "2015-01-01" }), language), 400, "BAD_REQUEST", language, "badRequest");
      expect(invalid.errors).toEqual({ fullName: [apiMessage(language, "validation.reserveNameInvalid")], birthDate: [apiMessage(language, "validation.reserveTooYoung")] });
      const noCity = expectFailure(await reserve(session, form(number.gsm, { cityId: "999" }), language), 400, "BAD_REQUEST", language, "badRequest");
      expect(noCity.errors).toEqual({ cityId: [apiMessage(language, "validation.cityRequired")] });
      expect(await stateOf(number.gsm)).toBe("available");
    });
  }

  test("reserves for 72 hours with a reference, in Arabic names and digits too; lists it; records the event", async () => {
    const session = await insertSession(server.databaseUrl);
    const number = await availableNumber();
    const before = Date.now();
    const data = expectSuccess<{ reference: string; gsm: string; expiresAt: string }>(await reserve(session, form(number.gsm, { fullName: "علي حسن", birthDate: "١٩٩٠-٠٥-١٧" }), "ar"), "ar", "reservation.reserved");
    expect(data.reference).toMatch(/^R-[2-9A-HJKMNP-Z]{8}$/);
    const hold = new Date(data.expiresAt).getTime() - before;
    expect(hold).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(hold).toBeLessThan(72 * 3600_000 + 60_000);
    expect(await stateOf(number.gsm)).toBe("reserved");
    const list = expectSuccess<{ reference: string; state: string; gsm: string; city: string; birthDate: string; simPrice: number; serviceFee: number }[]>(
      await client.get("/core/api/reservations", "en", { authorization: `Bearer ${session.token}` }),
      "en",
    );
    expect(list).toEqual([expect.objectContaining({ reference: data.reference, state: "active", gsm: number.gsm, city: "Damascus", birthDate: "1990-05-17", simPrice: number.simPrice, serviceFee: number.serviceFee })]);
    const events = await withClient(server.databaseUrl, async (db) => (await db.query("select actor, from_state, to_state from reservation_events e join number_reservations r on r.id = e.reservation_id where r.reference = $1", [data.reference])).rows);
    expect(events).toEqual([{ actor: `account:${session.accountId}`, from_state: null, to_state: "active" }]);
  });

  test("a number someone holds is 409 in the asked language; an unknown number 404; no session 401", async () => {
    const [first, second] = [await insertSession(server.databaseUrl), await insertSession(server.databaseUrl)];
    const number = await availableNumber();
    expectSuccess(await reserve(first, form(number.gsm)), "en", "reservation.reserved");
    expectFailure(await reserve(second, form(number.gsm), "ar"), 409, "NUMBER_TAKEN", "ar", "reservation.errors.NUMBER_TAKEN");
    expectFailure(await reserve(second, form("0944000000")), 404, "NUMBER_NOT_FOUND", "en", "reservation.errors.NUMBER_NOT_FOUND");
    expect((await postForm(server, "/core/api/reservations", form(number.gsm))).status).toBe(401);
  });

  test("at most two active reservations per account, also when asked in parallel", async () => {
    const session = await insertSession(server.databaseUrl);
    const numbers = [await availableNumber(), await availableNumber(), await availableNumber(), await availableNumber()];
    const answers = await Promise.all(numbers.map((number) => reserve(session, form(number.gsm))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectFailure(refused, 409, "RESERVATION_LIMIT", "en", "reservation.errors.RESERVATION_LIMIT");
    const states = await Promise.all(numbers.map((number) => stateOf(number.gsm)));
    expect(states.filter((state) => state === "reserved")).toHaveLength(2);
  });

  test("of 50 parallel attempts by 50 accounts on one number exactly one succeeds; the rest get 409", async () => {
    const number = await availableNumber();
    const sessions = await Promise.all(Array.from({ length: 50 }, () => insertSession(server.databaseUrl)));
    const answers = await Promise.all(sessions.map((session, index) => reserve(session, form(number.gsm), index % 2 ? "ar" : "en")));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    answers.forEach((answer, index) => {
      if (answer.status !== 200) expectFailure(answer, 409, "NUMBER_TAKEN", index % 2 ? "ar" : "en", "reservation.errors.NUMBER_TAKEN");
    });
    const holders = await withClient(server.databaseUrl, async (db) => (await db.query("select count(*)::int as n from number_reservations where gsm = $1 and state = 'active'", [number.gsm])).rows[0]);
    expect(holders).toEqual({ n: 1 });
  });
});

describe("cancelling and expiry", () => {
  test("only the owner cancels (403 otherwise, nothing changes); the number returns to the pool; twice is 409", async () => {
    const [owner, other] = [await insertSession(server.databaseUrl), await insertSession(server.databaseUrl)];
    const number = await availableNumber();
    const { reference } = expectSuccess<{ reference: string }>(await reserve(owner, form(number.gsm)), "en", "reservation.reserved");
    const cancel = (session: SessionFixture, language: "ar" | "en" = "en") => send(server.url, `/core/api/reservations/${reference}/cancel`, { method: "POST", headers: { authorization: `Bearer ${session.token}`, "accept-language": language } });
    expectFailure(await cancel(other, "ar"), 403, "RESERVATION_NOT_YOURS", "ar", "reservation.errors.RESERVATION_NOT_YOURS");
    expect(await stateOf(number.gsm)).toBe("reserved");
    expectSuccess(await cancel(owner), "en", "reservation.cancelled");
    expect(await stateOf(number.gsm)).toBe("available");
    expectFailure(await cancel(owner), 409, "RESERVATION_ENDED", "en", "reservation.errors.RESERVATION_ENDED");
    expectFailure(await send(server.url, "/core/api/reservations/R-NOTHING2/cancel", { method: "POST", headers: { authorization: `Bearer ${owner.token}` } }), 404, "RESERVATION_NOT_FOUND", "ar", "reservation.errors.RESERVATION_NOT_FOUND");
  });

  test("a hold whose time has come is ended by the sweep: the number is available again, the event says system", async () => {
    const session = await insertSession(server.databaseUrl);
    const number = await availableNumber();
    const { reference } = expectSuccess<{ reference: string }>(await reserve(session, form(number.gsm)), "en", "reservation.reserved");
    await withClient(server.databaseUrl, (db) => db.query("update number_reservations set expires_at = now() - interval '1 second' where reference = $1", [reference]));
    await expect.poll(() => stateOf(number.gsm), { timeout: 10_000, interval: 250 }).toBe("available");
    const row = await withClient(server.databaseUrl, async (db) => (await db.query("select state from number_reservations where reference = $1", [reference])).rows[0]);
    expect(row).toEqual({ state: "expired" });
    const events = await withClient(server.databaseUrl, async (db) => (await db.query("select actor, to_state from reservation_events e join number_reservations r on r.id = e.reservation_id where r.reference = $1 order by e.id", [reference])).rows);
    expect(events.at(-1)).toEqual({ actor: "system", to_state: "expired" });
    // Someone else can have it now.
    expectSuccess(await reserve(await insertSession(server.databaseUrl), form(number.gsm)), "en", "reservation.reserved");
  });

  test("identical searches are kept a moment (NUMBER_SEARCH_CACHE_MS), yet a number reserved, cancelled or swept here shows at once", async () => {
    const search = async () => expectSuccess<{ data: Available[] }>(await client.get("/core/api/numbers/available?pattern=5&match=endsWith&size=5", "en"), "en").data.map((number) => number.gsm);
    const before = await search();
    const gsm = before[0]!;
    // A row changed behind the app's back (not through it) is not seen while the page is kept: the page is kept.
    await withClient(server.databaseUrl, (db) => db.query("update number_inventory set state = 'taken' where gsm = $1", [before[1]]));
    expect(await search(), "the kept page").toEqual(before);
    await withClient(server.databaseUrl, (db) => db.query("update number_inventory set state = 'available' where gsm = $1", [before[1]]));

    const owner = await insertSession(server.databaseUrl);
    const { reference } = expectSuccess<{ reference: string }>(await reserve(owner, form(gsm)), "en", "reservation.reserved");
    expect(await search(), "reserved here: gone from the next search").not.toContain(gsm);
    expectSuccess(await send(server.url, `/core/api/reservations/${reference}/cancel`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` } }), "ar", "reservation.cancelled");
    expect(await search(), "cancelled here: back in the next search").toEqual(before);

    // Returned by the sweep (the hold moved into the past): back as soon as the sweep has ended it.
    const { reference: again } = expectSuccess<{ reference: string }>(await reserve(owner, form(gsm)), "en", "reservation.reserved");
    expect(await search()).not.toContain(gsm);
    await withClient(server.databaseUrl, (db) => db.query("update number_reservations set expires_at = now() - interval '1 second' where reference = $1", [again]));
    // (The page is kept 60 s here: the number is back well before only because the sweep empties the kept pages.)
    await expect.poll(search, { timeout: 10_000, interval: 100, message: "swept: back in the search" }).toEqual(before);
    expect(await stateOf(gsm)).toBe("available");
  });

  test("the reserve page's own form (no JavaScript) empties the kept searches too, when it reserves and when it cancels", async () => {
    const search = async () => expectSuccess<{ data: Available[] }>(await client.get("/core/api/numbers/available?pattern=6&match=endsWith&size=5", "en"), "en").data.map((number) => number.gsm);
    const before = await search();
    const gsm = before[0]!;
    const owner = await insertSession(server.databaseUrl);
    const pageForm = (fields: Record<string, string>) =>
      send(server.url, `/reserve-number?gsm=${gsm}`, {
        method: "POST",
        headers: { cookie: `${owner.cookie}; lang=en`, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const reserved = await pageForm(form(gsm));
    expect(reserved.status, reserved.text).toBe(302);
    const reference = new URL(String(reserved.headers.location), server.url).searchParams.get("done")!;
    expect(reference).toMatch(/\w/);
    expect(await search(), "reserved by the page: gone from the next search").not.toContain(gsm);

    const cancelled = await pageForm({ intent: "cancel", reference });
    expect(cancelled.status, cancelled.text).toBe(302);
    expect(await stateOf(gsm)).toBe("available");
    expect(await search(), "cancelled by the page: back in the next search").toEqual(before);
  });
});
