// The edit-profile dialog (spec §3 profile edit, §5 rules): gender, city, job, birth date, address and
// email, checked with the shared schema before sending and by the server after; each message shows
// under its field. A successful save closes the dialog with a slide-up (none with reduced motion).
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, Radio, RadioGroup, Text, TextField } from "react-aria-components";
import { profileUpdateSchema } from "../../common/account.ts";
import { BIRTH_DATE_FORMAT, GENDER } from "../../common/constants.ts";
import type { Profile } from "../../server/account/types.ts";
import type { NamedItem } from "../../server/reference/service.ts";
import { showToast } from "../shell/toast-queue.ts";
import type { ProfileEditAnswer } from "./ProfilePage.tsx";

export type FieldErrors = Record<string, string>;

const inputClass = "rounded-lg border-2 border-slate-300 px-3 py-2 focus:border-brand-600 aria-[invalid=true]:border-red-600";
const errorClass = "text-sm text-red-700";

export function EditProfileDialog({
  profile,
  cities,
  jobs,
  isOpen,
  onOpenChange,
}: {
  profile: Profile;
  cities: NamedItem[];
  jobs: NamedItem[];
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileEditAnswer>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) {
      showToast(answer.message, "success");
      setSaved(true);
      onOpenChange(false);
    } else {
      setErrors(answer.fieldErrors ?? {});
      if (answer.message) showToast(answer.message, "error");
    }
    // Only a new answer matters, not a new onOpenChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  const checkBeforeSending = (event: FormEvent<HTMLFormElement>) => {
    const parsed = profileUpdateSchema.safeParse({ ...Object.fromEntries(new FormData(event.currentTarget)), gsm: profile.gsm });
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t(issue.message);
    setErrors(found);
  };

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-stretch justify-center bg-black/50 nav:items-center nav:p-4 data-[exiting]:animate-[overlay-fade-out_300ms_ease-in_forwards] motion-reduce:data-[exiting]:animate-none"
    >
      <Modal
        data-closing={saved ? "slide-up" : undefined}
        className="edit-profile-modal w-full overflow-y-auto bg-white shadow-2xl nav:max-h-[90vh] nav:max-w-lg nav:rounded-2xl"
      >
        <Dialog aria-labelledby="edit-profile-title" className="flex flex-col gap-4 p-6 outline-none">
          <Heading slot="title" id="edit-profile-title" className="text-xl font-bold text-brand-800">
            {t("profile.edit")}
          </Heading>
          <fetcher.Form method="post" action="/profile" noValidate onSubmit={checkBeforeSending} className="flex flex-col gap-4">
            <input type="hidden" name={PROFILE_FORM_VIA} value="dialog" />
            <ProfileFields profile={profile} cities={cities} jobs={jobs} errors={errors} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" isDisabled={fetcher.state !== "idle"} className="rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60">
                {t("profile.save")}
              </Button>
              <Button slot="close" className="rounded-lg bg-slate-100 px-5 py-2.5 font-bold text-slate-800 hover:bg-slate-200">
                {t("profile.cancel")}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Where the form was sent from: the dialog (answered with data) or the plain page form (a redirect). */
export const PROFILE_FORM_VIA = "via";

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
      <TextField name="birthDate" defaultValue={profile.birthDate ?? ""} isInvalid={errors.birthDate !== undefined} validationBehavior="aria" className="flex flex-col gap-1.5">
        <Label className="font-bold text-slate-800">{t("profile.birthDate")}</Label>
        <Input dir="ltr" placeholder={BIRTH_DATE_FORMAT} autoComplete="bday" className={`${inputClass} text-start`} />
        <Text slot="description" className="text-sm text-slate-600">{t("profile.birthDateFormat")}</Text>
        <FieldError className={errorClass}>{errors.birthDate}</FieldError>
      </TextField>
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
