// The session lookup is a prepared statement (server/db/prepared.ts): it must answer each token's own
// current state on every call, on every connection, with the time limits applied to the values given.
import { beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { accounts } from "../db/schema.ts";
import { createSession, findSessionAccount, revokeSession } from "./session.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const lifetimes = { ttlDays: 30, idleDays: 7 };
const database = useTestDatabase({ instances: 2 });
let accountId: number;

beforeAll(async () => {
  const [account] = await database.db.insert(accounts).values({ mainGsm: "0944100200" }).returning({ id: accounts.id });
  accountId = account!.id;
});

describe("findSessionAccount", () => {
  test("finds a live session from either instance, and no other token's", async () => {
    const { token, sessionId } = await createSession(database.instances[0]!.db, accountId, lifetimes);
    for (const { db } of database.instances) {
      // Several times each, so that the pool's connections run the prepared statement more than once.
      for (let i = 0; i < 3; i++) expect(await findSessionAccount(db, token, lifetimes.idleDays)).toEqual({ sessionId, accountId, mainGsm: "0944100200" });
      expect(await findSessionAccount(db, `${token}x`, lifetimes.idleDays)).toBeNull();
    }
  });

  test("a revoked session is refused at once, on a connection that ran the statement before", async () => {
    const { token, sessionId } = await createSession(database.instances[0]!.db, accountId, lifetimes);
    expect(await findSessionAccount(database.instances[1]!.db, token, lifetimes.idleDays)).not.toBeNull();
    await revokeSession(database.instances[0]!.db, sessionId);
    expect(await findSessionAccount(database.instances[1]!.db, token, lifetimes.idleDays)).toBeNull();
  });

  test("the absolute expiry and the idle limit follow the time given", async () => {
    const created = new Date();
    const { token } = await createSession(database.instances[0]!.db, accountId, lifetimes, created);
    const db = database.instances[0]!.db;
    expect(await findSessionAccount(db, token, lifetimes.idleDays, new Date(created.getTime() + 6 * DAY_MS))).not.toBeNull();
    // Each lookup touches it: used on day 6, still live on day 12; eight days later, idle.
    expect(await findSessionAccount(db, token, lifetimes.idleDays, new Date(created.getTime() + 12 * DAY_MS))).not.toBeNull();
    expect(await findSessionAccount(db, token, lifetimes.idleDays, new Date(created.getTime() + 20 * DAY_MS))).toBeNull();
    const { token: another } = await createSession(db, accountId, lifetimes, created);
    expect(await findSessionAccount(db, another, 60, new Date(created.getTime() + 31 * DAY_MS))).toBeNull();
  });
});
