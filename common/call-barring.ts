// Call barring and hotline forms (designed by us: spec §1 lists them without details; spec §5 gives the
// hotline messages 'national ID required' and 'password required'). Messages are catalog keys.
import { z } from "./zod.ts";
import { codeSchema } from "./account.ts";
import { clearedWhenOff, LINE_VALIDATION, optionType, uniqueTypes, zeroOrOne } from "./line-features.ts";
import { normaliseDigits } from "./language.ts";

/** Barring options: two for incoming calls, three for outgoing ones. */
export const BARRING_TYPES = { allIncoming: 0, incomingRoaming: 1, allOutgoing: 2, outgoingInternational: 3, outgoingInternationalExceptHome: 4 } as const;
export const INCOMING_BARRING_TYPES = [BARRING_TYPES.allIncoming, BARRING_TYPES.incomingRoaming] as const;
export const OUTGOING_BARRING_TYPES = [BARRING_TYPES.allOutgoing, BARRING_TYPES.outgoingInternational, BARRING_TYPES.outgoingInternationalExceptHome] as const;

/**
 * Which options an option makes pointless while it is on: "all incoming" covers "incoming while roaming",
 * "all outgoing" covers both international ones, and the two international ones exclude each other.
 */
export const BARRING_EXCLUDES: Record<number, readonly number[]> = {
  [BARRING_TYPES.allIncoming]: [BARRING_TYPES.incomingRoaming],
  [BARRING_TYPES.allOutgoing]: [BARRING_TYPES.outgoingInternational, BARRING_TYPES.outgoingInternationalExceptHome],
  [BARRING_TYPES.outgoingInternational]: [BARRING_TYPES.outgoingInternationalExceptHome],
};

/** A lost-line bar lasts at most this long (the operator's rule); it ends by itself. */
export const BARRING_MAX_DAYS = 30;

export const HOTLINE_VALIDATION = {
  nationalIdRequired: "validation.nationalIdRequired",
  passwordRequired: "validation.passwordRequired",
  passwordTooShort: "validation.passwordTooShort",
  barringExcluded: "validation.barringExcluded",
} as const;
export const SERVICE_PASSWORD_MIN = 8;
export const SERVICE_PASSWORD_MAX = 64;

export const callBarringUpdateSchema = z
  .object({
    serviceState: zeroOrOne,
    customerState: z
      .array(z.object({ type: optionType(BARRING_TYPES.outgoingInternationalExceptHome), state: zeroOrOne }), { error: LINE_VALIDATION.choiceInvalid })
      .max(5, LINE_VALIDATION.optionsTooMany)
      .default([]),
  })
  .transform(clearedWhenOff)
  .superRefine((update, context) => {
    uniqueTypes(update.customerState, context);
    const on = new Set(update.customerState.filter((option) => option.state === 1).map((option) => option.type));
    update.customerState.forEach((option, index) => {
      const excludedBy = Object.entries(BARRING_EXCLUDES).some(([type, excluded]) => on.has(Number(type)) && excluded.includes(option.type));
      if (option.state === 1 && excludedBy) context.addIssue({ code: "custom", message: HOTLINE_VALIDATION.barringExcluded, path: ["customerState", index, "state"] });
    });
  });

const requiredText = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value) => String(value).trim()).pipe(z.string().min(1, message));

/** Deactivate or reactivate a line: the national ID registered for it and the service password. */
export const hotlineSchema = z.object({
  nationalId: requiredText(HOTLINE_VALIDATION.nationalIdRequired).transform((value) => normaliseDigits(value).replace(/\s/g, "")),
  password: requiredText(HOTLINE_VALIDATION.passwordRequired),
});

/** Set the service password: the one-time code just sent to the number, and the new password. */
export const servicePasswordSchema = z.object({
  code: codeSchema,
  password: requiredText(HOTLINE_VALIDATION.passwordRequired).pipe(
    z.string().min(SERVICE_PASSWORD_MIN, HOTLINE_VALIDATION.passwordTooShort).max(SERVICE_PASSWORD_MAX, HOTLINE_VALIDATION.passwordTooShort),
  ),
});
