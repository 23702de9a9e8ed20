// Form schemas of the line features (spec §3, §5, §7), shared by the spec API, the web UI and the tests.
// Messages are catalog keys (`validation.*`). Forms arrive with the spec's bracket names
// (`customerState[0].state`, `others[1].numbers[2]`); nestFormFields turns them into objects first.
// The screens use line-features-rules.ts (no Zod) as they render.
import { z } from "./zod.ts";
import { CALLER_PERIODS, LINE_FEATURE_NUMBER_PATTERN, OPTION_TYPES } from "./constants.ts";
import { normaliseDigits } from "./language.ts";
import {
  AUTO_REPLY_EXCEPTIONS_MAX,
  AUTO_REPLY_MESSAGE_MAX,
  AUTO_REPLY_NUMBERS_MAX,
  CONDITIONAL_OPTION_TYPES,
  isLineFeatureNumber,
  LINE_VALIDATION,
} from "./line-features-rules.ts";

/** Index bound of a bracket form field: anything larger is not a form a client of ours sends. */
const FORM_INDEX_MAX = 50;

export class FormShapeError extends Error {
  constructor(readonly field: string) {
    super(`unusable form field ${field}`);
  }
}

/**
 * `customerState[1].number=…` → `{customerState: [, {number: …}]}`. Indexes above 50, or a name that is
 * not `name(.name|[n])*`, throw FormShapeError (a 400 for that field). Values are kept as they came.
 */
export function nestFormFields(fields: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*|\[\d{1,3}\])*$/.test(name)) throw new FormShapeError(name);
    const keys = name.match(/[A-Za-z_]\w*|\[\d+\]/g)!.map((token) => (token.startsWith("[") ? Number(token.slice(1, -1)) : token));
    let node: Record<string | number, unknown> = root;
    keys.forEach((key, position) => {
      if (typeof key === "number" && key > FORM_INDEX_MAX) throw new FormShapeError(name);
      const last = position === keys.length - 1;
      if (last) {
        node[key] = value;
        return;
      }
      const nextIsIndex = typeof keys[position + 1] === "number";
      const existing = node[key];
      if (existing === undefined || typeof existing !== "object" || existing === null || Array.isArray(existing) !== nextIsIndex) {
        node[key] = nextIsIndex ? [] : {};
      }
      node = node[key] as Record<string | number, unknown>;
    });
  }
  return root;
}

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
export const callForwardUpdateSchema = z
  .object({
    serviceState: zeroOrOne,
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
    serviceState: zeroOrOne,
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
