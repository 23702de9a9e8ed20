// Call forwarding and super clip over real HTTP (spec §7 rows, ARCHITECTURE.md envelope), in both
// languages: show and activate, the rules of the options, the auto-reply, the callers and their
// filters, ownership (403, nothing changes), sessions (401), deactivated lines (409), concurrent saves, and
// the line's services on the profile (API and page) agreeing with the features at every step.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CALLER_PERIODS } from "../../common/constants.ts";
import { apiMessage, expectFailure, expectSuccess, LANGUAGE_CASES } from "../support/contract.ts";
import { withClient } from "../support/database.ts";
import { freshNumber, insertSession, postForm, type SessionFixture } from "../support/subscriber.ts";
import { send, startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Feature {
  title: string;
  description: string;
  price: number;
  serviceState: 0 | 1;
  customerState: { type: number; state: 0 | 1; number?: string }[];
  lineState: string;
}

/** A subscriber with a session, and the number the session owns. */
async function subscriber(): Promise<SessionFixture & { gsm: string }> {
  const gsm = freshNumber("0955");
  return { ...(await insertSession(server.databaseUrl, { gsm })), gsm };
}

function options(states: [number, string?][]): Record<string, string> {
  return Object.fromEntries(
    states.flatMap(([state, number], type) => [
      [`customerState[${type}].type`, String(type)],
      [`customerState[${type}].state`, String(state)],
      ...(number === undefined ? [] : [[`customerState[${type}].number`, number]]),
    ]),
  );
}

const post = (path: string, fields: Record<string, string>, token?: string, language?: "ar" | "en") => postForm(server, path, fields, { token, language });
const auditRows = (gsm: string) =>
  withClient(server.databaseUrl, async (client) => (await client.query("select feature, action, before, after from line_feature_audit where gsm = $1 order by id", [gsm])).rows);

describe("call forwarding", () => {
  for (const { asked, expected, label } of LANGUAGE_CASES) {
    test(`show with ${label}: off, four options off without numbers, free, texts in ${expected}`, async () => {
      const { token, gsm } = await subscriber();
      const answer = await send(server.url, "/core/api/callForward/show", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}`, ...(asked ? { "accept-language": asked } : {}) },
        body: `gsm=${gsm}`,
      });
      const feature = expectSuccess<Feature>(answer, expected);
      expect(feature.title).toBe(expected === "ar" ? "تحويل المكالمات" : "Call forwarding");
      expect(feature.price).toBe(0);
      expect(feature.serviceState).toBe(0);
      expect(feature.lineState).toBe("active");
      expect(feature.customerState).toEqual([0, 1, 2, 3].map((type) => ({ type, state: 0, number: "" })));
    });
  }

  test("activate saves the switches and numbers, answers the new state, and records who changed what", async () => {
    const { token, gsm, accountId } = await subscriber();
    const saved = expectSuccess<Feature>(
      await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[0, ""], [1, "0933111222"], [0, ""], [1, "٠٩٣٣١١١٢٢٣"]]) }, token, "en"),
      "en",
      "lineFeatures.saved",
    );
    expect(saved.serviceState).toBe(1);
    expect(saved.customerState).toEqual([
      { type: 0, state: 0, number: "" },
      { type: 1, state: 1, number: "0933111222" },
      { type: 2, state: 0, number: "" },
      { type: 3, state: 1, number: "0933111223" },
    ]);
    const shown = expectSuccess<Feature>(await post("/core/api/callForward/show", { gsm }, token, "en"), "en");
    expect(shown.customerState).toEqual(saved.customerState);
    const [audit] = await auditRows(gsm);
    expect(audit).toMatchObject({ feature: "call-forward", action: "activate", before: { serviceState: 0 }, after: { serviceState: 1 } });
    const [row] = await withClient(server.databaseUrl, async (client) => (await client.query("select account_id from line_feature_audit where gsm = $1", [gsm])).rows);
    expect(Number(row.account_id)).toBe(accountId);
  });

  test("main switch off clears every option", async () => {
    const { token, gsm } = await subscriber();
    await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[1, "0933000001"]]) }, token);
    const off = expectSuccess<Feature>(await post("/core/api/callForward/activate", { gsm, serviceState: "0", ...options([[1, "0933000001"]]) }, token, "ar"), "ar", "lineFeatures.saved");
    expect(off.serviceState).toBe(0);
    expect(off.customerState.every((option) => option.state === 0)).toBe(true);
  });

  for (const { name, fields, field, key } of [
    { name: "an option on without a number", fields: options([[0], [1, ""]]), field: "customerState.1.number", key: "validation.lineNumberInvalid" },
    { name: "a number that is not 09 + 8 digits", fields: options([[0, ""], [1, "0912"]]), field: "customerState.1.number", key: "validation.lineNumberInvalid" },
    { name: "'all' on together with 'busy'", fields: options([[1, "0933000001"], [1, "0933000002"]]), field: "customerState.1.state", key: "validation.allExcludesOthers" },
    { name: "an unknown option type", fields: { "customerState[0].type": "7", "customerState[0].state": "1", "customerState[0].number": "0933000001" }, field: "customerState.0.type", key: "validation.choiceInvalid" },
    { name: "the same type twice", fields: { ...options([[0, ""]]), "customerState[1].type": "0", "customerState[1].state": "0" }, field: "customerState.1.type", key: "validation.optionTypeDuplicate" },
    { name: "more than four options", fields: { ...options([[0, ""], [0, ""], [0, ""], [0, ""]]), "customerState[4].type": "3", "customerState[4].state": "0" }, field: "customerState", key: "validation.optionsTooMany" },
    { name: "a state that is not 0 or 1", fields: { "customerState[0].type": "0", "customerState[0].state": "on" }, field: "customerState.0.state", key: "validation.choiceInvalid" },
    { name: "an index far beyond the options", fields: { "customerState[999].type": "0" }, field: "customerState[999].type", key: "api.invalidField" },
    { name: "a gap in the indexes", fields: { "customerState[2].type": "0", "customerState[2].state": "0" }, field: "customerState.0", key: "api.invalidField" },
  ]) {
    test(`refuses ${name} (400, the field named in both languages) and saves nothing`, async () => {
      const { token, gsm } = await subscriber();
      for (const language of ["ar", "en"] as const) {
        const body = expectFailure(await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...fields }, token, language), 400, "BAD_REQUEST", language, "badRequest");
        expect(body.errors?.[field], JSON.stringify(body.errors)).toEqual([apiMessage(language, key)]);
      }
      expect(await auditRows(gsm)).toEqual([]);
    });
  }

  test("refuses forwarding a line to itself (400 VALIDATION)", async () => {
    const { token, gsm } = await subscriber();
    const body = expectFailure(await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[1, gsm]]) }, token, "en"), 400, "VALIDATION", "en", "lineFeatures.errors.VALIDATION");
    expect(body.errors).toEqual({ "customerState.0.number": [apiMessage("en", "validation.forwardToSelf")] });
  });

  test("takes the same request as JSON", async () => {
    const { token, gsm } = await subscriber();
    const answer = await send(server.url, "/core/api/callForward/activate", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-language": "en" },
      body: JSON.stringify({ gsm, serviceState: 1, customerState: [{ type: 2, state: 1, number: "0933000009" }] }),
    });
    const saved = expectSuccess<Feature>(answer, "en", "lineFeatures.saved");
    expect(saved.customerState[2]).toEqual({ type: 2, state: 1, number: "0933000009" });
  });

  test("another account's number: 403 in both languages, and nothing changes", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    for (const language of ["ar", "en"] as const) {
      expectFailure(await post("/core/api/callForward/show", { gsm: theirs.gsm }, mine.token, language), 403, "NOT_YOUR_NUMBER", language, "lineFeatures.errors.NOT_YOUR_NUMBER");
      expectFailure(
        await post("/core/api/callForward/activate", { gsm: theirs.gsm, serviceState: "1", ...options([[1, "0933000001"]]) }, mine.token, language),
        403,
        "NOT_YOUR_NUMBER",
        language,
        "lineFeatures.errors.NOT_YOUR_NUMBER",
      );
    }
    expect(expectSuccess<Feature>(await post("/core/api/callForward/show", { gsm: theirs.gsm }, theirs.token, "en"), "en").serviceState).toBe(0);
    expect(await auditRows(theirs.gsm)).toEqual([]);
  });

  test("no session or an ended one: 401 with status 0", async () => {
    const { gsm } = await subscriber();
    for (const token of [undefined, "not-a-token"]) {
      expectFailure(await post("/core/api/callForward/show", { gsm }, token, "en"), 401, "SESSION_EXPIRED", "en", "account.errors.SESSION_EXPIRED");
    }
  });

  test("a number in Arabic-Indic digits is the same number: a deactivated line refuses it too, and no second line appears (finding 8)", async () => {
    const { token, gsm } = await subscriber();
    await withClient(server.databaseUrl, (client) => client.query("insert into network_lines (gsm, state, national_id) values ($1, 'deactivated', '12345678901')", [gsm]));
    const arabicIndic = gsm.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    for (const number of [gsm, arabicIndic, ` ${arabicIndic} `]) {
      expectFailure(await post("/core/api/callForward/activate", { gsm: number, serviceState: "0" }, token, "en"), 409, "LINE_DEACTIVATED", "en", "lineFeatures.errors.LINE_DEACTIVATED");
      expect(expectSuccess<Feature>(await post("/core/api/superClip/show", { gsm: number }, token, "en"), "en").lineState).toBe("deactivated");
    }
    const lines = await withClient(server.databaseUrl, async (client) => (await client.query("select gsm from network_lines where gsm in ($1, $2)", [gsm, arabicIndic])).rows);
    expect(lines, "only the number's one line, never one keyed by its Arabic-Indic form").toEqual([{ gsm }]);
    expect(await auditRows(arabicIndic)).toEqual([]);
  });

  test("a deactivated line shows its state and refuses changes (409)", async () => {
    const { token, gsm } = await subscriber();
    await withClient(server.databaseUrl, (client) => client.query("insert into network_lines (gsm, state, national_id) values ($1, 'deactivated', '12345678901')", [gsm]));
    expect(expectSuccess<Feature>(await post("/core/api/callForward/show", { gsm }, token, "en"), "en").lineState).toBe("deactivated");
    for (const language of ["ar", "en"] as const) {
      expectFailure(
        await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[1, "0933000001"]]) }, token, language),
        409,
        "LINE_DEACTIVATED",
        language,
        "lineFeatures.errors.LINE_DEACTIVATED",
      );
    }
  });

  test("20 saves at once leave exactly one of the submitted states, whole", async () => {
    const { token, gsm } = await subscriber();
    const submitted = Array.from({ length: 20 }, (_, index) => `09330000${String(index).padStart(2, "0")}`);
    const answers = await Promise.all(submitted.map((number) => post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[0, ""], [1, number], [1, number]]) }, token)));
    expect(answers.map((answer) => answer.status)).toEqual(submitted.map(() => 200));
    const shown = expectSuccess<Feature>(await post("/core/api/callForward/show", { gsm }, token, "en"), "en");
    const number = shown.customerState[1]!.number!;
    expect(submitted).toContain(number);
    expect(shown.customerState[2]!.number).toBe(number);
    expect(await auditRows(gsm)).toHaveLength(20);
  });
});

describe("super clip", () => {
  test("show: off, four options without numbers, a monthly price, texts in the asked language", async () => {
    const { token, gsm } = await subscriber();
    for (const language of ["ar", "en"] as const) {
      const feature = expectSuccess<Feature>(await post("/core/api/superClip/show", { gsm }, token, language), language);
      expect(feature.title).toBe(language === "ar" ? "سوبر كليب" : "Super clip");
      expect(feature.price).toBeGreaterThan(0);
      expect(feature.customerState).toEqual([0, 1, 2, 3].map((type) => ({ type, state: 0 })));
    }
  });

  test("activate saves the switches; off clears them", async () => {
    const { token, gsm } = await subscriber();
    const on = expectSuccess<Feature>(await post("/core/api/superClip/activate", { gsm, serviceState: "1", ...options([[0], [1], [1], [0]]) }, token, "en"), "en", "lineFeatures.saved");
    expect(on.customerState.map((option) => option.state)).toEqual([0, 1, 1, 0]);
    const off = expectSuccess<Feature>(await post("/core/api/superClip/activate", { gsm, serviceState: "0", ...options([[0], [1], [1], [0]]) }, token, "en"), "en", "lineFeatures.saved");
    expect(off.customerState.map((option) => option.state)).toEqual([0, 0, 0, 0]);
  });

  test("the auto-reply: saved and shown; exceptions without a message are dropped; numbers normalised", async () => {
    const { token, gsm } = await subscriber();
    const empty = expectSuccess<{ generalMessage: string; others: unknown[] }>(await post("/core/api/superClip/autoReply/show", { gsm }, token, "en"), "en");
    expect(empty).toEqual({ generalMessage: "", others: [] });
    const saved = expectSuccess(
      await post(
        "/core/api/superClip/autoReply/activate",
        {
          gsm,
          generalMessage: "سأتصل بك لاحقاً",
          "others[0].message": "In a meeting",
          "others[0].numbers[0]": "0933000001",
          "others[0].numbers[1]": "٠٩٣٣٠٠٠٠٠٢",
          "others[1].message": "",
          "others[1].numbers[0]": "0933000003",
        },
        token,
        "ar",
      ),
      "ar",
      "lineFeatures.saved",
    );
    const expectedReply = { generalMessage: "سأتصل بك لاحقاً", others: [{ message: "In a meeting", numbers: ["0933000001", "0933000002"] }] };
    expect(saved).toEqual(expectedReply);
    expect(expectSuccess(await post("/core/api/superClip/autoReply/show", { gsm }, token, "en"), "en")).toEqual(expectedReply);
  });

  for (const { name, fields, field, key } of [
    { name: "a general message over 160 characters", fields: { generalMessage: "x".repeat(161) }, field: "generalMessage", key: "validation.messageTooLong" },
    { name: "an invalid exception number", fields: { "others[0].message": "Hi", "others[0].numbers[0]": "0912" }, field: "others.0.numbers.0", key: "validation.lineNumberInvalid" },
    { name: "the same number twice in an exception", fields: { "others[0].message": "Hi", "others[0].numbers[0]": "0933000001", "others[0].numbers[1]": "0933000001" }, field: "others.0.numbers.1", key: "validation.numberDuplicate" },
  ]) {
    test(`the auto-reply refuses ${name} (400 naming the field) and keeps what was saved`, async () => {
      const { token, gsm } = await subscriber();
      await post("/core/api/superClip/autoReply/activate", { gsm, generalMessage: "kept" }, token);
      for (const language of ["ar", "en"] as const) {
        const body = expectFailure(await post("/core/api/superClip/autoReply/activate", { gsm, ...fields }, token, language), 400, "BAD_REQUEST", language, "badRequest");
        expect(body.errors?.[field], JSON.stringify(body.errors)).toEqual([apiMessage(language, key)]);
      }
      expect(expectSuccess<{ generalMessage: string }>(await post("/core/api/superClip/autoReply/show", { gsm }, token, "en"), "en").generalMessage).toBe("kept");
    });
  }

  test("callers: each period lists more calls than the one before, newest first, dates in ISO", async () => {
    const { token, gsm } = await subscriber();
    const totals: number[] = [];
    for (const period of CALLER_PERIODS) {
      const page = expectSuccess<{ data: { number: string; date: string }[]; page: number; size: number; total: number }>(
        await post("/core/api/superClip/myCallers/show?page=0", { gsm, gsmFilter: "", dateFilterType: String(period.id) }, token, "en"),
        "en",
      );
      totals.push(page.total);
      expect(page.page).toBe(0);
      expect(page.data.length).toBe(Math.min(page.size, page.total));
      const times = page.data.map((call) => Date.parse(call.date));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const time of times) expect(Date.now() - time).toBeLessThanOrEqual(period.days * 24 * 60 * 60 * 1000 + 60_000);
    }
    for (let index = 1; index < totals.length; index++) expect(totals[index], totals.join(",")).toBeGreaterThan(totals[index - 1]!);
  });

  test("callers: the number filter, page 1, a page beyond the end, and an invalid filter", async () => {
    const { token, gsm } = await subscriber();
    const all = expectSuccess<{ data: { number: string }[]; total: number; size: number }>(
      await post("/core/api/superClip/myCallers/show?page=0", { gsm, gsmFilter: "", dateFilterType: "4" }, token, "en"),
      "en",
    );
    expect(all.total).toBeGreaterThan(all.size);
    const second = expectSuccess<{ data: { number: string; date: string }[] }>(await post("/core/api/superClip/myCallers/show?page=1", { gsm, gsmFilter: "", dateFilterType: "4" }, token, "en"), "en");
    expect(second.data.length).toBeGreaterThan(0);
    const beyond = expectSuccess<{ data: unknown[] }>(await post("/core/api/superClip/myCallers/show?page=99", { gsm, gsmFilter: "", dateFilterType: "4" }, token, "en"), "en");
    expect(beyond.data).toEqual([]);
    const caller = all.data[0]!.number;
    const filtered = expectSuccess<{ data: { number: string }[]; total: number }>(
      await post("/core/api/superClip/myCallers/show?page=0", { gsm, gsmFilter: caller, dateFilterType: "4" }, token, "en"),
      "en",
    );
    expect(filtered.total).toBeGreaterThan(1);
    expect(filtered.data.every((call) => call.number === caller)).toBe(true);
    for (const language of ["ar", "en"] as const) {
      const body = expectFailure(await post("/core/api/superClip/myCallers/show?page=0", { gsm, gsmFilter: "0912", dateFilterType: "0" }, token, language), 400, "BAD_REQUEST", language, "badRequest");
      expect(body.errors?.gsmFilter).toEqual([apiMessage(language, "validation.lineNumberInvalid")]);
      const period = expectFailure(await post("/core/api/superClip/myCallers/show?page=0", { gsm, gsmFilter: "", dateFilterType: "9" }, token, language), 400, "BAD_REQUEST", language, "badRequest");
      expect(period.errors?.dateFilterType).toEqual([apiMessage(language, "validation.choiceInvalid")]);
    }
  });

  test("another account's number: 403 on every super clip row", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    for (const path of ["/core/api/superClip/show", "/core/api/superClip/autoReply/show", "/core/api/superClip/myCallers/show?page=0"]) {
      expectFailure(await post(path, { gsm: theirs.gsm }, mine.token, "en"), 403, "NOT_YOUR_NUMBER", "en", "lineFeatures.errors.NOT_YOUR_NUMBER");
    }
    expectFailure(await post("/core/api/superClip/autoReply/activate", { gsm: theirs.gsm, generalMessage: "x" }, mine.token, "en"), 403, "NOT_YOUR_NUMBER", "en", "lineFeatures.errors.NOT_YOUR_NUMBER");
    expect(await auditRows(theirs.gsm)).toEqual([]);
  });

  test("a request without gsm is a 400 naming gsm", async () => {
    const { token } = await subscriber();
    const body = expectFailure(await post("/core/api/superClip/show", {}, token, "en"), 400, "BAD_REQUEST", "en", "badRequest");
    expect(Object.keys(body.errors ?? {})).toEqual(["gsm"]);
  });
});

describe("one truth about a line's services: the feature rows, the profile API and the profile page agree after every change", () => {
  /** Every feature with a main switch, its rows and a state that turns it on with one option. */
  const FEATURES = [
    { id: "call-forward", rows: "/core/api/callForward", on: options([[0, ""], [1, "0933000001"]]) },
    { id: "super-clip", rows: "/core/api/superClip", on: options([[0], [1]]) },
    // Call barring: "all outgoing" (type 2), sent as the only option.
    { id: "call-barring", rows: "/core/api/callBarring", on: { "customerState[0].type": "2", "customerState[0].state": "1" } },
  ] as const;
  type FeatureId = (typeof FEATURES)[number]["id"];
  interface ActiveService {
    id: string;
    name: string;
    since: string;
  }

  /** The services card of the server-rendered /profile page (the section named by the card's heading). */
  function servicesCardOf(html: string): string {
    const card = /<section[^>]*aria-labelledby="profile-services"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
    if (card === undefined) throw new Error(`The /profile page has no services card: ${html.slice(0, 300)}`);
    return card;
  }

  /** Reads the three views in both languages and fails, naming the view, where one disagrees with `on`. */
  async function expectViewsAgree(fixture: SessionFixture & { gsm: string }, on: Set<FeatureId>, step: string): Promise<Map<FeatureId, ActiveService>> {
    const services = new Map<FeatureId, ActiveService>();
    for (const language of ["ar", "en"] as const) {
      const shown = new Map<FeatureId, Feature>();
      for (const feature of FEATURES) shown.set(feature.id, expectSuccess<Feature>(await post(`${feature.rows}/show`, { gsm: fixture.gsm }, fixture.token, language), language));
      const profile = expectSuccess<{ activeServices: ActiveService[] }>(await post("/core/api/users/profile", { gsm: fixture.gsm }, fixture.token, language), language);
      const page = await send(server.url, "/profile", { headers: { cookie: `${fixture.cookie}; lang=${language}` } });
      expect(page.status, `${step}: GET /profile`).toBe(200);
      const card = servicesCardOf(page.text);

      for (const feature of FEATURES) {
        const title = shown.get(feature.id)!.title;
        expect(shown.get(feature.id)!.serviceState, `${step} (${language}): ${feature.rows}/show serviceState`).toBe(on.has(feature.id) ? 1 : 0);
        expect(card.includes(title), `${step} (${language}): the profile page lists ${feature.id} ("${title}")`).toBe(on.has(feature.id));
      }
      expect(profile.activeServices.map((service) => service.id).sort(), `${step} (${language}): core/api/users/profile activeServices`).toEqual([...on].sort());
      for (const service of profile.activeServices) {
        expect(service.name, `${step} (${language}): the profile names ${service.id} as its screen does`).toBe(shown.get(service.id as FeatureId)!.title);
        expect(service.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        services.set(service.id as FeatureId, service);
      }
      expect(card.includes(apiMessage(language, "profile.noServices")), `${step} (${language}): the page says there are no services`).toBe(on.size === 0);
    }
    return services;
  }

  test("each feature switched on and off, alone and together, and a bar that ends by itself", async () => {
    const fixture = await subscriber();
    const { gsm, token } = fixture;
    const on = new Set<FeatureId>();
    await expectViewsAgree(fixture, on, "a new line");

    for (const feature of FEATURES) {
      expectSuccess(await post(`${feature.rows}/activate`, { gsm, serviceState: "1", ...feature.on }, token, "en"), "en", "lineFeatures.saved");
      on.add(feature.id);
      await expectViewsAgree(fixture, on, `${feature.id} on`);
      expectSuccess(await post(`${feature.rows}/activate`, { gsm, serviceState: "0" }, token, "en"), "en", "lineFeatures.saved");
      on.delete(feature.id);
      await expectViewsAgree(fixture, on, `${feature.id} off`);
    }

    for (const feature of FEATURES) {
      expectSuccess(await post(`${feature.rows}/activate`, { gsm, serviceState: "1", ...feature.on }, token, "ar"), "ar", "lineFeatures.saved");
      on.add(feature.id);
    }
    await expectViewsAgree(fixture, on, "all three on");

    // The network lifts a bar by itself at its end: from that moment it is off everywhere.
    await withClient(server.databaseUrl, (client) => client.query("update network_line_features set ends_at = now() - interval '1 minute' where gsm = $1 and feature = 'call-barring'", [gsm]));
    on.delete("call-barring");
    await expectViewsAgree(fixture, on, "the bar ended");

    // Turned on again after it ended, the bar is a service again.
    expectSuccess(await post("/core/api/callBarring/activate", { gsm, serviceState: "1", ...FEATURES[2].on }, token, "en"), "en", "lineFeatures.saved");
    on.add("call-barring");
    await expectViewsAgree(fixture, on, "barring on again");
  });

  test("a service is active since it was switched on: changing its options while on keeps the day, off and on again starts a new one", async () => {
    const fixture = await subscriber();
    const { gsm, token } = fixture;
    expectSuccess(await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[0, ""], [1, "0933000001"]]) }, token, "en"), "en", "lineFeatures.saved");
    const today = (await expectViewsAgree(fixture, new Set(["call-forward"]), "call forwarding on")).get("call-forward")!.since;
    // As if it had been switched on ten days ago.
    await withClient(server.databaseUrl, (client) => client.query("update network_line_features set active_since = active_since - interval '10 days' where gsm = $1", [gsm]));
    const tenDaysAgo = (await expectViewsAgree(fixture, new Set(["call-forward"]), "ten days later")).get("call-forward")!.since;
    expect(Date.parse(today) - Date.parse(tenDaysAgo)).toBe(10 * 86_400_000);

    expectSuccess(await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[0, ""], [0, ""], [1, "0933000002"]]) }, token, "en"), "en", "lineFeatures.saved");
    expect((await expectViewsAgree(fixture, new Set(["call-forward"]), "options changed")).get("call-forward")!.since).toBe(tenDaysAgo);

    expectSuccess(await post("/core/api/callForward/activate", { gsm, serviceState: "0" }, token, "en"), "en", "lineFeatures.saved");
    expectSuccess(await post("/core/api/callForward/activate", { gsm, serviceState: "1", ...options([[1, "0933000003"]]) }, token, "en"), "en", "lineFeatures.saved");
    expect((await expectViewsAgree(fixture, new Set(["call-forward"]), "off and on again")).get("call-forward")!.since).toBe(today);
  });
});

test("no line-feature request made the server log an error", () => {
  expect(server.errors()).toEqual([]);
});
