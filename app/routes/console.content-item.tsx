// /console/content/:kind/:key and /console/content/:kind/new (editors, publishers): an item's edit form with
// its Arabic and English fields side by side, its state, the buttons of the staff member's roles (save a
// draft; a publisher also publishes now, schedules, takes down, rolls back), a preview as guests will see
// it, and its history with a field diff of two versions.
import { Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/console.content-item";
import { cellName, compareQuery, contentFieldsOf, contentIntentForm, formRowsOf, formValueOf, itemFromForm, revisionForm, scheduleForm, type ContentField } from "../../common/content-forms.ts";
import { CONTENT_KINDS, isContentKind, itemKeyOf, KINDS_WITH_END, parseItemKey, type ContentKind } from "../../common/content-schemas.ts";
import { formatDateTime } from "../../common/format.ts";
import { useOperatorTimeZone } from "../shell/operator-time-zone.ts";
import { isLanguage, LANGUAGES, type Language } from "../../common/language.ts";
import { wordDiff } from "../../common/word-diff.ts";
import { instantOfLocalTime } from "../../common/zoned-time.ts";
import { ConsoleError } from "../../server/console/errors.ts";
import { contentItemPage, titlesOf } from "../../server/content/content-console.ts";
import { guestPathOf } from "../../server/content/guest-paths.ts";
import { diffRevisions, discardDraft, rollback, saveAndPublish, saveDraft, schedule, unpublish } from "../../server/content/revisions.ts";
import { validate } from "../../server/edge/app-error.ts";
import { buttonClass, ConsoleTable, Field, FormMessage } from "../console/ConsoleShell.tsx";
import { CONTENT_ROLES, contentNotFound, kindOf, PUBLISHER, sanitisedHtmlOf } from "../console/content.server.ts";
import { requireStaff, staffActor } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";
import { pageAction, type PageFailureAnswer } from "../page-action.server.ts";

const DONE = ["saved", "published", "scheduled", "discarded", "unpublished", "rolled-back"] as const;
type Done = (typeof DONE)[number];
const DONE_MESSAGE = {
  saved: "console.content.saved",
  published: "console.content.published",
  scheduled: "console.content.scheduledDone",
  discarded: "console.content.discarded",
  unpublished: "console.content.unpublished",
  "rolled-back": "console.content.rolledBack",
} as const satisfies Record<Done, string>;

const itemPath = (kind: ContentKind, key: string) => `/console/content/${kind}/${encodeURIComponent(key)}`;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ...CONTENT_ROLES);
  const kind = kindOf(params, context);
  const { db, config } = context.get(servicesContext);
  const fields = contentFieldsOf(kind);
  const canPublish = staff.roles.includes("publisher");
  const url = new URL(request.url);
  const doneParam = url.searchParams.get("done");
  const done = DONE.find((value) => value === doneParam) ?? null;
  const key = "key" in params && typeof params.key === "string" ? params.key : null;
  if (key === null) {
    return { kind, key: null, fields, canPublish, done, values: {} as Record<string, unknown>, sanitised: {}, page: null, guestPath: null, diff: null, title: null, preview: null };
  }
  const page = parseItemKey(kind, key) === null ? null : await contentItemPage(db, kind, key);
  const item = page ?? contentNotFound(context);
  const values = (item.draft?.data ?? item.scheduled[0]?.data ?? item.live ?? item.history[0]?.data ?? {}) as Record<string, unknown>;
  const { compare, with: against } = compareQuery.parse(Object.fromEntries(url.searchParams));
  // Versions of another item (or none) compare to nothing; any other failure is the page's.
  const diff =
    compare && against
      ? await diffRevisions(db, kind, key, compare, against).then(
          (result) => ({ a: result.before.id, b: result.after.id, changes: result.changes }),
          (error: unknown) => {
            if (error instanceof ConsoleError) return null;
            throw error;
          },
        )
      : null;
  const history = item.history.map((revision) => ({
    id: revision.id,
    state: revision.state as "draft" | "scheduled" | "published" | "superseded" | "ended" | "discarded",
    origin: revision.origin as "edit" | "rollback" | "import",
    createdAt: revision.createdAt.toISOString(),
    publishedAt: revision.publishedAt?.toISOString() ?? null,
  }));
  return {
    kind,
    key,
    fields,
    canPublish,
    done,
    values,
    sanitised: sanitisedHtmlOf(kind, values),
    title: titlesOf(values),
    guestPath: item.live ? guestPathOf(kind, item.live, config.COMPANY_SLUG) : null,
    diff,
    // The version a preview shows: the draft, else the next scheduled one, else the published one.
    preview: previewOf(item.draft?.id ?? item.scheduled[0]?.id ?? item.published?.id ?? null, url.searchParams.get("preview")),
    page: {
      live: item.live !== null,
      draft: item.draft ? { id: item.draft.id, updatedAt: item.draft.updatedAt.toISOString() } : null,
      scheduled: item.scheduled.map((revision) => ({ id: revision.id, publishAt: revision.publishAt?.toISOString() ?? null, endAt: revision.endAt?.toISOString() ?? null })),
      endAt: item.published?.endAt?.toISOString() ?? null,
      history,
    },
  };
}

