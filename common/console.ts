// The forms of the operator's console (issue 17): each schema is the one check of its page action.
// Messages are catalog keys (`console.validation.*`), shown in the page's language.
import { normaliseDigits } from "./language.ts";
import { z } from "./zod.ts";

/** The roles of staff (spec §6 "administrative roles", designed in issue 17). */
export const STAFF_ROLES = ["editor", "publisher", "centre-agent", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;
/** Recovery codes: 10 per enrolment, 10 characters each in groups of five (`abcde-fghij`). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;
/** Wrong logins that lock an account, and for how long. */
export const STAFF_LOGIN_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;
export const AUDIT_PAGE_SIZE = 20;

/** A staff e-mail as the login form takes it (trimmed, lower-cased); `npm run console:admin` checks with it too. */
export const staffEmail = z
  .string({ error: "console.validation.emailInvalid" })
  .trim()
  .max(254, "console.validation.emailInvalid")
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ error: "console.validation.emailInvalid" }));

const secondFactor = z
  .string({ error: "console.validation.codeRequired" })
  .transform((value) => normaliseDigits(value).trim().toLowerCase().replace(/\s+/g, ""))
  .refine((value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value), "console.validation.codeRequired");

export const consoleLoginForm = z.object({
  email: staffEmail,
  password: z.string({ error: "console.validation.passwordRequired" }).min(1, "console.validation.passwordRequired").max(STAFF_PASSWORD_MAX, "console.validation.passwordRequired"),
  code: secondFactor,
});

const totpOnly = z
  .string({ error: "console.validation.totpRequired" })
  .transform((value) => normaliseDigits(value).replace(/\s+/g, ""))
  .refine((value) => /^\d{6}$/.test(value), "console.validation.totpRequired");

/**
 * A reset second factor's link keeps the account's password: its first step asks for it (not a new one), its
 * second for the code of the new secret shown only then.
 */
export const factorResetPasswordForm = z.object({
  currentPassword: z.string({ error: "console.validation.passwordRequired" }).min(1, "console.validation.passwordRequired").max(STAFF_PASSWORD_MAX, "console.validation.passwordRequired"),
});
export const factorResetCodeForm = z.object({ code: totpOnly });
/** Which step of an enrolment page a post is: the reset link's password, or the code (every link). */
export const enrolmentStepForm = z.object({ step: z.enum(["password", "code"], { error: "console.validation.totpRequired" }).optional() });

export const enrolmentForm = z
  .object({
    password: z.string({ error: "console.validation.passwordTooShort" }).min(STAFF_PASSWORD_MIN, "console.validation.passwordTooShort").max(STAFF_PASSWORD_MAX, "console.validation.passwordTooLong"),
    confirmPassword: z.string({ error: "console.validation.passwordsDiffer" }).max(STAFF_PASSWORD_MAX, "console.validation.passwordsDiffer"),
    code: totpOnly,
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "console.validation.passwordsDiffer" });

/** The role checkboxes of the staff forms: one field each (a checked box sends any value). */
export const ROLE_FIELDS: Record<StaffRole, string> = { editor: "roleEditor", publisher: "rolePublisher", "centre-agent": "roleCentreAgent", admin: "roleAdmin" };
const checkbox = z.string({ error: "console.validation.roleInvalid" }).max(10, "console.validation.roleInvalid").optional();
const roleBoxes = { roleEditor: checkbox, rolePublisher: checkbox, roleCentreAgent: checkbox, roleAdmin: checkbox };

/** Centre ids of a centre agent, typed as a comma-separated list (content ids: letters, digits, dashes). */
const centres = z
  .string({ error: "console.validation.centresInvalid" })
  .max(500, "console.validation.centresInvalid")
  .optional()
  .transform((value) => [...new Set(normaliseDigits(value ?? "").split(/[,،\s]+/).filter(Boolean))].sort())
  // The ids of service centres (numbers, as the content's service-centres.json has them); the service checks
  // that each is a centre.
  .refine((ids) => ids.length <= 20 && ids.every((id) => /^\d{1,9}$/.test(id)), "console.validation.centresInvalid");

/** The roles and centres of a staff form, checked together: at least one role; centres for (and only for) agents. */
function withRoles<T extends { centres: string[] } & Partial<Record<string, unknown>>>(form: T) {
  const roles = STAFF_ROLES.filter((role) => form[ROLE_FIELDS[role]] !== undefined && form[ROLE_FIELDS[role]] !== "");
  return { ...form, roles };
}
const rolesChecked = (form: { roles: StaffRole[]; centres: string[] }, context: z.RefinementCtx) => {
  if (form.roles.length === 0) context.addIssue({ code: "custom", path: ["roles"], message: "console.validation.roleRequired" });
  else if (form.roles.includes("centre-agent") !== form.centres.length > 0) context.addIssue({ code: "custom", path: ["centres"], message: "console.validation.centresForAgents" });
};

export const inviteStaffForm = z
  .object({
    email: staffEmail,
    displayName: z.string({ error: "console.validation.nameRequired" }).trim().min(1, "console.validation.nameRequired").max(80, "console.validation.nameRequired"),
    centres,
    ...roleBoxes,
  })
  .transform(withRoles)
  .superRefine(rolesChecked);

const staffId = z.coerce.number({ error: "console.validation.staffInvalid" }).int("console.validation.staffInvalid").min(1, "console.validation.staffInvalid").max(Number.MAX_SAFE_INTEGER, "console.validation.staffInvalid");

export const updateStaffForm = z.object({ staffId, centres, ...roleBoxes }).transform(withRoles).superRefine(rolesChecked);

/** Disable, enable, reset the second factor: only the account. */
export const staffTargetForm = z.object({ staffId });

export const STAFF_INTENTS = ["invite", "update", "disable", "enable", "reset-factor"] as const;
export const staffIntentForm = z.object({ intent: z.enum(STAFF_INTENTS, { error: "console.validation.intentInvalid" }) });

/** The audit actions of the content scheduler's sweep: no staff member's, so the audit page names the scheduler. */
export const SCHEDULER_AUDIT_ACTIONS: readonly string[] = ["content.scheduled-publish", "content.scheduled-end", "content.schedule-failed"];

/** The audit page's filters (a GET form: query parameters). */
export const auditFilter = z.object({
  who: z.string().trim().max(254).optional().catch(undefined),
  action: z.string().trim().max(60).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AuditFilter = z.output<typeof auditFilter>;
