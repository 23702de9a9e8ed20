// The six single-digit boxes of the one-time code (spec §5): digits only (Arabic-Indic accepted),
// auto-advance, Backspace on an empty box goes back, a pasted or autofilled code fills every box.
// No maxLength on the boxes: an autofilled code arrives whole in the first box and is spread out.
import { useId, useRef, type RefObject } from "react";
import { useTranslation } from "../i18n/react.ts";
import { CODE_LENGTH } from "../../common/constants.ts";
import { normaliseDigits } from "../../common/language.ts";

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => "");

const onlyDigits = (value: string) => normaliseDigits(value).replace(/\D/g, "");

export function CodeBoxes({
  digits,
  onChange,
  error,
  firstBoxRef,
}: {
  digits: string[];
  onChange(digits: string[]): void;
  error?: string;
  firstBoxRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` from box `start` on and moves on to the box after the last digit written. */
  const fill = (start: number, typed: string) => {
    const next = [...digits];
    // A whole code (autofill, paste) always starts at the first box.
    const from = typed.length >= CODE_LENGTH ? 0 : start;
    const written = typed.slice(0, CODE_LENGTH - from);
    for (let offset = 0; offset < written.length; offset++) next[from + offset] = written[offset]!;
    onChange(next);
    focusBox(from + written.length);
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <span id={labelId} className="font-bold text-slate-800">
        {t("auth.codeLabel")}
      </span>
      <div dir="ltr" className="flex justify-center gap-2">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
              if (index === 0 && firstBoxRef) firstBoxRef.current = element;
            }}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={t("auth.codeDigit", { position: index + 1, total: CODE_LENGTH })}
            aria-invalid={error ? true : undefined}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              const typed = onlyDigits(event.currentTarget.value);
              if (typed.length === 0) {
                const next = [...digits];
                next[index] = "";
                onChange(next);
              } else if (typed.length === 2 && digit !== "" && typed.includes(digit)) {
                // Typed into a full box with the caret beside the old digit: keep the new one.
                fill(index, typed.startsWith(digit) ? typed.slice(1) : typed.slice(0, 1));
              } else fill(index, typed);
            }}
            onPaste={(event) => {
              const typed = onlyDigits(event.clipboardData.getData("text"));
              event.preventDefault();
              if (typed) fill(index, typed);
            }}
            onKeyDown={(event) => {
              if (event.key === "Backspace" && digit === "" && index > 0) {
                event.preventDefault();
                focusBox(index - 1);
              } else if (event.key === "ArrowLeft") {
                event.preventDefault();
                focusBox(index - 1);
              } else if (event.key === "ArrowRight") {
                event.preventDefault();
                focusBox(index + 1);
              }
            }}
            className="h-12 w-11 rounded-lg border-2 border-slate-300 text-center text-xl font-bold focus:border-brand-600 aria-[invalid=true]:border-red-600"
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
