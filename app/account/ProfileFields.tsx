// The fields of the edit-profile form (spec §3 profile edit), each with its message under it: used by the
// dialog and, before the page is hydrated, by the plain form in the page. Loaded only when one of them shows.
import { useTranslation } from "../i18n/react.ts";
import { FieldError, Input, Label, Radio, RadioGroup, TextField } from "react-aria-components";
import { GENDER } from "../../common/constants.ts";
import { BirthDateField } from "../pages/BirthDateField.tsx";
import type { Profile } from "../../server/account/types.ts";
import type { NamedItem } from "../../server/reference/service.ts";

export type FieldErrors = Record<string, string>;

const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
const errorClass = "text-sm text-red-700";

/** The fields of the profile form, with each field's message under it. */
export function ProfileFields({ profile, cities, jobs, errors }: { profile: Profile; cities: NamedItem[]; jobs: NamedItem[]; errors: FieldErrors }) {
  const { t } = useTranslation();
  const selectField = (name: "cityId" | "jobId", label: string, choose: string, items: NamedItem[], value: number | null) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`profile-${name}`} className="font-bold text-slate-800">{label}</label>
      <select
        id={`profile-${name}`}
        name={name}
        defaultValue={value ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `profile-${name}-error` : undefined}
        className={`${inputClass} bg-white`}
      >
        <option value="">{choose}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>{item.name}</option>
        ))}
      </select>
      {errors[name] ? <p id={`profile-${name}-error`} className={errorClass}>{errors[name]}</p> : null}
    </div>
  );

  return (
    <>
      <RadioGroup
        name="gender"
        defaultValue={profile.gender === null ? undefined : String(profile.gender)}
        isInvalid={errors.gender !== undefined}
        validationBehavior="aria"
        orientation="horizontal"
        className="flex flex-col gap-1.5"
      >
        <Label className="font-bold text-slate-800">{t("profile.gender")}</Label>
        <div className="flex gap-6">
          {([["male", GENDER.male], ["female", GENDER.female]] as const).map(([label, value]) => (
            <Radio key={value} value={String(value)} className="group flex cursor-pointer items-center gap-2 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600">
              <span aria-hidden="true" className="h-4 w-4 rounded-full border-2 border-slate-400 group-has-[:checked]:border-[5px] group-has-[:checked]:border-brand-700" />
              {t(`profile.${label}`)}
            </Radio>
          ))}
        </div>
        <FieldError className={errorClass}>{errors.gender}</FieldError>
      </RadioGroup>
      {selectField("cityId", t("profile.city"), t("profile.chooseCity"), cities, profile.cityId)}
      {selectField("jobId", t("profile.job"), t("profile.chooseJob"), jobs, profile.jobId)}
      <BirthDateField idPrefix="profile" defaultValue={profile.birthDate ?? ""} error={errors.birthDate} />
      <TextField name="address" defaultValue={profile.address ?? ""} isInvalid={errors.address !== undefined} validationBehavior="aria" className="flex flex-col gap-1.5">
        <Label className="font-bold text-slate-800">{t("profile.address")}</Label>
        <Input autoComplete="street-address" className={inputClass} />
        <FieldError className={errorClass}>{errors.address}</FieldError>
      </TextField>
      <TextField name="email" type="email" defaultValue={profile.email ?? ""} isInvalid={errors.email !== undefined} validationBehavior="aria" className="flex flex-col gap-1.5">
        <Label className="font-bold text-slate-800">{t("profile.email")}</Label>
        <Input dir="ltr" autoComplete="email" className={`${inputClass} text-start`} />
        <FieldError className={errorClass}>{errors.email}</FieldError>
      </TextField>
    </>
  );
}
