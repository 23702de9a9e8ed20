// /console/content-files (publishers and admins): the content as files. Download every file in one zip or
// each on its own; import an archive or one file with the same all-or-nothing checks as content:load.
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/console.content-files";
import { consoleUploadForm, CONTENT_UPLOAD_MAX_BYTES, megabytes } from "../../common/console-uploads.ts";
import { contentFilesOfUpload, importContentFiles, type ContentImport } from "../../server/content/content-files.ts";
import { contentFileCounts } from "../../server/content/export.ts";
import { validate } from "../../server/edge/app-error.ts";
import { BidiText } from "../content/BidiText.tsx";
import { buttonClass, ConsoleTable, FileField } from "../console/ConsoleShell.tsx";
import { CONTENT_ARCHIVE_NAME, CONTENT_FILES_PATH, CONTENT_FILES_ROLES, CONTENT_IMPORT_ROLES } from "../console/paths.ts";
import { requireStaff, staffActor } from "../console/staff.server.ts";
import { requestContext, servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";

const DOWNLOAD_PATH = `${CONTENT_FILES_PATH}/download`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ...CONTENT_FILES_ROLES);
  const canImport = CONTENT_IMPORT_ROLES.some((role) => staff.roles.includes(role));
  return { files: await contentFileCounts(context.get(servicesContext).db), maxMegabytes: megabytes(CONTENT_UPLOAD_MAX_BYTES), canImport };
}

interface Imported extends ContentImport {
  ok: true;
}

export const action = pageAction(
  CONTENT_FILES_PATH,
  async ({ request, context, fields }) => {
    const staff = await requireStaff(request, context, ...CONTENT_IMPORT_ROLES);
    const { file } = validate(consoleUploadForm, fields);
    const files = await contentFilesOfUpload(file);
    const { db, contentClock } = context.get(servicesContext);
    const result = await importContentFiles(db, staffActor(staff, context), files, context.get(requestContext).language, contentClock());
    return { ok: true, ...result } satisfies Imported;
  },
  { guard: (request, context) => requireStaff(request, context, ...CONTENT_IMPORT_ROLES) },
);

export default function ConsoleContentFiles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<Imported | PageFailureAnswer>();
  const failure = answer && !answer.ok ? answer : undefined;
  const fileError = failure?.fieldErrors?.file;
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("console.contentFiles.title")}</h1>
      <p className="mb-4 max-w-3xl">
        <BidiText text={t("console.contentFiles.intro")} linkCodes={false} />
      </p>
      <p className="mb-6">
        <a href={`${DOWNLOAD_PATH}/${CONTENT_ARCHIVE_NAME}`} download className={`inline-block ${buttonClass}`}>
          {t("console.contentFiles.downloadAll")}
        </a>
      </p>
      <section aria-labelledby="import-title" className="mb-8 max-w-3xl">
        <h2 id="import-title" className="mb-2 text-xl font-semibold">
          {t("console.contentFiles.importTitle")}
        </h2>
        {failure && !fileError ? (
          // The message may name a file, an item and a field: Latin runs isolated inside Arabic.
          <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-900">
            <BidiText text={failure.message} linkCodes={false} />
          </p>
        ) : null}
        {answer?.ok ? (
          <section role="status" aria-labelledby="import-done" className="mb-4 rounded border border-green-700 bg-green-50 p-4">
            <h3 id="import-done" className="mb-2 font-semibold">
              {t("console.contentFiles.doneTitle")}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>{t("console.contentFiles.doneFiles")}</dt>
              <dd data-testid="imported-files">
                <bdi>{Object.keys(answer.files).length}</bdi>
              </dd>
              <dt>{t("console.contentFiles.doneChanged")}</dt>
              <dd data-testid="changed-items">
                <bdi>{total(answer.changed)}</bdi>
              </dd>
            </dl>
          </section>
        ) : null}
        {loaderData.canImport ? null : <p>{t("console.contentFiles.importPublisherOnly")}</p>}
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate hidden={!loaderData.canImport}>
          <p id="import-hint">
            <BidiText text={t("console.contentFiles.importHint", { megabytes: loaderData.maxMegabytes })} linkCodes={false} />
          </p>
          <FileField id="content-upload" label={t("console.contentFiles.fileLabel")} accept=".zip,.json,application/zip,application/json" hintId="import-hint" error={fileError} />
          <button type="submit" className={`self-start ${buttonClass}`}>
            {t("console.contentFiles.submit")}
          </button>
        </Form>
      </section>
      <ConsoleTable label={t("console.contentFiles.tableLabel")} caption={t("console.contentFiles.title")} columns={[t("console.contentFiles.file"), t("console.contentFiles.items"), t("console.contentFiles.download")]}>
        {loaderData.files.map(({ file, items }) => (
          <tr key={file} className="border-b">
            <td className="p-2">
              <bdi dir="ltr" className="font-mono">
                {file}
              </bdi>
            </td>
            <td className="p-2">
              <bdi>{items}</bdi>
            </td>
            <td className="p-2">
              <a href={`${DOWNLOAD_PATH}/${file}`} download className="text-violet-800 underline" aria-label={t("console.contentFiles.downloadFile", { file })}>
                {t("console.contentFiles.download")}
              </a>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
