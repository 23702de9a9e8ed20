// Form schemas of the line features (spec §3, §5, §7), shared by the spec API, the web UI and the tests.
// Messages are catalog keys (`validation.*`). Forms arrive with the spec's bracket names
// (`customerState[0].state`, `others[1].numbers[2]`); the body reader (server/edge/read-body.ts) nests them.
// The screens use line-features-rules.ts (no Zod) as they render.
import { z } from "./zod.ts";
import { CALLER_PERIODS, LINE_FEATURE_NUMBER_PATTERN, OPTION_TYPES } from "./constants.ts";
import { normaliseDigits } from "./language.ts";
import { numberForm } from "./account.ts";
import {
  AUTO_REPLY_EXCEPTIONS_MAX,
  AUTO_REPLY_MESSAGE_MAX,
  AUTO_REPLY_NUMBERS_MAX,
  CONDITIONAL_OPTION_TYPES,
  isLineFeatureNumber,
  LINE_VALIDATION,
} from "./line-features-rules.ts";

/** "0" | "1" | 0 | 1 → 0 | 1. */
export const zeroOrOne = z
  .union([z.string(), z.number()], { error: LINE_VALIDATION.choiceInvalid })
  .transform((value) => String(value).trim())
  .pipe(z.enum(["0", "1"], { error: LINE_VALIDATION.choiceInvalid }))
  .transform((value) => (value === "1" ? 1 : 0) as 0 | 1);

export const optionType = (max: number) =>
  z
    .union([z.string(), z.number()], { error: LINE_VALIDATION.choiceInvalid })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d$/, LINE_VALIDATION.choiceInvalid))
    .transform(Number)
    .pipe(z.number().max(max, LINE_VALIDATION.choiceInvalid));

/** A number typed on a line-feature screen: digits normalised, spaces dropped; "" allowed here. */
const typedLineNumber = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => normaliseDigits(String(value ?? "")).replace(/\s/g, ""));

export function uniqueTypes(options: { type: number }[], context: z.RefinementCtx) {
  const seen = new Set<number>();
  options.forEach((option, index) => {
    if (seen.has(option.type)) context.addIssue({ code: "custom", message: LINE_VALIDATION.optionTypeDuplicate, path: ["customerState", index, "type"] });
    seen.add(option.type);
  });
}

/** "All" on excludes the conditional options (they would never apply). */
function allExcludesConditional(options: { type: number; state: 0 | 1 }[], context: z.RefinementCtx) {
  if (!options.some((option) => option.type === OPTION_TYPES.all && option.state === 1)) return;
  options.forEach((option, index) => {
    if (CONDITIONAL_OPTION_TYPES.includes(option.type) && option.state === 1) {
      context.addIssue({ code: "custom", message: LINE_VALIDATION.allExcludesOthers, path: ["customerState", index, "state"] });
    }
  });
}

/** Main switch off clears every option (spec §4). */
export function clearedWhenOff<T extends { serviceState: 0 | 1; customerState: { state: 0 | 1 }[] }>(update: T): T {
  return update.serviceState === 1 ? update : { ...update, customerState: update.customerState.map((option) => ({ ...option, state: 0 as const })) };
}

/** callForward/activate: the main switch and up to four options, each with its target number. */
const serviceState = zeroOrOne.meta({ description: "1 on, 0 off (off clears every option)", example: "0" });

export const callForwardUpdateSchema = z
  .object({
    serviceState,
    customerState: z
      .array(z.object({ type: optionType(OPTION_TYPES.unreachable), state: zeroOrOne, number: typedLineNumber }), { error: LINE_VALIDATION.choiceInvalid })
      .max(4, LINE_VALIDATION.optionsTooMany)
      .default([]),
  })
  .transform(clearedWhenOff)
  .superRefine((update, context) => {
    uniqueTypes(update.customerState, context);
    allExcludesConditional(update.customerState, context);
    update.customerState.forEach((option, index) => {
      // A switched-on option needs a valid target; a typed but invalid number is refused too.
      if ((option.state === 1 || option.number !== "") && !isLineFeatureNumber(option.number)) {
        context.addIssue({ code: "custom", message: LINE_VALIDATION.lineNumberInvalid, path: ["customerState", index, "number"] });
      }
    });
  });

/** superClip/activate: the main switch and up to four options, no numbers. */
export const superClipUpdateSchema = z
  .object({
    serviceState,
    customerState: z
      .array(z.object({ type: optionType(OPTION_TYPES.unreachable), state: zeroOrOne }), { error: LINE_VALIDATION.choiceInvalid })
      .max(4, LINE_VALIDATION.optionsTooMany)
      .default([]),
  })
  .transform(clearedWhenOff)
  .superRefine((update, context) => uniqueTypes(update.customerState, context));

const autoReplyMessage = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => String(value ?? "").trim())
  .pipe(z.string().max(AUTO_REPLY_MESSAGE_MAX, LINE_VALIDATION.messageTooLong));

/** superClip/autoReply/activate: exceptions with an empty message are dropped (spec §5). */
export const autoReplySchema = z.object({
  generalMessage: autoReplyMessage,
  others: z
    .array(
      z
        .object({
          message: autoReplyMessage,
          numbers: z
            .array(typedLineNumber.pipe(z.string().regex(LINE_FEATURE_NUMBER_PATTERN, LINE_VALIDATION.lineNumberInvalid)))
            .max(AUTO_REPLY_NUMBERS_MAX, LINE_VALIDATION.numbersTooMany)
            .default([]),
        })
        .superRefine((exception, context) => {
          const seen = new Set<string>();
          exception.numbers.forEach((number, index) => {
            if (seen.has(number)) context.addIssue({ code: "custom", message: LINE_VALIDATION.numberDuplicate, path: ["numbers", index] });
            seen.add(number);
          });
        }),
    )
    .max(AUTO_REPLY_EXCEPTIONS_MAX, LINE_VALIDATION.exceptionsTooMany)
    .default([])
    .transform((others) => others.filter((exception) => exception.message !== "")),
});

/** superClip/myCallers/show: an empty number filter is allowed; a non-empty one must be valid. */
export const callerFilterSchema = z.object({
  gsmFilter: typedLineNumber.pipe(z.string().refine((value) => value === "" || isLineFeatureNumber(value), LINE_VALIDATION.lineNumberInvalid)),
  dateFilterType: z
    .union([z.string(), z.number()], { error: LINE_VALIDATION.choiceInvalid })
    .optional()
    .transform((value) => String(value ?? "0").trim())
    .pipe(z.enum(CALLER_PERIODS.map((period) => String(period.id)) as [string, ...string[]], { error: LINE_VALIDATION.choiceInvalid }))
    .transform(Number),
  page: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => String(value ?? "0").trim())
    .pipe(z.string().regex(/^\d{1,6}$/, LINE_VALIDATION.choiceInvalid))
    .transform(Number),
});

export type CallForwardUpdate = z.output<typeof callForwardUpdateSchema>;
export type SuperClipUpdate = z.output<typeof superClipUpdateSchema>;

// The spec API's bodies: the number a row acts on (normalised once, common/account.ts) and the form.
export const callForwardActivateForm = numberForm.and(callForwardUpdateSchema).meta({ id: "CallForwardActivation" });
export const superClipActivateForm = numberForm.and(superClipUpdateSchema).meta({ id: "SuperClipActivation" });
export const autoReplyActivateForm = numberForm.and(autoReplySchema).meta({ id: "AutoReplyActivation" });
export const callerSearchForm = numberForm.and(callerFilterSchema.omit({ page: true })).meta({ id: "CallerSearch" });
