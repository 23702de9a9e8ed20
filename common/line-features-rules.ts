// The line features' rules that screens need while they render or as the visitor types, without Zod:
// message keys, limits, which options "all" excludes, and what a line-feature number is. The schemas,
// shared by the spec API, the routes' actions and the tests, are in line-features.ts.
import { LINE_FEATURE_NUMBER_PATTERN, OPTION_TYPES } from "./constants.ts";
import type { PlainKey } from "./message-key.ts";

export const LINE_VALIDATION = {
  lineNumberInvalid: "validation.lineNumberInvalid",
  choiceInvalid: "validation.choiceInvalid",
  optionsTooMany: "validation.optionsTooMany",
  optionTypeDuplicate: "validation.optionTypeDuplicate",
  allExcludesOthers: "validation.allExcludesOthers",
  messageTooLong: "validation.messageTooLong",
  numberDuplicate: "validation.numberDuplicate",
  exceptionsTooMany: "validation.exceptionsTooMany",
  numbersTooMany: "validation.numbersTooMany",
} as const satisfies Record<string, PlainKey>;

export const AUTO_REPLY_MESSAGE_MAX = 160;
export const AUTO_REPLY_EXCEPTIONS_MAX = 10;
export const AUTO_REPLY_NUMBERS_MAX = 20;
/** The conditional forwarding options that "all" excludes while it is on. */
export const CONDITIONAL_OPTION_TYPES: readonly number[] = [OPTION_TYPES.busy, OPTION_TYPES.noAnswer, OPTION_TYPES.unreachable];

export function isLineFeatureNumber(value: string): boolean {
  return LINE_FEATURE_NUMBER_PATTERN.test(value);
}
