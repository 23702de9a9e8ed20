// A subscriber's browser for the e2e tests of the subscriber screens: the session is made directly in the
// test server's database (no SMS needed), then the page is opened and hydrated.
import type { Language } from "../../common/language.ts";
import { freshNumber, insertSession } from "../support/subscriber.ts";
import { DESKTOP, signIn, type SiteInBrowser, waitForHydration } from "./browser.ts";

/** A kept page of the file (site.warmPage: call release() at the end) signed in as a new subscriber, at `path`. */
export async function openAsSubscriber(site: SiteInBrowser, path: string, language: Language, viewport = DESKTOP, prefix: "0966" | "0977" = "0966") {
  const { server } = site;
  const gsm = freshNumber(prefix);
  const { token } = await insertSession(server.databaseUrl, { gsm });
  const opened = await site.warmPage(viewport, language);
  await signIn(opened.context, server.url, token);
  await opened.page.goto(path);
  await waitForHydration(opened.page);
  return { ...opened, gsm, token };
}
