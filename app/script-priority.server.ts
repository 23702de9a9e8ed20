// The module scripts of a page are fetched at low priority.
//
// React Router writes a `<link rel="modulepreload">` for each module the page needs to hydrate (about 25, 140 KB
// gzip). Chrome fetches those at High priority, level with the stylesheet and the font, although module scripts
// never hold up the first paint (they run once the document is parsed): on a congested link they take the
// bandwidth the stylesheet needs, and Lighthouse's simulation (which counts a High-priority script as blocking
// the paint) puts their 140 KB in front of the first contentful paint (2.8 s instead of 0.8–1.2 s for /home).
// At low priority they are still fetched at once, in parallel, only behind the stylesheet, the font and the
// images. React Router has no option for it, so the finished document's head is rewritten (the head only: what
// the page shows is never touched; a link that names its own priority keeps it).
const HEAD_END = Buffer.from("</head>");
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/gi;

export function withLowPriorityModulePreloads(html: Buffer): Buffer {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const head = html.toString("utf8", 0, headEnd);
  const lowered = head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  return lowered === head ? html : Buffer.concat([Buffer.from(lowered), html.subarray(headEnd)]);
}
