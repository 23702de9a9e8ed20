// How every page action runs: the guard first (a guest is sent home before anything is read), then the
// body through the one reader within the action's limits (server/edge/limits.ts PAGE_ACTIONS), then the
// action's own work with the fields. A refusal, a dependency that is away, anything unexpected: the one
// judgement of server/edge/failure.ts, rendered as the JSON the screens read ({ok: false, message,
// fieldErrors?, retryAfterSeconds?}) with its status (503 and Retry-After while the database is away).
// The origin of every page action is checked once, before React Router (server/edge/same-origin.ts).
import { data, type RouterContextProvider } from "react-router";
import { describeFailure, failureHeaders, pageFailureBody, type PageFailureAnswer } from "../server/edge/failure.ts";
import { PAGE_ACTIONS, pageActionLimits } from "../server/edge/limits.ts";
import { discardUploads, readBody, type Fields } from "../server/edge/read-body.ts";
import { peekLimit, type RateLimit } from "../server/auth/rate-limit.ts";
import type { AppError } from "../server/edge/app-error.ts";
import type { AppServices } from "../server/services.ts";
import { requestContext, servicesContext } from "./context.ts";
import type { WebAccount } from "./account/web-session.server.ts";
import { getSessionAccount, requireSubscriber } from "./session.server.ts";

type Context = Readonly<RouterContextProvider>;

export interface PageActionArgs {
  request: Request;
  context: Context;
  /** The posted fields, nested and prototype-less (server/edge/read-body.ts). */
  fields: Fields;
  /** The subscriber (always present for subscriber actions), or null for a guest. */
  account: WebAccount | null;
  /** The route's path parameters (the console's enrolment token). */
  params: Readonly<Record<string, string | undefined>>;
}

export type { PageFailureAnswer };

/** A per-IP limit checked before the body is read (the work counts its hit when it accepts). */
export interface PageIpLimit {
  limit: (services: AppServices, clientIp: string) => RateLimit;
  refusal: (retryAfterSeconds: number) => AppError;
}

/** Declares the action of `path` (an entry of PAGE_ACTIONS); the failure of its work becomes a page answer. */
export function pageAction<T>(
  path: string,
  work: (args: PageActionArgs) => Promise<T>,
  /** `guard`: checked before anything is read (the console's requireStaff: a redirect or a 403). */
  options: { ipLimit?: PageIpLimit; guard?: (request: Request, context: Context) => Promise<unknown> } = {},
) {
  const declared = PAGE_ACTIONS.find((entry) => entry.path === path);
  if (!declared) throw new Error(`${path} is not listed in PAGE_ACTIONS (server/edge/limits.ts)`);
  return async ({ request, context, params = {} }: { request: Request; context: Context; params?: Readonly<Record<string, string | undefined>> }) => {
    const account = declared.subscriber ? requireSubscriber(request, context) : getSessionAccount(context);
    let fields: Fields | null = null;
    try {
      const services = context.get(servicesContext);
      if (options.guard) await options.guard(request, context);
      if (options.ipLimit) {
        const wait = await peekLimit(services.db, options.ipLimit.limit(services, context.get(requestContext).clientIp));
        if (wait !== null) throw options.ipLimit.refusal(wait);
      }
      fields = await readBody(request, pageActionLimits(declared.body, services.config.dataDir));
      return await work({ request, context, fields, account, params });
    } catch (error) {
      // Redirects (and React Router's own answers) are how an action ends, not failures.
      if (error instanceof Response) throw error;
      return pageFailure(error, context, fields ? textFieldsOf(fields) : undefined);
    } finally {
      if (fields) await discardUploads(fields);
    }
  };
}

/** The top-level text fields of a form, to fill it again (never a file, never a secret field). */
function textFieldsOf(fields: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && !isSecretField(entry[0])));
}

/** Fields a page never sends back: codes, vouchers, encrypted data, and anything named a password, secret or token. */
const SECRET_FIELDS = new Set(["code", "data", "nationalId", "voucher"]);
const isSecretField = (name: string) => SECRET_FIELDS.has(name) || /password|secret|token/i.test(name);

/** The page answer of a failure (a refusal, a dependency away, anything unexpected). */
export function pageFailure(error: unknown, context: Context, values?: Record<string, string>) {
  const { language } = context.get(requestContext);
  const services = context.get(servicesContext);
  const logger = services.logger.child({ reqId: context.get(requestContext).requestId });
  const failure = describeFailure(error, language, logger, () => services.metrics.databaseUnavailable());
  return data<PageFailureAnswer>(pageFailureBody(failure, language, values), { status: failure.status, headers: failureHeaders(failure) });
}