function previewOf(revision: number | null, language: string | null): { revision: number; language: Language } | null {
  return revision === null ? null : { revision, language: isLanguage(language) ? language : "ar" };
}

export const action = pageAction(
  "/console/content/:kind/:key",
  async ({ request, context, fields, params }) => {
    const staff = await requireStaff(request, context, ...CONTENT_ROLES);
    const actor = staffActor(staff, context);
    const { db, config, contentClock } = context.get(servicesContext);
    if (!params.kind || !isContentKind(params.kind)) throw new ConsoleError("CONTENT_NOT_FOUND");
    const kind = params.kind;
    const key = params.key ?? null;
    if (key !== null && parseItemKey(kind, key) === null) throw new ConsoleError("CONTENT_NOT_FOUND");
    const { intent } = validate(contentIntentForm, fields);
    if (intent !== "save" && intent !== "discard") await requireStaff(request, context, ...PUBLISHER);
    if (intent === "save" || intent === "publish") {
      const { item, fieldErrors } = itemFromForm(kind, fields);
      if (Object.keys(fieldErrors).length > 0) throw new ConsoleError("CONTENT_INVALID", { fieldErrors });
      const draft = intent === "publish" ? await saveAndPublish(db, actor, kind, key, item, contentClock()) : await saveDraft(db, actor, kind, key, item);
      return redirect(`${itemPath(kind, itemKeyOf(kind, draft.data as Record<string, unknown>))}?done=${intent === "publish" ? "published" : "saved"}`);
    }
    if (key === null) throw new ConsoleError("CONTENT_NOT_FOUND");
    if (intent === "unpublish") {
      await unpublish(db, actor, kind, key, contentClock());
      return redirect(`${itemPath(kind, key)}?done=unpublished`);
    }
    if (intent === "schedule") {
      const form = validate(scheduleForm, fields);
      const zone = config.OPERATOR_TIME_ZONE;
      await schedule(db, actor, kind, key, form.revision, { publishAt: instantOfLocalTime(form.publishAt, zone), endAt: form.endAt ? instantOfLocalTime(form.endAt, zone) : null }, contentClock());
      return redirect(`${itemPath(kind, key)}?done=scheduled`);
    }
    const { revision } = validate(revisionForm, fields);
    if (intent === "discard") await discardDraft(db, actor, kind, key, revision, { mayCancelSchedule: staff.roles.includes("publisher") });
    else await rollback(db, actor, kind, key, revision, contentClock());
    return redirect(`${itemPath(kind, key)}?done=${intent === "discard" ? "discarded" : "rolled-back"}`);
  },
  { guard: (request, context) => requireStaff(request, context, ...CONTENT_ROLES) },
);

/** The catalog key of an enum value's name (common/content-forms.test.ts checks every value has one). */
const optionKey = (option: string) => `console.content.options.${option}` as "console.content.options.data";

const inputClass = "w-full min-w-0 rounded border border-gray-500 px-3 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-violet-700";
const smallButton = "rounded border border-violet-800 px-3 py-1 text-violet-900";

