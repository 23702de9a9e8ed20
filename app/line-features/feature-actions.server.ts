// What the line-feature screens' loaders and actions share: the subscriber's selected number and an
// Actor for the audit, the refusals of the service turned into the JSON the screens read.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { nestFormFields } from "../../common/line-features.ts";
import { LineFeatureError, type Actor } from "../../server/line-features/types.ts";
import type { MessageKey } from "../../server/i18n.ts";
import { handleAccountAction, refuseForeignOrigin, t } from "../account/actions.server.ts";
import { requestContext } from "../context.ts";
import { requireSubscriber } from "../session.server.ts";

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

export function actorOf(request: Request, context: Context): { actor: Actor; gsm: string } {
  const account = requireSubscriber(request, context);
  return { actor: { accountId: account.accountId, sessionId: account.sessionId, clientIp: context.get(requestContext).clientIp }, gsm: account.selectedGsm };
}

/** Parses the posted form with `schema`; a refusal answers 400 with the first message of each field. */
export function parseFeatureForm<T extends z.ZodType>(form: Record<string, unknown>, schema: T, context: Context): { data: z.output<T> } | { refused: Response } {
  const parsed = schema.safeParse(form);
  if (parsed.success) return { data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.map(String).join(".")] ??= t(context, issue.message as MessageKey);
  return { refused: featureAnswer({ ok: false, message: t(context, "lineFeatures.errors.VALIDATION"), fieldErrors }, 400) };
}

/**
 * The posted form as nested fields. A switch that is off sends nothing, so an option row (its type is a
 * hidden field) without a state is off, and a missing main switch is off.
 */
export async function formFieldsOf(request: Request): Promise<Record<string, unknown>> {
  const form = await request.formData();
  const fields = nestFormFields([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const options = Array.isArray(fields.customerState) ? (fields.customerState as (Record<string, unknown> | undefined)[]) : [];
  return { serviceState: "0", ...fields, customerState: options.map((option) => ({ state: "0", ...option })) };
}

/** Runs a line-feature action: foreign origins refused, service refusals as their message, the rest 'Sorry Something Went Wrong'. */
export async function handleFeatureAction(request: Request, context: Context, work: () => Promise<Response>): Promise<Response> {
  const foreign = refuseForeignOrigin(request, context);
  if (foreign) return foreign;
  return handleAccountAction(context, async () => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof LineFeatureError)) throw error;
      const fieldErrors = error.details.fieldErrors
        ? Object.fromEntries(Object.entries(error.details.fieldErrors).map(([field, keys]) => [field, t(context, keys[0] as MessageKey)]))
        : undefined;
      return featureAnswer({ ok: false, message: t(context, `lineFeatures.errors.${error.code}` as MessageKey), fieldErrors }, error.httpStatus);
    }
  });
}
