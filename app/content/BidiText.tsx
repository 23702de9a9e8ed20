// A plain content text (a summary, an FAQ answer, a search snippet, a toast) with its codes, numbers and
// Latin runs isolated left to right (common/bidi.ts), so *130*1# never shows as #1*130* in Arabic. A USSD
// code is a link that dials it, unless the text is a title or is itself inside a link (`linkCodes={false}`).
import { isDialable, splitDirectionalRuns, ussdHref } from "../../common/bidi.ts";

export function BidiText({ text, linkCodes = true }: { text: string; linkCodes?: boolean }) {
  return (
    <>
      {splitDirectionalRuns(text).map(({ text: piece, run }, index) =>
        run === null ? (
          piece
        ) : run === "code" && linkCodes && isDialable(piece) ? (
          <a key={index} dir="ltr" href={ussdHref(piece)} className="font-bold text-brand-700 underline">
            {piece}
          </a>
        ) : (
          <bdi key={index} dir="ltr">
            {piece}
          </bdi>
        ),
      )}
    </>
  );
}
