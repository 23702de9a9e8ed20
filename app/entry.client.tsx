import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CATALOG_LINK_SELECTOR, CatalogContext } from "./i18n/catalog-context.ts";
import type { Messages } from "./i18n/i18n.ts";

/**
 * The page language's catalog, from the file the document preloads (fetched once, then kept by the browser
 * under its hashed name). Without it the page stays as the server rendered it: readable, not interactive.
 */
async function loadCatalog(): Promise<Messages | null> {
  const href = document.querySelector(CATALOG_LINK_SELECTOR)?.getAttribute("href");
  if (!href) return null;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (response.ok) return (await response.json()) as Messages;
    } catch {
      // a dropped connection on a poor network: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
  console.error(`The messages of this page (${href}) could not be loaded`);
  return null;
}

void loadCatalog().then((catalog) => {
  // Hydrating without the messages would not match the server's markup: the page stays server-rendered.
  if (!catalog) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CatalogContext value={catalog}>
          <HydratedRouter />
        </CatalogContext>
      </StrictMode>,
    );
  });
});
