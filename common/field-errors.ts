// The one place a schema's issues become field errors, for the server's edge and the browser's forms alike.
// Messages are catalog keys (translated where they are shown).
import type { z } from "zod";

/** Field path (`customerState.0.number`; "_" for the whole input) → the keys of its messages. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
  return errors;
}

/**
 * Field → its first message: what a form shows under each field ("_" for a single value). The key as it is,
 * or through `message` (a form's translator) when given.
 */
export function firstFieldErrors(issues: readonly z.core.$ZodIssue[], message: (key: string) => string = (key) => key): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrorsOf(issues)).map(([field, keys]) => [field, message(keys[0]!)]));
}
