import { describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import { createEmbeddedNetwork, simulatedLine } from "./embedded.ts";

describe("the simulated network", () => {
  test("a number always gets the same name, in both languages", () => {
    const ar = simulatedLine("0944123456", "ar");
    const en = simulatedLine("0944123456", "en");
    expect(simulatedLine("0944123456", "ar")).toEqual(ar);
    expect(ar.name).toMatch(/[\u0621-\u064A]/);
    expect(en.name).toMatch(/^[A-Za-z -]+$/);
  });

  test("the network makes up no plan, balance or bundle: those are the charging port's (server/charging/)", () => {
    for (let i = 0; i < 20; i++) {
      const line = simulatedLine(`09450000${String(i).padStart(2, "0")}`, "en");
      expect(Object.keys(line).sort()).toEqual(["gsm", "name"]);
    }
  });
});

describe("the subscriber's line, as the profile reads it (one statement once the line is known)", () => {
  const database = useTestDatabase();

  test("its state and its services are what lineStatus and readFeature answer, on its first read and after", async () => {
    const network = createEmbeddedNetwork(database.db);
    const gsm = "0944777001";
    // First read: the line is added, active, without services.
    expect(await network.subscriberLine(gsm, "en")).toEqual({ ...simulatedLine(gsm, "en"), state: "active", activeServices: [] });
    expect((await network.lineStatus(gsm)).state).toBe("active");
    await network.writeFeature(gsm, "call-forward", { serviceState: 1, customerState: [], endsAt: null });
    await network.writeFeature(gsm, "super-clip", { serviceState: 1, customerState: [], endsAt: null });
    await network.writeFeature(gsm, "call-barring", { serviceState: 0, customerState: [], endsAt: null });
    const line = await network.subscriberLine(gsm, "ar");
    expect(line.state).toBe("active");
    expect(line.activeServices.map((service) => service.feature).sort()).toEqual(["call-forward", "super-clip"]);
    for (const service of line.activeServices) expect(service.since).toEqual((await network.readFeature(gsm, service.feature)).activeSince);
    await network.setLineState(gsm, "deactivated");
    expect((await network.subscriberLine(gsm, "en")).state).toBe("deactivated");
    // A line with features written before its own row was ever read.
    const other = "0944777002";
    await network.writeFeature(other, "super-clip", { serviceState: 1, customerState: [], endsAt: null });
    const first = await network.subscriberLine(other, "en");
    expect(first.state).toBe("active");
    expect(first.activeServices.map((service) => service.feature)).toEqual(["super-clip"]);
  });
});
