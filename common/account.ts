// Form schemas of the accounts feature (spec §5), shared by the web UI, the spec API and the tests.
// Each issue's message is a catalog key (common/i18n/*.json, `validation.*`), translated where it is shown.
// The browser loads this module (and Zod) only when a form is checked; account-rules.ts has the rest.
import { z } from "./zod.ts";
import { VALIDATION } from "./account-rules.ts";
import { birthDateSchema } from "./birth-date.ts";
import { CODE_LENGTH, GENDER, LOGIN_NUMBER_PATTERN } from "./constants.ts";
import { normaliseDigits } from "./language.ts";

/** A mobile number of the operator's ranges, for login, register and add-number. */
export const loginNumberSchema = z
  .string({ error: VALIDATION.numberInvalid })
  .trim()
  .transform(normaliseDigits)
  .pipe(z.string().regex(LOGIN_NUMBER_PATTERN, VALIDATION.numberInvalid));

/** A number, RSA-OAEP-256 (SHA-256) encrypted with the site's public key, base64. */
export const encryptedNumberField = z
  .string({ error: VALIDATION.numberInvalid })
  .min(1, VALIDATION.numberInvalid)
  .max(1024, VALIDATION.numberInvalid)
  .meta({ description: "base64 RSA-OAEP-256 (SHA-256) ciphertext of the number, with the key of core/api/users/publicKey" });

/** The six-digit one-time code. */
export const codeSchema = z
  .string({ error: VALIDATION.codeIncomplete })
  .trim()
  .transform(normaliseDigits)
  .pipe(z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), VALIDATION.codeIncomplete));

const requiredId = (message: string) =>
  z.union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === "number" ? value : Number(normaliseDigits(value.trim()) || NaN)))
    .pipe(z.number({ error: message }).int(message).positive(message));

/** The edit-profile form (spec §3 profile edit, §5 rules): every field required, email well formed. */
export const profileUpdateSchema = z.object({
  gsm: loginNumberSchema.meta({ example: "0944123456" }),
  gender: z
    .union([z.string(), z.number()], { error: VALIDATION.genderRequired })
    .transform((value) => String(value).trim())
    .pipe(z.enum([String(GENDER.male), String(GENDER.female)], { error: VALIDATION.genderRequired }))
    .transform(Number)
    .meta({ description: "0 male, 1 female", example: "0" }),
  cityId: requiredId(VALIDATION.cityRequired).meta({ description: "an id of customerCare/api/city/all", example: "1" }),
  jobId: requiredId(VALIDATION.jobRequired).meta({ description: "an id of core/api/jobs/all", example: "1" }),
  birthDate: birthDateSchema,
  address: z.string({ error: VALIDATION.addressRequired }).trim().min(1, VALIDATION.addressRequired).max(300, VALIDATION.addressRequired).meta({ example: "Baghdad Street 12, Damascus" }),
  email: z
    .string({ error: VALIDATION.emailRequired })
    .trim()
    .min(1, VALIDATION.emailRequired)
    .pipe(z.email(VALIDATION.emailInvalid).max(254, VALIDATION.emailInvalid))
    .meta({ example: "name@example.com" }),
}).meta({ id: "ProfileUpdate" });

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * The web UI's code request (/account/code): what the code is for, and the number. A login or a
 * registration carries the number encrypted with the site's key, as login2 and signup2 do (spec §6);
 * a resend and an add-number carry it as it is, as resendCode and users/new do.
 */
export const codeRequestForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.enum(["login", "register"]), gsm: encryptedNumberField }),
    z.object({ intent: z.enum(["resend", "add-number"]), gsm: loginNumberSchema }),
  ],
  { error: VALIDATION.numberInvalid },
);

const verifyMode = z.enum(["login", "register", "add-number"], { error: VALIDATION.codeIncomplete }).optional();

/**
 * The web UI's code check (/account/verify): `number#code` encrypted with the site's key, or — from a
 * browser without WebCrypto — the number and the code as they are.
 */
export const codeVerifyForm = z.union(
  [
    z.object({ data: z.string().min(1, VALIDATION.codeIncomplete).max(1024, VALIDATION.codeIncomplete), mode: verifyMode }),
    z.object({ gsm: loginNumberSchema, code: codeSchema, mode: verifyMode }),
  ],
  { error: VALIDATION.codeIncomplete },
);

/** The welcome menu's choice of the selected number. */
export const selectNumberForm = z.object({ gsm: loginNumberSchema });

/**
 * The number a request names, as it is kept everywhere inside: trimmed, Arabic-Indic digits made Western.
 * This is the one place a submitted number is normalised; whether it is a number of ours, and the
 * caller's, is for the rules behind it (NUMBER_INVALID, NOT_YOUR_NUMBER).
 */
export const requestedNumber = z
  .union([z.string(), z.number()], { error: VALIDATION.numberInvalid })
  .transform((value) => normaliseDigits(String(value).trim()))
  .pipe(z.string().min(1, VALIDATION.numberInvalid).max(20, VALIDATION.numberInvalid))
  .meta({ description: "A mobile number, 09 and 8 digits (Arabic-Indic digits are accepted)", example: "0944123456" });

/** A spec API call about one number (profile, resendCode, users/new; a line feature's show). */
export const numberForm = z.object({ gsm: requestedNumber }).meta({ id: "NumberForm" });

/** login2 and signup2: the number, RSA-OAEP-256 encrypted with the key of core/api/users/publicKey. */
export const encryptedNumberForm = z.object({ gsm: encryptedNumberField }).meta({ id: "EncryptedNumber" });

/** signin and new/verify (and the hotline password): `number#code`, RSA-OAEP-256 encrypted. */
export const encryptedCodeField = z
  .string({ error: VALIDATION.codeIncomplete })
  .min(1, VALIDATION.codeIncomplete)
  .max(1024, VALIDATION.codeIncomplete)
  .meta({ description: "base64 RSA-OAEP-256 ciphertext of `number#code`, e.g. of 0944123456#123456" });
export const encryptedNumberAndCodeForm = z.object({ data: encryptedCodeField }).meta({ id: "EncryptedNumberAndCode" });
