// What the line-feature screens' loaders and actions share: the subscriber's selected number and an
// Actor for the audit, the JSON the screens read, and the form's meaning of a switch that sends nothing.
import type { RouterContextProvider } from "react-router";
import type { Actor } from "../../server/line-features/types.ts";
import type { Fields } from "../../server/edge/read-body.ts";
import type { WebAccount } from "../account/web-session.server.ts";
import { requestContext } from "../context.ts";

type Context = Readonly<RouterContextProvider>;

/** What a line-feature action answers: the server's message, and per-field messages when refused. */
export interface FeatureAnswer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function featureAnswer(body: FeatureAnswer, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** The audit's actor of a subscriber's action, and the number it acts on (the selected one). */
export function actorOf(account: WebAccount, context: Context): { actor: Actor; gsm: string } {
  return { actor: { accountId: account.accountId, sessionId: account.sessionId, clientIp: context.get(requestContext).clientIp }, gsm: account.selectedGsm };
}

/**
 * A switch that is off sends nothing: an option row (its type is a hidden field) without a state is off,
 * and a missing main switch is off.
 */
export function withSwitchesOff(fields: Fields): Record<string, unknown> {
  const options = Array.isArray(fields.customerState) ? fields.customerState : [];
  return { ...fields, serviceState: fields.serviceState ?? "0", customerState: options.map((option) => (option && typeof option === "object" && !Array.isArray(option) ? { state: "0", ...option } : option)) };
}
