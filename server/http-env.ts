// The variables every Hono handler can read, set by the middleware in server/http.ts.
import type { Language } from "../common/language.ts";
import type { Logger } from "./logger.ts";
import type { AppServices } from "./services.ts";

export interface AppEnv {
  Variables: {
    requestId: string;
    language: Language;
    logger: Logger;
    services: AppServices;
    /** The client's IP (server/client-ip.ts). */
    clientIp: string;
    secureHeadersNonce?: string;
    /** The hashed CSP of a page served to guests (server/page-cache/csp.ts), replacing the nonce policy. */
    pageCsp?: string;
    /** The console's preview of a content revision: shown in a frame of the console's own origin. */
    sameOriginFrame?: boolean;
    /** The React Router route template of a page request (server/page-route.ts), its metrics label. */
    pageRoute?: string;
  };
}
