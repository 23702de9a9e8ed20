// What the server hands every loader and action of the web app (app/ reads them through app/context.ts): the services of this process and the facts of
// this request that the Hono layer already worked out (language, CSP nonce, request id).
import { createContext } from "react-router";
import type { Language } from "../common/language.ts";
import type { AppServices } from "./services.ts";

export interface RequestFacts {
  language: Language;
  cspNonce: string;
  requestId: string;
  /** Absolute origin of the site, for canonical and hreflang links. */
  origin: string;
  /** The client's IP (server/client-ip.ts): the socket's, or X-Forwarded-For's behind a trusted proxy. */
  clientIp: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestFacts>();
