// Call barring and hotline rules that screens need while they render, without Zod: the barring options,
// which options exclude which, and the hotline message keys and password limits. The schemas are in
// call-barring.ts.
import type { PlainKey } from "./message-key.ts";

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
} as const satisfies Record<string, PlainKey>;
export const SERVICE_PASSWORD_MIN = 8;
export const SERVICE_PASSWORD_MAX = 64;
