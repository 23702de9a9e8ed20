// Where My line lives and how a bundle's activation is asked for (the bundle pages link here; a guest
// following the link logs in and continues here).
export const MY_LINE_PATH = "/my-line";
/** `?activate=<bundle id>` opens the confirmation of that catalogue bundle. */
export const ACTIVATE_PARAM = "activate";

export function activateBundlePath(bundleId: number): string {
  return `${MY_LINE_PATH}?${ACTIVATE_PARAM}=${bundleId}`;
}

/** Top up by voucher (a guest following a link here logs in and continues here). */
export const TOP_UP_PATH = "/top-up";
