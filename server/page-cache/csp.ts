// The Content-Security-Policy of every HTML answer. A page rendered for one visitor carries a fresh nonce
// (server/http.ts, Hono's secureHeaders). A guest page that caches keep and serve to many visitors cannot:
// it carries instead the SHA-256 hashes of its own inline scripts, and of the two fixed <style> elements
// React Aria adds at run time, so the policy stays as strict (no 'unsafe-inline' for scripts or styles).
import { createHash } from "node:crypto";

/** The policy's directives; `nonceOrHashes` stands where the nonce (or the hashes) go. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The texts of the <style> elements React Aria inserts (react-aria's usePress and usePreventScroll; a unit
 * test checks they are still these in the installed version). Without a nonce on the page, the policy
 * allows them by hash.
 */
export const REACT_ARIA_STYLES = [
  "@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}",
  "@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}",
];

const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const STYLE_HASHES = REACT_ARIA_STYLES.map(hashSource);

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The inline scripts of a document (a `<script>` without `src`; JSON data blocks are not run, so skipped). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** The policy of a cacheable page: its inline scripts by hash, React Aria's styles by hash, no nonce. */
export function hashedPolicy(html: string): string {
  const scriptHashes = [...new Set(inlineScripts(html).map(hashSource))];
  const directives: Record<string, string[]> = {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scriptHashes],
    styleSrc: [...CSP_DIRECTIVES.styleSrc, ...STYLE_HASHES],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join("; ");
}
