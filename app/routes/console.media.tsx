// /console/media (editors and publishers): upload an image for a news item or an about page. It is checked by
// its bytes, resized to the widths the site serves and kept in the database (server/content/media.ts); the
// page shows its base path to copy into the item's image field, and the recent uploads.
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/console.media";
import { consoleUploadForm, MEDIA_UPLOAD_MAX_BYTES, megabytes } from "../../common/console-uploads.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { listRecentMedia, storeUploadedImage, type StoredImage } from "../../server/content/media.ts";
import { validate } from "../../server/edge/app-error.ts";
import { BidiText } from "../content/BidiText.tsx";
import { buttonClass, ConsoleTable, FileField } from "../console/ConsoleShell.tsx";
import { MEDIA_PATH, MEDIA_ROLES } from "../console/paths.ts";
import { requireStaff, staffActor } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";

/** The smallest served width: what a thumbnail shows. */
const THUMBNAIL_WIDTH = 536;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ...MEDIA_ROLES);
  return { recent: await listRecentMedia(context.get(servicesContext).db), maxMegabytes: megabytes(MEDIA_UPLOAD_MAX_BYTES) };
}

interface Uploaded {
  ok: true;
  image: StoredImage;
}

export const action = pageAction(
  MEDIA_PATH,
  async ({ request, context, fields }) => {
    const staff = await requireStaff(request, context, ...MEDIA_ROLES);
    const { file } = validate(consoleUploadForm, fields);
    const image = await storeUploadedImage(context.get(servicesContext).db, staffActor(staff, context), file);
    return { ok: true, image } satisfies Uploaded;
  },
  { guard: (request, context) => requireStaff(request, context, ...MEDIA_ROLES) },
);

export default function ConsoleMedia({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const answer = useActionData<Uploaded | PageFailureAnswer>();
  const failure = answer && !answer.ok ? answer : undefined;
  const fileError = failure?.fieldErrors?.file;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.media.title")}</h1>
      <p className="mb-4 max-w-3xl">{t("console.media.intro")}</p>
      <section aria-label={t("console.media.submit")} className="mb-8 max-w-3xl">
        {failure && !fileError ? (
          // Type names and limits (JPEG, 5 MB) inside an Arabic message: isolated left to right.
          <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-900">
            <BidiText text={failure.message} linkCodes={false} />
          </p>
        ) : null}
        {answer?.ok ? (
          <section role="status" aria-labelledby="upload-done" className="mb-4 flex flex-wrap gap-4 rounded border border-green-700 bg-green-50 p-4">
            <img src={`${answer.image.base}-${THUMBNAIL_WIDTH}.jpg`} alt="" width={160} height={90} className="h-auto w-40 rounded object-cover" data-testid="uploaded-preview" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <h2 id="upload-done" className="font-semibold">
                {t("console.media.doneTitle")}
              </h2>
              <label htmlFor="uploaded-path" className="text-sm">
                {t("console.media.pathLabel")}
              </label>
              <input id="uploaded-path" readOnly dir="ltr" value={answer.image.base} className="min-w-0 rounded border border-gray-500 px-2 py-1 font-mono text-sm" data-testid="uploaded-path" />
              <p className="text-sm">
                {t("console.media.size")}: <bdi dir="ltr">{`${answer.image.width} × ${answer.image.height}`}</bdi>
              </p>
            </div>
          </section>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate>
          <FileField id="media-upload" label={<BidiText text={t("console.media.fileLabel", { megabytes: loaderData.maxMegabytes })} linkCodes={false} />} accept="image/jpeg,image/png,image/webp" error={fileError} />
          <button type="submit" className={`self-start ${buttonClass}`}>
            {t("console.media.submit")}
          </button>
        </Form>
      </section>
      <h2 className="mb-2 text-xl font-semibold">{t("console.media.recentTitle")}</h2>
      {loaderData.recent.length === 0 ? (
        <p>{t("console.media.none")}</p>
      ) : (
        <ConsoleTable label={t("console.media.recentLabel")} caption={t("console.media.recentTitle")} columns={[t("console.media.preview"), t("console.media.path"), t("console.media.size"), t("console.media.uploadedAt")]}>
          {loaderData.recent.map((image) => (
            <tr key={image.hash} className="border-b align-top">
              <td className="p-2">
                <img src={`${image.base}-${THUMBNAIL_WIDTH}.jpg`} alt="" width={96} height={54} loading="lazy" className="h-auto w-24 rounded object-cover" />
              </td>
              <td className="p-2">
                <bdi dir="ltr" className="break-all font-mono text-sm">
                  {image.base}
                </bdi>
              </td>
              <td className="p-2">
                <bdi dir="ltr">{`${image.width} × ${image.height}`}</bdi>
              </td>
              <td className="p-2">
                <bdi>{formatDateTime(language, image.createdAt, timeZone)}</bdi>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </>
  );
}
