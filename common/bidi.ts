// Codes, numbers and Latin words inside Arabic text. In a right-to-left paragraph the Unicode bidirectional
// algorithm gives the * and # of a USSD code the paragraph's direction, so *130*1# shows as #1*130* and a
// subscriber dials the wrong code; a phone number with spaces or "50 GB" come apart the same way. Each such
// run is found here, once, and isolated left to right where the text is shown: content HTML by the sanitiser
// (server/content/sanitize.ts), plain texts by BidiText (app/content/BidiText.tsx), SMS texts with Unicode
// isolates (isolateForSms). A USSD code becomes a tel: link that dials it (ussdHref).

const DIGITS = "0-9\u0660-\u0669\u06F0-\u06F9";
const LETTERS_AND_DIGITS = `A-Za-z\u00C0-\u024F${DIGITS}`;
/** Characters that may join the letters and digits of one word, inside it: 1,500  2.5  care@sama.example  e-mail  08:00. */
const JOINERS = ".,:/@_+\\-'’&%\u066B\u066C";
const WORD = `\\+?[${LETTERS_AND_DIGITS}](?:[${LETTERS_AND_DIGITS}${JOINERS}]*[${LETTERS_AND_DIGITS}%])?`;
/** A USSD code, or the start of one (*101* … #): a * or # first, then digits, * and #. */
const CODE = `(?<![${LETTERS_AND_DIGITS}*#])[*#]+[0-9][0-9*#]*`;
/** A code, or a run of left-to-right words with the spaces between them ("Sama Cash", "STOP W5", "+963 11 2345678"). */
const RUN = new RegExp(`(${CODE})|${WORD}(?:[ \u00A0]+${WORD})*`, "g");
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A piece of a text: plain (null), a USSD code, or another left-to-right run (numbers, Latin words). */
export interface DirectionalSegment {
  text: string;
  run: "code" | "ltr" | null;
}

export function hasArabic(text: string): boolean {
  return ARABIC.test(text);
}

/**
 * Splits `text` into plain pieces and the runs to isolate: USSD codes always (they also become links), and,
 * in right-to-left text (by default: text with an Arabic letter), every number and run of Latin words.
 */
export function splitDirectionalRuns(text: string, rtl = hasArabic(text)): DirectionalSegment[] {
  const segments: DirectionalSegment[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(RUN)) {
    const run = match[1] ? "code" : "ltr";
    if (run === "ltr" && !rtl) continue;
    if (match.index > plainFrom) segments.push({ text: text.slice(plainFrom, match.index), run: null });
    segments.push({ text: match[0], run });
    plainFrom = match.index + match[0].length;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), run: null });
  return segments;
}

/** A code a phone can dial as it is (*100#, *130*1#), rather than the start of one (*101* … #). */
export function isDialable(code: string): boolean {
  return /^[*#]+[0-9][0-9*#]*#$/.test(code);
}

/** The tel: link that dials a USSD code: * and # escaped (RFC 3966), else a phone drops what follows a #. */
export function ussdHref(code: string): string {
  return `tel:${code.replace(/\*/g, "%2A").replace(/#/g, "%23")}`;
}

const LEFT_TO_RIGHT_ISOLATE = "\u2066";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/**
 * A run the bidirectional algorithm lays out right without help: one word, or one number with its grouping
 * and decimal separators (1,500  2.5  50%). What sits between its characters cannot be reordered.
 */
const BARE_RUN = /^[\p{L}\p{N}]+(?:[.,\u066B\u066C]\p{N}+)*%?$/u;

/**
 * A text for a plain-text medium (an SMS): in Arabic text, each code and each run that could come apart
 * (with spaces, + * # @ : / between its pieces) wrapped in Unicode isolates (LRI … PDI), which phones'
 * text layout honours. A bare word or number is left as it is: it cannot be reordered, and each isolate
 * takes 2 of the 70 characters of an Arabic (UCS-2) SMS part — the code SMS would need two parts.
 */
export function isolateForSms(text: string): string {
  if (!hasArabic(text)) return text;
  return splitDirectionalRuns(text, true)
    .map(({ text: piece, run }) => (run === "code" || (run === "ltr" && !BARE_RUN.test(piece)) ? `${LEFT_TO_RIGHT_ISOLATE}${piece}${POP_DIRECTIONAL_ISOLATE}` : piece))
    .join("");
}
