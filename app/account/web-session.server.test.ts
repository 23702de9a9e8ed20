import { describe, expect, it } from "vitest";
import { documentUrlOfDataRequest } from "./web-session.server.ts";

describe("documentUrlOfDataRequest", () => {
  it("turns a client-side navigation's data request back into the page's URL", () => {
    expect(documentUrlOfDataRequest(new Request("http://x/profile.data?_routes=root,routes/profile"))).toBe("/profile");
    expect(documentUrlOfDataRequest(new Request("http://x/search.data?q=bundle&_routes=root"))).toBe("/search?q=bundle");
    expect(documentUrlOfDataRequest(new Request("http://x/_root.data"))).toBe("/");
  });
  it("answers null for a document request", () => {
    expect(documentUrlOfDataRequest(new Request("http://x/profile"))).toBeNull();
  });
});
