// Text folding for search, the same on both sides: what is stored in search_documents.folded and what a
// visitor types. Arabic spelling variants meet (diacritics and tatweel dropped; alef forms, taa marbuta,
// alef maqsura and hamza seats folded; the definite article dropped), Arabic-Indic digits become ASCII, Latin letters
// lose case and accents.

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const FOLDS: Record<string, string> = {
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
  "\u0622": "\u0627", // آ → ا
  "\u0671": "\u0627", // ٱ → ا
  "\u0629": "\u0647", // ة → ه
  "\u0649": "\u064A", // ى → ي
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A", // ئ → ي
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "g");
/** The definite article, alone or after و ب ف ك, and لل (ل + ال), at the start of a word of 3+ letters after it. */
const ARABIC_ARTICLE = /^(?:[وبفك]?ال|لل)(?=[\u0621-\u064A]{3,})/;

export function foldSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(ARABIC_MARKS, "")
    .replace(FOLDABLE, (letter) => FOLDS[letter]!)
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    // Light stemming: "الإنترنت" and "إنترنت" are the same word to a reader (PostgreSQL's Arabic
    // stemmer treats them differently, so both sides drop the article first).
    .map((word) => word.replace(ARABIC_ARTICLE, ""))
    .join(" ");
}

/** Does `text` contain every word of `query`, both folded? (An empty query matches everything.) */
export function matchesQuery(text: string, query: string | undefined): boolean {
  const words = foldSearchText(query ?? "").split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const folded = foldSearchText(text);
  return words.every((word) => folded.includes(word));
}

/** Plain text of a sanitised HTML body (for search and for meta descriptions). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
