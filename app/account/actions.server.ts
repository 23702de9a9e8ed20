// What the account actions of the web UI share: the request's origin facts and the JSON answers the
// dialogs read. Refusals and failures are answered by the page-action edge (app/page-action.server.ts).
import type { RouterContextProvider } from "react-router";
import type { RequestOrigin } from "../../server/account/types.ts";
import type { MessageKey, ValuesOf } from "../../common/message-key.ts";
import { translate } from "../../server/i18n.ts";
import { requestContext } from "../context.ts";
import type { AccountAnswer } from "./account-client.ts";

type Context = Readonly<RouterContextProvider>;

export type { AccountAnswer };

export function requestOrigin(request: Request, context: Context): RequestOrigin {
  // clientIp is worked out by the Hono layer (socket, or X-Forwarded-For behind a trusted proxy).
  const facts = context.get(requestContext);
  return { clientIp: facts.clientIp, language: facts.language, userAgent: request.headers.get("user-agent") ?? undefined };
}

export function t<Key extends MessageKey>(context: Context, key: Key, ...values: ValuesOf<Key>): string {
  return translate(context.get(requestContext).language, key, ...values);
}

export function answer(body: AccountAnswer, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } });
}
