// The frame of the operator's console: its own header (title, navigation by role, language, sign out),
// no site navigation or footer. The navigation lists only what exists for the staff member's roles.
import { useEffect, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { LANGUAGES, type Language } from "../../common/language.ts";
import type { StaffRole } from "../../common/console.ts";
import { DESK_ROLES, FEEDBACK_ROLES } from "../../common/console-desk.ts";
import { BidiText } from "../content/BidiText.tsx";
import { useTranslation } from "../i18n/react.ts";
import { markInteractive } from "../shell/lazy-load.ts";
import { CONTENT_FILES_PATH, CONTENT_FILES_ROLES, MEDIA_PATH, MEDIA_ROLES } from "./paths.ts";
import { languageHref } from "../shell/LanguagePicker.tsx";

export interface ConsoleStaff {
  displayName: string;
  email: string;
  roles: StaffRole[];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-white ${isActive ? "bg-white text-violet-900" : "text-white"}`;

export function ConsoleShell({ staff, children }: { staff: ConsoleStaff | null; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  useEffect(() => {
    markInteractive();
  }, []);
  const isAdmin = staff?.roles.includes("admin") ?? false;
  const holds = (roles: readonly StaffRole[]) => roles.some((role) => staff?.roles.includes(role));
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:p-3 focus:shadow">
        {t("nav.skipToContent")}
      </a>
      <header className="bg-violet-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <p className="text-lg font-bold">{t("console.title")}</p>
          {staff ? (
            <nav aria-label={t("console.nav.label")} className="flex flex-wrap gap-1">
              <NavLink to="/console" end className={linkClass}>
                {t("console.nav.home")}
              </NavLink>
              {holds(["editor", "publisher"]) ? (
                <NavLink to="/console/content" className={linkClass}>
                  {t("console.nav.content")}
                </NavLink>
              ) : null}
              {holds(MEDIA_ROLES) ? (
                <NavLink to={MEDIA_PATH} className={linkClass}>
                  {t("console.nav.media")}
                </NavLink>
              ) : null}
              {holds(CONTENT_FILES_ROLES) ? (
                <NavLink to={CONTENT_FILES_PATH} className={linkClass}>
                  {t("console.nav.contentFiles")}
                </NavLink>
              ) : null}
              {isAdmin ? (
                <>
                  <NavLink to="/console/staff" className={linkClass}>
                    {t("console.nav.staff")}
                  </NavLink>
                  <NavLink to="/console/audit" className={linkClass}>
                    {t("console.nav.audit")}
                  </NavLink>
                </>
              ) : null}
              {holds(FEEDBACK_ROLES) ? (
                <NavLink to="/console/feedback" className={linkClass}>
                  {t("console.nav.feedback")}
                </NavLink>
              ) : null}
              {holds(DESK_ROLES) ? (
                <NavLink to="/console/desk" className={linkClass}>
                  {t("console.nav.desk")}
                </NavLink>
              ) : null}
            </nav>
          ) : null}
          <div className="ms-auto flex flex-wrap items-center gap-2">
            <div role="group" aria-label={t("nav.language")} className="flex gap-1">
              {LANGUAGES.filter((language: Language) => language !== i18n.language).map((language: Language) => (
                <a key={language} href={languageHref(pathname, search, language)} lang={language} className="rounded px-2 py-1 text-sm text-white underline">
                  {t(`console.language.${language}`)}
                </a>
              ))}
            </div>
            {staff ? (
              <Form method="post" action="/console/logout" reloadDocument>
                <button type="submit" className="rounded border border-white px-3 py-1 text-sm text-white hover:bg-violet-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white">
                  {t("console.logout")}
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto min-h-[50vh] max-w-6xl px-4 py-6 outline-none">
        {children}
      </main>
    </>
  );
}

/** A form field: label, input, and its message (announced, tied to the input). */
/** A file upload of the console (one file, `name="file"`): its label, accepted types, hint and error under it. */
export function FileField({ id, label, accept, hintId, error }: { id: string; label: ReactNode; accept: string; hintId?: string; error?: string }) {
  const described = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} name="file" type="file" accept={accept} aria-describedby={described} aria-invalid={error ? true : undefined} className="min-w-0 max-w-full" />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          <BidiText text={error} linkCodes={false} />
        </p>
      ) : null}
    </>
  );
}

export function Field({
  name,
  label,
  type = "text",
  error,
  autoComplete,
  defaultValue,
  inputMode,
  dir,
  required = true,
}: {
  name: string;
  label: string;
  type?: string;
  error?: string;
  autoComplete?: string;
  defaultValue?: string;
  inputMode?: "numeric" | "email" | "text";
  dir?: "ltr" | "rtl" | "auto";
  required?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        inputMode={inputMode}
        dir={dir}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full min-w-0 rounded border border-gray-500 px-3 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-violet-700"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormMessage({ message, tone = "error" }: { message?: string; tone?: "error" | "success" }) {
  if (!message) return null;
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded p-3 ${tone === "error" ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900"}`}>
      {/* A reference, number or Latin name inside an Arabic message reads left to right. */}
      <BidiText text={message} linkCodes={false} />
    </p>
  );
}

/**
 * A console table: its own scroll region (focusable, named) so a wide table never widens the page, a caption
 * for screen readers, and a header row of column titles.
 */
export function ConsoleTable({ label, caption, columns, className = "", tableClassName = "", children }: { label: string; caption: string; columns: string[]; className?: string; tableClassName?: string; children: ReactNode }) {
  return (
    <div className={`overflow-x-auto ${className}`.trim()} role="region" tabIndex={0} aria-label={label}>
      <table className={`w-full text-start ${tableClassName}`.trim()}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={column} scope="col" className="p-2 text-start">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const buttonClass =
  "rounded bg-violet-800 px-4 py-2 font-medium text-white hover:bg-violet-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700";
