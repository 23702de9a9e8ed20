// The birth date control of every form (the profile, the reservation): one text field in one format,
// yyyy-mm-dd, that takes Latin or Arabic-Indic digits (common/birth-date.ts makes them one date), with its
// label, the format described under it and its message, both read with the field. A plain input, so it
// works before and without JavaScript. Not <input type="date">: its look, its order of day, month and year
// and its digits follow the browser's locale rather than the page's, and it takes no typed Arabic-Indic
// digits.
import { useTranslation } from "../i18n/react.ts";
import { BIRTH_DATE_FORMAT } from "../../common/constants.ts";

export function BirthDateField({ idPrefix, defaultValue, error }: { idPrefix: string; defaultValue?: string; error?: string }) {
  const { t } = useTranslation();
  const id = `${idPrefix}-birthDate`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-bold text-slate-800">{t("birthDateField.label")}</label>
      <input
        id={id}
        name="birthDate"
        defaultValue={defaultValue}
        autoComplete="bday"
        dir="ltr"
        maxLength={10}
        placeholder={BIRTH_DATE_FORMAT}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-format ${id}-error` : `${id}-format`}
        className="rounded-lg border-2 border-slate-300 px-3 py-2 text-start font-normal focus:border-brand-600 aria-[invalid=true]:border-red-700"
      />
      <p id={`${id}-format`} className="text-sm text-slate-600">{t("birthDateField.format")}</p>
      {error ? <p id={`${id}-error`} className="text-sm font-bold text-red-700">{error}</p> : null}
    </div>
  );
}
