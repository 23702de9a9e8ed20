// The Content-Security-Policy of every HTML answer. A page rendered for one visitor carries a fresh nonce
// (server/http.ts, Hono's secureHeaders). A guest page that caches keep and serve to many visitors cannot:
// it carries instead the SHA-256 hashes of the inline scripts the app itself emitted, and of the two fixed
// <style> elements React Aria adds at run time, so the policy stays as strict (no 'unsafe-inline' for
// scripts or styles). Which scripts are the app's: the page is rendered with a one-time marker as its
// nonce, which React and React Router put on every script they write and nothing else can know; a script
// that came in any other way (say, through content) does not carry it and is not allowed.
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

interface InlineScript {
  attributes: string;
  content: string;
}

/** The inline scripts of a document (a `<script>` without `src`; JSON data blocks are not run, so skipped). */
function inlineScriptElements(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push({ attributes, content: match[2] ?? "" });
  }
  return scripts;
}

export function inlineScripts(html: string): string[] {
  return inlineScriptElements(html).map((script) => script.content);
}

/** A guest page rendered with `marker` as its nonce: the page without the marker, and its hashed policy. */
export function guestPage(html: string, marker: string): { html: string; policy: string } {
  const emitted = inlineScriptElements(html).map((script) => script.attributes.includes(`nonce="${marker}"`));
  // The marker leaves the page: its attributes, React Aria's meta, and the root data's copy of it.
  const page = html.replaceAll(` nonce="${marker}"`, "").replaceAll(`<meta name="csp-nonce" content="${marker}"/>`, "").replaceAll(marker, "");
  // Removing the marker changes no script's place: the n-th script of the page is the n-th rendered.
  const ours = inlineScriptElements(page).filter((_, index) => emitted[index]);
  return { html: page, policy: policyWithScripts(ours.map((script) => script.content)) };
}

/** The policy of a cacheable page: the given inline scripts by hash, React Aria's styles by hash, no nonce. */
function policyWithScripts(scripts: string[]): string {
  const scriptHashes = [...new Set(scripts.map(hashSource))];
  const directives: Record<string, string[]> = {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scriptHashes],
    styleSrc: [...CSP_DIRECTIVES.styleSrc, ...STYLE_HASHES],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join("; ");
}
