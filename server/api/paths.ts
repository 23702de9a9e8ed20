// Which paths belong to the spec API: unknown paths under these prefixes answer a JSON 404, not a page,
// and failures under them answer the envelope.

export const API_PREFIXES = ["/core/api/", "/customerCare/api/", "/api/"];

export function isApiPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return API_PREFIXES.some((prefix) => lower.startsWith(prefix.toLowerCase()));
}
