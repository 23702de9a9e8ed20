// Zod for the schemas that the browser runs too (forms checked before they are sent). In the browser
// Zod must not probe for eval: its probe, `new Function("")`, is refused by our Content-Security-Policy
// (no 'unsafe-eval') and the refusal is reported as a CSP violation on every page that loads a schema.
// On the server the probe succeeds and Zod keeps its faster compiled object parsing.
import { z } from "zod";

z.config({ jitless: typeof document !== "undefined" });

export { z };
