// The page language's message catalog, given to the whole tree by the entry points: on the server from
// memory (app/entry.server.tsx), in the browser from the catalog file the document preloads
// (app/entry.client.tsx). It is not part of the loader data, so no page carries it inline and the
// browser keeps the file (immutable, hashed name) from one page to the next.
import { createContext } from "react";
import type { Messages } from "./i18n.ts";

export const CatalogContext = createContext<Messages | null>(null);

/** `data-catalog` marks the document's preload link of its catalog file (app/root.tsx). */
export const CATALOG_LINK_SELECTOR = "link[data-catalog]";
