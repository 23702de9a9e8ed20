// The words that changed between two texts of a field, for the console's comparison of two versions: the
// longest common run of words is kept, the rest marked removed (before) or added (after). Whitespace stays
// attached to its word, so joining the parts of a side gives that side's text back exactly.

export interface DiffPart {
  text: string;
  change: "same" | "removed" | "added";
}

/** Beyond this many word pairs the two texts are shown whole, each marked changed (a bounded cost per field). */
const MAX_PAIRS = 4_000_000;

const wordsOf = (text: string) => text.match(/\s*\S+\s*|\s+/g) ?? [];

/** The parts of `before` (same or removed) and of `after` (same or added). */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
  const a = wordsOf(before);
  const b = wordsOf(after);
  if (a.length * b.length > MAX_PAIRS) {
    return { before: before ? [{ text: before, change: "removed" }] : [], after: after ? [{ text: after, change: "added" }] : [] };
  }
  const same = (i: number, j: number) => a[i]!.trim() === b[j]!.trim();
  // lengths[i][j]: the longest common run of a[i…] and b[j…] (one row of b.length + 1 per word of a).
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = same(i, j) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  }
  const parts = { before: [] as DiffPart[], after: [] as DiffPart[] };
  const push = (side: DiffPart[], text: string, change: DiffPart["change"]) => {
    const last = side[side.length - 1];
    if (last && last.change === change) last.text += text;
    else side.push({ text, change });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(i, j)) {
      push(parts.before, a[i++]!, "same");
      push(parts.after, b[j++]!, "same");
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push(parts.before, a[i++]!, "removed");
    else push(parts.after, b[j++]!, "added");
  }
  while (i < a.length) push(parts.before, a[i++]!, "removed");
  while (j < b.length) push(parts.after, b[j++]!, "added");
  return parts;
}
