// Call barring and hotline forms (designed by us: spec §1 lists them without details; spec §5 gives the
// hotline messages 'national ID required' and 'password required'). Messages are catalog keys.
import { z } from "./zod.ts";
import { codeSchema, encryptedCodeField, loginNumberSchema, numberForm } from "./account.ts";
import { BARRING_EXCLUDES, BARRING_TYPES, HOTLINE_VALIDATION, SERVICE_PASSWORD_MAX, SERVICE_PASSWORD_MIN } from "./call-barring-rules.ts";
import { clearedWhenOff, optionType, uniqueTypes, zeroOrOne } from "./line-features.ts";
import { LINE_VALIDATION } from "./line-features-rules.ts";
import { normaliseDigits } from "./language.ts";

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

/** The hotline screen's forms: which of the account's lines, and what to do with it. */
export const HOTLINE_INTENTS = ["send-code", "set-password", "deactivate", "reactivate"] as const;
export const hotlineLineForm = z.object({
  gsm: loginNumberSchema,
  intent: z.enum(HOTLINE_INTENTS, { error: LINE_VALIDATION.choiceInvalid }),
});

// The spec API's bodies: the number a row acts on (normalised once, common/account.ts) and the form.
export const callBarringActivateForm = numberForm.and(callBarringUpdateSchema).meta({ id: "CallBarringActivation" });
export const hotlineProofForm = numberForm.and(hotlineSchema).meta({ id: "HotlineProof" });
export const servicePasswordForm = numberForm
  .and(z.object({ data: encryptedCodeField, password: servicePasswordSchema.shape.password.meta({ description: "The new service password, 8 to 64 characters" }) }))
  .meta({ id: "ServicePassword" });
