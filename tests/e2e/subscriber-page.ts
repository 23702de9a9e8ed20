// A subscriber's browser for the e2e tests of the subscriber screens: the session is made directly in the
// test server's database (no SMS needed), then the page is opened and hydrated.
import type { Browser } from "playwright-core";
import type { Language } from "../../common/language.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import type { TestServer } from "../support/test-server.ts";
import { DESKTOP, openPage, waitForHydration } from "./browser.ts";

export async function openAsSubscriber(browser: Browser, server: TestServer, path: string, language: Language, viewport = DESKTOP, prefix: "0966" | "0977" = "0966") {
  const gsm = freshNumber(prefix);
  const { token } = await insertSession(server.databaseUrl, { gsm });
  const opened = await openPage(browser, server.url, viewport, language);
  await opened.context.addCookies([{ name: "session", value: token, url: server.url }]);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return { ...opened, gsm, token };
}
