// The browser's side of the account actions (app/routes/account.*.ts): form posts that answer JSON,
// and the encryption of number#code with the site's public key (ARCHITECTURE.md: the browser encrypts).

/** What the dialogs receive from an account action. */
export type AccountAnswer =
  | { ok: true; message: string; resendAfterSeconds?: number; redirectTo?: string | null }
  | { ok: false; message: string; retryAfterSeconds?: number; fieldErrors?: Record<string, string> };

export const ACCOUNT_PATHS = {
  code: "/account/code",
  verify: "/account/verify",
  publicKey: "/account/public-key",
  menu: "/account/menu",
  selectNumber: "/account/select-number",
  logout: "/account/logout",
  logoutOthers: "/account/logout-others",
} as const;

/**
 * Posts a form to an account action. A request that fails without an answer of ours (network,
 * a proxy's error page) is answered with `fallbackMessage` (spec §8: the dialogs' fallback text).
 */
export async function postAccountForm(path: string, fields: Record<string, string>, fallbackMessage: string): Promise<AccountAnswer> {
  try {
    const response = await fetch(path, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
    // Spec §4: a session the server no longer knows is a local logout (the cookie is already cleared).
    if (response.status === 401) window.location.assign("/home");
    const body = (await response.json()) as Partial<AccountAnswer>;
    if (typeof body.message !== "string" || typeof body.ok !== "boolean") return { ok: false, message: fallbackMessage };
    return body as AccountAnswer;
  } catch {
    return { ok: false, message: fallbackMessage };
  }
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, "");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return bytes.buffer;
}

let publicKey: Promise<CryptoKey> | null = null;

/**
 * RSA-OAEP (SHA-256) of `text` with the site's public key, base64, as the spec API expects it (spec §6).
 * Null when this browser cannot: no WebCrypto outside a secure context (HTTPS, or localhost), or the
 * key did not load.
 */
async function encryptText(text: string): Promise<string | null> {
  if (typeof crypto === "undefined" || !crypto.subtle) return null;
  try {
    publicKey ??= fetch(ACCOUNT_PATHS.publicKey)
      .then((response) => response.json() as Promise<{ pem: string }>)
      .then(({ pem }) => crypto.subtle.importKey("spki", pemToDer(pem), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]));
    const key = await publicKey;
    const cipher = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(text));
    let binary = "";
    for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
    return btoa(binary);
  } catch {
    publicKey = null;
    return null;
  }
}

/** The number of a login or a registration's first step, which the server takes only encrypted. */
export const encryptNumber = (gsm: string) => encryptText(gsm);

/**
 * The `number#code` of the second step. When this browser cannot encrypt, the caller sends the number
 * and code as they are, over the same (in production, HTTPS) connection.
 */
export const encryptNumberAndCode = (gsm: string, code: string) => encryptText(`${gsm}#${code}`);