export default function ConsoleContentItem({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const answer = useActionData<PageFailureAnswer>();
  const { kind, key, fields, canPublish, page } = loaderData;
  const kindName = t(`console.content.kinds.${kind}`);
  // After a refused post the form shows what was sent (an unchecked box sends nothing: unchecked).
  const values = (field: ContentField) => (answer?.values ? (answer.values[field.name] ?? (field.input === "boolean" ? "" : formValueOf(field, loaderData.values[field.name]))) : formValueOf(field, loaderData.values[field.name]));
  const errorOf = (name: string) => answer?.fieldErrors?.[name] ?? Object.entries(answer?.fieldErrors ?? {}).find(([path]) => path.startsWith(`${name}.`))?.[1];
  const pairs = [...new Set(fields.filter((field) => field.pair).map((field) => field.pair!))];
  const others = fields.filter((field) => !field.pair);
  const title = loaderData.title ? (language === "ar" ? loaderData.title.ar : loaderData.title.en) : null;
  return (
    <>
      <p className="mb-2 flex flex-wrap gap-x-4">
        <Link to="/console/content" className="text-violet-800 underline">
          {t("console.content.allKinds")}
        </Link>
        <Link to={`/console/content/${kind}`} className="text-violet-800 underline">
          {kindName}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{key === null ? t("console.content.newTitle", { kind: kindName }) : t("console.content.editTitle", { kind: kindName, title: title ?? key })}</h1>
      <div className="mb-4 flex flex-col gap-2">
        <FormMessage message={answer?.message} />
        {loaderData.done && !answer ? <FormMessage tone="success" message={t(DONE_MESSAGE[loaderData.done])} /> : null}
      </div>
      {page ? <ItemStatus page={page} guestPath={loaderData.guestPath} language={language} /> : null}
      <Form method="post" noValidate className="mb-8 flex flex-col gap-6" aria-label={t("console.content.title")}>
        {pairs.map((pair) => (
          <div key={pair} className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {(["ar", "en"] as const)
              .map((language) => fields.find((field) => field.pair === pair && field.language === language)!)
              .map((field) => (
                <ContentInput key={field.name} field={field} value={values(field)} error={errorOf(field.name)} sanitised={loaderData.sanitised[field.name as keyof typeof loaderData.sanitised]} locked={false} />
              ))}
          </div>
        ))}
        <fieldset className="grid grid-cols-1 gap-4 border-t pt-4 md:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{t("console.content.otherFields")}</legend>
          {others.map((field) =>
            field.input === "list" || field.input === "group" ? (
              <ContentRows key={field.name} field={field} value={loaderData.values[field.name]} error={errorOf(field.name)} />
            ) : (
              <ContentInput key={field.name} field={field} value={values(field)} error={errorOf(field.name)} locked={key !== null && field.name === CONTENT_KINDS[kind].key} />
            ),
          )}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            {t("console.content.save")}
          </button>
          {canPublish ? (
            <button type="submit" name="intent" value="publish" className={buttonClass}>
              {t("console.content.saveAndPublish")}
            </button>
          ) : (
            <p>{t("console.content.editorOnly")}</p>
          )}
        </div>
      </Form>
      {loaderData.preview && key !== null ? <Preview kind={kind} itemKey={key} preview={loaderData.preview} /> : null}
      {page && key !== null ? <ItemActions kind={kind} page={page} canPublish={canPublish} answer={answer} /> : null}
      {page && key !== null ? <History page={page} canPublish={canPublish} diff={loaderData.diff} language={language} /> : null}
    </>
  );
}

function ContentInput({ field, value, error, sanitised, locked }: { field: ContentField; value: string; error?: string; sanitised?: string; locked: boolean }) {
  const { t } = useTranslation();
  const id = `content-${field.name}`;
  const base = t(`console.content.fields.${(field.pair ?? field.name) as "id"}`);
  const label = field.language ? t("console.content.inLanguage", { field: base, language: t(field.language === "ar" ? "console.content.arabic" : "console.content.english") }) : base;
  const direction = field.language ? { dir: field.language === "ar" ? ("rtl" as const) : ("ltr" as const), lang: field.language } : { dir: "ltr" as const };
  const hintId = `${id}-hint`;
  const hint = field.input === "json" ? t("console.content.jsonHint") : field.input === "html" ? t("console.content.htmlHint") : field.nullable ? t("console.content.emptyIsNone") : null;
  const describedBy = [hint ? hintId : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: inputClass };
  let control;
  if (field.input === "boolean") {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" name={field.name} defaultChecked={value === "on"} aria-describedby={describedBy} />
          {base}
        </label>
        {error ? <p id={`${id}-error`} className="text-sm text-red-800">{error}</p> : null}
      </div>
    );
  }
  if (field.input === "enum") {
    control = (
      <select {...common} defaultValue={value}>
        {field.nullable ? <option value="">{t("console.content.none")}</option> : null}
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {t(optionKey(option))}
          </option>
        ))}
      </select>
    );
  } else if (field.input === "html" || field.input === "long-text" || field.input === "json") {
    control = <textarea {...common} {...direction} defaultValue={value} rows={field.input === "long-text" ? 3 : 8} className={`${inputClass} ${field.input === "long-text" ? "" : "font-mono text-sm"}`} />;
  } else {
    control = (
      <input
        {...common}
        {...direction}
        type={field.input === "date" ? "date" : "text"}
        inputMode={field.input === "number" ? "decimal" : undefined}
        defaultValue={value}
        readOnly={locked}
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {sanitised !== undefined ? (
        <details className="rounded border border-gray-300 p-2">
          <summary className="cursor-pointer text-sm">{t("console.content.sanitised")}</summary>
          <div className="prose max-w-none break-words" {...direction} dangerouslySetInnerHTML={{ __html: sanitised }} />
        </details>
      ) : null}
    </div>
  );
}

