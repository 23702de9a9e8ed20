// Card grids of products and of news, as every page lists them (a product with its price, a news item
// with its illustration, kind and date).
import { useTranslation } from "../i18n/react.ts";
import { formatDate } from "../../common/format.ts";
import type { NewsItem, Product } from "../../server/content/catalogue.ts";
import { useShell } from "../shell/ShellContext.tsx";
import { CardGrid, LinkCard, type CardHeadingLevel } from "./LinkCard.tsx";
import { newsPath, productPath } from "./paths.ts";
import { usePriceText } from "./PriceText.tsx";

export function ProductCards({
  products,
  headingLevel,
}: {
  products: Pick<Product, "id" | "category" | "title" | "summary" | "price" | "priceUnit">[];
  headingLevel?: CardHeadingLevel;
}) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  return (
    <CardGrid>
      {products.map((product) => (
        <LinkCard
          key={product.id}
          id={`product-${product.id}`}
          to={productPath(product)}
          title={product.title}
          summary={product.summary}
          facts={product.price !== null ? priceText(product.price, product.priceUnit) : undefined}
          action={t("products.details")}
          headingLevel={headingLevel}
        />
      ))}
    </CardGrid>
  );
}

export type NewsCard = Pick<NewsItem, "id" | "type" | "date" | "title" | "summary" | "image">;

/** The fields a news card needs, so a loader sends no body it does not show. */
export const newsCardOf = ({ id, type, date, title, summary, image }: NewsItem): NewsCard => ({ id, type, date, title, summary, image });

export function NewsCards({ news, showKind = false }: { news: NewsCard[]; showKind?: boolean }) {
  const { t } = useTranslation();
  const { language } = useShell().shell;
  return (
    <CardGrid>
      {news.map((item) => (
        <LinkCard
          key={item.id}
          id={`news-${item.id}`}
          to={newsPath(item)}
          image={item.image}
          title={item.title}
          summary={item.summary}
          facts={
            <>
              {showKind ? `${t(`articles.types.${item.type}`)} · ` : null}
              <time dateTime={item.date}>{formatDate(language, item.date)}</time>
            </>
          }
          action={t("articles.readMore")}
        />
      ))}
    </CardGrid>
  );
}
