// Links of the reservation flow (shared by the pages and the server-side guard).
import { LOGIN_NUMBER_PATTERN, RESERVE_NUMBER_PATH } from "../../common/constants.ts";

/** /reserve-number, with the chosen number when it is one of the operator's. */
export function reserveNumberPath(gsm: string | null | undefined): string {
  return gsm && LOGIN_NUMBER_PATTERN.test(gsm) ? `${RESERVE_NUMBER_PATH}?gsm=${gsm}` : RESERVE_NUMBER_PATH;
}