/** The version shown as guests will see it, at phone and desktop width, in the chosen language. */
function Preview({ kind, itemKey, preview }: { kind: ContentKind; itemKey: string; preview: { revision: number; language: Language } }) {
  const { t } = useTranslation();
  const languageName = t(preview.language === "ar" ? "console.content.arabic" : "console.content.english");
  const source = `/console/preview/${preview.revision}?language=${preview.language}`;
  return (
    <section aria-labelledby="preview-title" className="mb-8">
      <h2 id="preview-title" className="mb-2 text-xl font-semibold">
        {t("console.content.previewTitle")}
      </h2>
      <p className="mb-2">{t("console.content.previewOf", { version: preview.revision })}</p>
      <nav aria-label={t("console.content.previewLanguage")} className="mb-3 flex gap-3">
        {LANGUAGES.map((language) => (
          <Link
            key={language}
            to={`${itemPath(kind, itemKey)}?preview=${language}#preview-title`}
            aria-current={language === preview.language ? "true" : undefined}
            className={`rounded border px-3 py-1 ${language === preview.language ? "border-violet-800 bg-violet-800 text-white" : "border-violet-800 text-violet-900"}`}
            lang={language}
          >
            {t(language === "ar" ? "console.content.arabic" : "console.content.english")}
          </Link>
        ))}
      </nav>
      <div className="flex flex-col gap-4">
        {[
          { width: 390, label: t("console.content.previewPhone", { language: languageName }) },
          { width: 1280, label: t("console.content.previewDesktop", { language: languageName }) },
        ].map((frame) => (
          <div key={frame.width} role="region" aria-label={frame.label} tabIndex={0} className="max-w-full overflow-x-auto rounded border border-gray-300">
            <iframe src={source} title={frame.label} width={frame.width} height={720} sandbox="allow-same-origin" className="block bg-white" style={{ width: frame.width, maxWidth: "none" }} data-testid={`preview-${frame.width}`} />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * A nested list (a bundle's allowances, a country's operators, a centre's phones, hours and services): one
 * row per element, and an empty row for a new one; an emptied row is removed when saved.
 */
function ContentRows({ field, value, error }: { field: ContentField; value: unknown; error?: string }) {
  const { t } = useTranslation();
  const id = `content-${field.name}`;
  const label = t(`console.content.fields.${field.name as "id"}`);
  const rows = formRowsOf(field, value);
  const columns = field.input === "group" ? field.columns! : [{ ...field.element!, name: "" }];
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 md:col-span-2" aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}>
      <legend className="font-medium">{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {t("console.content.rowsHint")}
      </p>
      {rows.map((row, index) => (
        <fieldset key={index} className="flex min-w-0 flex-wrap items-end gap-2 rounded border border-gray-300 p-2">
          <legend className="px-1 text-sm">{t("console.content.rowOf", { field: label, number: index + 1 })}</legend>
          {columns.map((column) => {
            const name = cellName(field, index, column.name);
            const cellId = `content-${name.replace(/[[\].]/g, "-")}`;
            return (
              <label key={column.name} htmlFor={cellId} className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                {column.name ? t(`console.content.fields.${column.name as "id"}`) : label}
                {column.input === "enum" ? (
                  <select id={cellId} name={name} defaultValue={row[column.name]} className={inputClass}>
                    <option value="">{t("console.content.choose")}</option>
                    {column.options!.map((option) => (
                      <option key={option} value={option}>
                        {t(optionKey(option))}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input id={cellId} name={name} defaultValue={row[column.name]} className={inputClass} dir="ltr" inputMode={column.input === "number" ? "decimal" : undefined} />
                )}
                {column.input === "words" && column.element!.options ? <span className="text-gray-700">{t("console.content.wordsHint", { words: column.element!.options.join(", ") })}</span> : null}
              </label>
            );
          })}
        </fieldset>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type ItemPage = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

function ItemStatus({ page, guestPath, language }: { page: ItemPage; guestPath: string | null; language: Language }) {
  const { t } = useTranslation();
  const timeZone = useOperatorTimeZone();
  return (
    <section aria-labelledby="status-title" className="mb-6 rounded border border-gray-300 p-4">
      <h2 id="status-title" className="mb-2 text-lg font-semibold">
        {t("console.content.statusTitle")}
      </h2>
      <ul className="flex flex-col gap-1">
        <li>
          {t(page.live ? "console.content.liveNow" : "console.content.notLiveNow")}{" "}
          {guestPath ? (
            <a href={guestPath} className="text-violet-800 underline" target="_blank" rel="noreferrer">
              {t("console.content.viewOnSite")}
            </a>
          ) : null}
        </li>
        {page.endAt ? <li>{t("console.content.endsAt", { time: formatDateTime(language, page.endAt, timeZone) })}</li> : null}
        {page.draft ? <li>{t("console.content.draftPending", { time: formatDateTime(language, page.draft.updatedAt, timeZone) })}</li> : null}
        {page.scheduled.map((revision) => (
          <li key={revision.id}>
            {revision.endAt
              ? t("console.content.scheduledUntil", { time: formatDateTime(language, revision.publishAt ?? "", timeZone), end: formatDateTime(language, revision.endAt, timeZone) })
              : t("console.content.scheduledFor", { time: formatDateTime(language, revision.publishAt ?? "", timeZone) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ItemActions({ kind, page, canPublish, answer }: { kind: ContentKind; page: ItemPage; canPublish: boolean; answer?: PageFailureAnswer }) {
  const { t } = useTranslation();
  const withEnd = (KINDS_WITH_END as readonly string[]).includes(kind);
  return (
    <div className="mb-8 flex flex-col gap-6">
      {page.draft && canPublish ? (
        <section aria-labelledby="schedule-title" className="max-w-xl">
          <h2 id="schedule-title" className="mb-2 text-lg font-semibold">
            {t("console.content.scheduleTitle")}
          </h2>
          <Form method="post" noValidate className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="schedule" />
            <input type="hidden" name="revision" value={page.draft.id} />
            <Field name="publishAt" type="datetime-local" dir="ltr" required={false} label={t("console.content.publishAt")} error={answer?.fieldErrors?.publishAt} />
            {withEnd ? <Field name="endAt" type="datetime-local" dir="ltr" required={false} label={t("console.content.endAt")} error={answer?.fieldErrors?.endAt} /> : null}
            <button type="submit" className={`${buttonClass} self-start`}>
              {t("console.content.schedule")}
            </button>
          </Form>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {page.draft ? (
          <Form method="post">
            <input type="hidden" name="intent" value="discard" />
            <input type="hidden" name="revision" value={page.draft.id} />
            <button type="submit" className={smallButton}>
              {t("console.content.discard")}
            </button>
          </Form>
        ) : null}
        {(canPublish ? page.scheduled : []).map((revision) => (
          <Form method="post" key={revision.id}>
            <input type="hidden" name="intent" value="discard" />
            <input type="hidden" name="revision" value={revision.id} />
            <button type="submit" className={smallButton}>
              {t("console.content.cancelSchedule")}
            </button>
          </Form>
        ))}
        {page.live && canPublish ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unpublish" />
            <button type="submit" className={smallButton}>
              {t("console.content.unpublish")}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

function History({ page, canPublish, diff, language }: { page: ItemPage; canPublish: boolean; diff: { a: number; b: number; changes: { field: string; before: string | null; after: string | null }[] } | null; language: Language }) {
  const { t } = useTranslation();
  const timeZone = useOperatorTimeZone();
  const versions = page.history;
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-2 text-xl font-semibold">
        {t("console.content.historyTitle")}
      </h2>
      <ConsoleTable
        className="mb-4"
        label={t("console.content.historyLabel")}
        caption={t("console.content.historyTitle")}
        columns={[t("console.content.version"), t("console.content.state"), t("console.content.origin"), t("console.content.when"), ""]}
      >
        {versions.map((version) => (
          <tr key={version.id} className="border-b align-top">
            <td className="p-2">
              <bdi dir="ltr">{version.id}</bdi>
            </td>
            <td className="p-2">{t(`console.content.revisionStates.${version.state}`)}</td>
            <td className="p-2">{t(`console.content.origins.${version.origin}`)}</td>
            <td className="p-2">{formatDateTime(language, version.publishedAt ?? version.createdAt, timeZone)}</td>
            <td className="p-2">
              {canPublish && (version.state === "superseded" || version.state === "ended") ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="rollback" />
                  <input type="hidden" name="revision" value={version.id} />
                  <button type="submit" className={smallButton}>
                    {t("console.content.rollbackToLabel", { version: version.id })}
                  </button>
                </Form>
              ) : null}
            </td>
          </tr>
        ))}
      </ConsoleTable>
      {versions.length > 1 ? (
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("console.content.compareTitle")}>
          <VersionSelect name="compare" label={t("console.content.compareFrom")} versions={versions} defaultValue={diff?.a ?? versions[1]!.id} />
          <VersionSelect name="with" label={t("console.content.compareTo")} versions={versions} defaultValue={diff?.b ?? versions[0]!.id} />
          <button type="submit" className={smallButton}>
            {t("console.content.compare")}
          </button>
        </Form>
      ) : null}
      {diff ? <Diff diff={diff} /> : null}
    </section>
  );
}

/** One end of a comparison: a version of the item by its number. */
function VersionSelect({ name, label, versions, defaultValue }: { name: string; label: string; versions: { id: number }[]; defaultValue: number }) {
  return (
    <label className="flex flex-col gap-1">
      {label}
      <select name={name} defaultValue={defaultValue} className="rounded border border-gray-500 px-2 py-1" dir="ltr">
        {versions.map((version) => (
          <option key={version.id} value={version.id}>
            {version.id}
          </option>
        ))}
      </select>
    </label>
  );
}

function Diff({ diff }: { diff: { a: number; b: number; changes: { field: string; before: string | null; after: string | null }[] } }) {
  const { t } = useTranslation();
  const direction = (field: string) => (/Ar$/.test(field) ? { dir: "rtl" as const, lang: "ar" } : /En$/.test(field) ? { dir: "ltr" as const, lang: "en" } : { dir: "ltr" as const });
  return (
    <section aria-labelledby="diff-title">
      <h3 id="diff-title" className="mb-2 text-lg font-semibold">
        {t("console.content.diffTitle", { a: diff.a, b: diff.b })}
      </h3>
      {diff.changes.length === 0 ? (
        <p>{t("console.content.noChanges")}</p>
      ) : (
        <ConsoleTable label={t("console.content.diffLabel")} caption={t("console.content.diffTitle", { a: diff.a, b: diff.b })} columns={[t("console.content.field"), t("console.content.before"), t("console.content.after")]} tableClassName="table-fixed">
          {diff.changes.map((change) => {
            const words = wordDiff(change.before ?? "", change.after ?? "");
            return (
              <tr key={change.field} className="border-b align-top" data-testid={`diff-${change.field}`}>
                <th scope="row" className="p-2 text-start font-mono text-sm">
                  <bdi dir="ltr">{change.field}</bdi>
                </th>
                <td className="whitespace-pre-wrap break-words p-2" {...direction(change.field)}>
                  {change.before === null ? t("console.content.empty") : words.before.map((part, index) => (part.change === "same" ? <span key={index}>{part.text}</span> : <del key={index} className="bg-red-100 text-red-900">{part.text}</del>))}
                </td>
                <td className="whitespace-pre-wrap break-words p-2" {...direction(change.field)}>
                  {change.after === null ? t("console.content.empty") : words.after.map((part, index) => (part.change === "same" ? <span key={index}>{part.text}</span> : <ins key={index} className="bg-green-100 text-green-900 no-underline">{part.text}</ins>))}
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
      )}
    </section>
  );
}
