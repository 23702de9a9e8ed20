// The operator's time zone as the server is configured (OPERATOR_TIME_ZONE, in the root loader's shell data): every
// time a page shows is written in it (common/format.ts formatDateTime), the same on the server and in the browser,
// on the site and in the console. A module of its own: only the pages that show a time load it (a chunk of 0.2 KB);
// in app/i18n/react.ts, which every page loads, it made /home's JavaScript 0.2 KB larger.
import { useRouteLoaderData } from "react-router";
import type { ShellData } from "./shell.server.ts";

export function useOperatorTimeZone(): string {
  const shell = useRouteLoaderData<ShellData>("root");
  if (!shell) throw new Error("useOperatorTimeZone() without the root loader's data");
  return shell.timeZone;
}
