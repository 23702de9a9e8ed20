// The RSA key of the number encryption (ARCHITECTURE.md): RSA-OAEP with SHA-256, 2048 bits. RSA_PRIVATE_KEY
// when set; otherwise the first instance to need it generates one and stores it, and every instance reads
// that same row back. The key is cached per process once read.
import { constants, createPrivateKey, createPublicKey, generateKeyPair, hkdfSync, privateDecrypt, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { RSA_KEY_BITS } from "../../common/constants.ts";
import { rsaKeys } from "../db/schema.ts";
import type { AppServices } from "../services.ts";

export const NUMBER_ENCRYPTION_ALG = "RSA-OAEP-256" as const;
const KEY_ROW_ID = 1;
/** A ciphertext of a 2048-bit key is 256 bytes; base64 of it is 344 characters. Anything longer is refused unread. */
const MAX_CIPHERTEXT_BASE64_LENGTH = 1024;

export interface NumberEncryptionKey {
  privateKey: KeyObject;
  publicPem: string;
  /** Key of the HMAC of one-time codes, derived from the private key so that every instance shares it. */
  codeHashKey: Buffer;
}

const cache = new WeakMap<object, Promise<NumberEncryptionKey>>();

function keyFromPem(pem: string): NumberEncryptionKey {
  const privateKey = createPrivateKey(pem);
  const publicPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  const der = privateKey.export({ type: "pkcs8", format: "der" });
  const codeHashKey = Buffer.from(hkdfSync("sha256", der, "one-time-codes", "operator-website code hash", 32));
  return { privateKey, publicPem, codeHashKey };
}

async function loadOrCreate(services: AppServices): Promise<NumberEncryptionKey> {
  if (services.config.RSA_PRIVATE_KEY) return keyFromPem(services.config.RSA_PRIVATE_KEY);
  const read = async () => (await services.db.select().from(rsaKeys).where(eq(rsaKeys.id, KEY_ROW_ID)))[0]?.privateKeyPem;
  let pem = await read();
  if (!pem) {
    const generated = await promisify(generateKeyPair)("rsa", { modulusLength: RSA_KEY_BITS });
    const candidate = generated.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    // Instances starting together may all generate one: the first insert wins and all read it back.
    await services.db.insert(rsaKeys).values({ id: KEY_ROW_ID, privateKeyPem: candidate }).onConflictDoNothing();
    pem = await read();
    if (!pem) throw new Error("The RSA key could not be stored");
    services.logger.info("number encryption key generated and stored");
  }
  return keyFromPem(pem);
}

export function numberEncryptionKey(services: AppServices): Promise<NumberEncryptionKey> {
  let key = cache.get(services.database);
  if (!key) {
    key = loadOrCreate(services);
    // A failed load (database briefly down) is retried by the next request rather than cached.
    key.catch(() => cache.delete(services.database));
    cache.set(services.database, key);
  }
  return key;
}

/** The plaintext of a base64 RSA-OAEP-256 ciphertext, or null when it is not one made with our key. */
export async function decryptText(services: AppServices, base64: string): Promise<string | null> {
  const trimmed = base64.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_CIPHERTEXT_BASE64_LENGTH || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const { privateKey } = await numberEncryptionKey(services);
  try {
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(trimmed, "base64"));
    return plain.toString("utf8");
  } catch {
    return null;
  }
}
