// What the server hands every loader and action (defined by the server, which fills them: server/http.ts).
export { requestContext, servicesContext, type RequestFacts } from "../server/request-context.ts";
