// /console/content/:kind (editors, publishers): the items of one kind with their state (live, draft
// pending, scheduled at …), a search by title in either language, and a new item.
import { Link } from "react-router";
import type { Route } from "./+types/console.content-kind";
import { contentSearch } from "../../common/content-forms.ts";
import { listContentItems } from "../../server/content/content-console.ts";
import { buttonClass, ConsoleTable } from "../console/ConsoleShell.tsx";
import { ContentSearch, ListingState } from "../console/ContentParts.tsx";
import { CONTENT_ROLES, kindOf } from "../console/content.server.ts";
import { requireStaff } from "../console/staff.server.ts";
import { servicesContext } from "../context.ts";
import { useTranslation } from "../i18n/react.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ...CONTENT_ROLES);
  const kind = kindOf(params, context);
  const { q } = contentSearch.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { kind, q: q ?? "", items: await listContentItems(context.get(servicesContext).db, kind, q) };
}

export default function ConsoleContentKind({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { kind, items } = loaderData;
  return (
    <>
      <p className="mb-2">
        <Link to="/console/content" className="text-violet-800 underline">
          {t("console.content.allKinds")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t(`console.content.kinds.${kind}`)}</h1>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <ContentSearch q={loaderData.q} className="flex min-w-0 flex-1 flex-wrap items-end gap-2" />
        <Link to={`/console/content/${kind}/new`} className={buttonClass}>
          {t("console.content.newItem")}
        </Link>
      </div>
      {items.length === 0 ? <p>{t("console.content.noResults")}</p> : null}
      <ConsoleTable
        label={t("console.content.itemsLabel")}
        caption={t(`console.content.kinds.${kind}`)}
        columns={[t("console.content.key"), t("console.content.titleAr"), t("console.content.titleEn"), t("console.content.state")]}
      >
        {items.map((item) => (
          <tr key={item.key} className="border-b align-top">
            <td className="p-2">
              <Link to={`/console/content/${kind}/${encodeURIComponent(item.key)}`} className="text-violet-800 underline" aria-label={t("console.content.open", { key: item.key, title: language === "ar" ? item.titleAr : item.titleEn })}>
                <bdi dir="ltr">{item.key}</bdi>
              </Link>
            </td>
            <td className="p-2" lang="ar" dir="rtl">
              {item.titleAr}
            </td>
            <td className="p-2" lang="en" dir="ltr">
              {item.titleEn}
            </td>
            <td className="p-2">
              <ListingState listing={item} language={language} />
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}
