// Where the site may send a visitor: a path of its own, never another host. A redirect built from what a
// visitor sent (a path, a stored next route) goes through here, so `//evil.example`, `/\evil.example`,
// `/%5Cevil.example`, `https://evil.example` or a tab or newline hidden in any of them become a path of
// this site (or the fallback), never a Location a browser would read as another host.
const BASE = "http://same-site.invalid";

export function sameSitePath(candidate: string, fallback = "/home"): string {
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash: do the same first.
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  const cleaned = candidate.replace(/[\u0000-\u001f\u007f]/g, "").replace(/\\/g, "/");
  if (!cleaned.startsWith("/")) return fallback;
  // One leading slash: `//host` is a host to a browser, `/host` is a path.
  const path = cleaned.replace(/^\/+/, "/");
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Encoded slashes and backslashes stay encoded in the path, so no later decoding makes a host of them.
  const pathname = url.pathname.replace(/^\/+/, "/");
  return `${pathname}${url.search}`;
}
