// The edit-profile dialog (spec §3 profile edit, §5 rules): gender, city, job, birth date, address and
// email, checked with the shared schema before sending and by the server after; each message shows
// under its field. A successful save closes the dialog with a slide-up (none with reduced motion).
// The page loads this module when the dialog is first wanted, and the schema (with Zod) when it opens.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "../i18n/react.ts";
import { useFetcher } from "react-router";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import type { Profile } from "../../server/account/types.ts";
import type { NamedItem } from "../../server/reference/service.ts";
import { showToast } from "../shell/toast-queue.ts";
import { loadInTime } from "../shell/lazy-load.ts";
import { PROFILE_FORM_VIA } from "./params.ts";
import type { ProfileEditAnswer } from "./ProfilePage.tsx";
import { ProfileFields, type FieldErrors } from "./ProfileFields.tsx";
import { firstFieldErrors } from "../../common/field-errors.ts";

// Like every lazy part it may not arrive in time (loadInTime); the form is then checked by the server alone.
const loadProfileSchema = () => loadInTime(() => import("../../common/account.ts")).then((module) => module.profileUpdateSchema);

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
  const { t, messageOf } = useTranslation();
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

  // The schema is fetched as the dialog opens, so it is there by the time the visitor sends.
  useEffect(() => {
    if (isOpen) void loadProfileSchema().catch(() => {});
  }, [isOpen]);

  const checkBeforeSending = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = { ...Object.fromEntries(new FormData(form)), gsm: profile.gsm };
    // Without the schema (it failed to arrive) the form is sent and the server's messages show.
    const parsed = await loadProfileSchema().then((schema) => schema.safeParse(values), () => null);
    if (parsed && !parsed.success) {
      setErrors(firstFieldErrors(parsed.error.issues, messageOf));
      return;
    }
    setErrors({});
    void fetcher.submit(form, { method: "post", action: "/profile" });
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
          <fetcher.Form method="post" action="/profile" noValidate onSubmit={(event) => void checkBeforeSending(event)} className="flex flex-col gap-4">
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
