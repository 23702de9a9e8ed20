// Images uploaded in the console (issue 17): judged by their bytes (JPEG, PNG or WebP only), decoded with a
// cap on pixels, turned the right way up, stripped of metadata (EXIF, GPS, ICC comments) and saved as JPEG
// at the widths the site's pages ask for ({base}-536.jpg, -767.jpg, -1200.jpg; never wider than the upload,
// whose own width is used then). Kept in the database, keyed by the upload's sha256, so every instance
// serves them: /images/uploads/<hash>-<width>.jpg. Only what sharp re-encoded is ever served, never the
// uploaded bytes (a polyglot's hidden HTML or script does not survive).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../common/constants.ts";
import { MEDIA_MAX_PIXELS, MEDIA_UPLOAD_MAX_BYTES, megabytes, type ConsoleUpload } from "../../common/console-uploads.ts";
import { audit, type Actor } from "../console/enrolment.ts";
import { ConsoleError } from "../console/errors.ts";
import type { Db } from "../db/database.ts";
import { contentMedia, contentMediaVariants } from "../db/schema.ts";

export type MediaType = "image/jpeg" | "image/png" | "image/webp";

/** The path an uploaded image's base is served under (the news schema's image pattern accepts it: hex). */
export const UPLOADS_PATH = "/images/uploads";
/** `<sha256 hex>-<width>.<jpg|webp>`: the only names the image route answers. */
export const UPLOADED_IMAGE_NAME = /^([0-9a-f]{64})-(\d{3,4})\.(jpg|webp)$/;
const JPEG_QUALITY = 82;

/** The type of an upload from its first bytes, or null when it is none of ours. */
export function imageTypeOf(head: Uint8Array): MediaType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp"; // RIFF….WEBP
  return null;
}

const SHARP_FORMAT: Record<MediaType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

export interface StoredImage {
  hash: string;
  /** What goes into a news or about item's image field. */
  base: string;
  originalType: MediaType;
  width: number;
  height: number;
  /** False when the same bytes were uploaded before (one row, nothing made again). */
  created: boolean;
}

export const baseOf = (hash: string) => `${UPLOADS_PATH}/${hash}`;

/**
 * The served files of one image: each width of the pages, as JPEG, at most the image's own width (`width`
 * and `height` as it stands once turned by its EXIF orientation).
 */
export async function renderVariants(bytes: Buffer, size: { width: number; height: number }): Promise<{ width: number; bytes: Buffer }[]> {
  const variants: { width: number; bytes: Buffer }[] = [];
  try {
    for (const served of IMAGE_WIDTHS) {
      const output = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: Math.min(served, size.width), withoutEnlargement: true })
        // JPEG has no transparency: a transparent PNG or WebP is laid on white, as the pages' cards are.
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer();
      variants.push({ width: served, bytes: output });
    }
  } catch {
    // The header was readable, the pixels are not (a truncated file, a JPEG head on other data).
    throw new ConsoleError("MEDIA_BROKEN");
  }
  return variants;
}

const limitValues = () => ({ megabytes: megabytes(MEDIA_UPLOAD_MAX_BYTES), megapixels: Math.round(MEDIA_MAX_PIXELS / 1_000_000) });

/**
 * Stores an uploaded image (the console's media page): refused unless its bytes are a JPEG, PNG or WebP that
 * sharp decodes within the limits; the same bytes twice are one row. Audited as `media.upload`.
 */
export async function storeUploadedImage(db: Db, actor: Actor, upload: ConsoleUpload): Promise<StoredImage> {
  if (upload.size > MEDIA_UPLOAD_MAX_BYTES) throw new ConsoleError("MEDIA_TOO_LARGE", { messageValues: limitValues() });
  const originalType = imageTypeOf(upload.head);
  if (!originalType) throw new ConsoleError("MEDIA_TYPE");
  const bytes = await readFile(upload.path);
  const hash = createHash("sha256").update(bytes).digest("hex");
  const [known] = await db.select().from(contentMedia).where(eq(contentMedia.hash, hash)).limit(1);
  if (known) {
    await audit(db, actor, "media.upload", `media:${hash}`, null, { hash, existing: true });
    return { hash, base: baseOf(hash), originalType: known.originalType as MediaType, width: known.width, height: known.height, created: false };
  }
  // The container says what it is; the bytes must agree (a PNG named .jpg is a PNG; a JPEG head on other data fails).
  // The header only (no limit needed to read it): the pixel count is checked below, before any decoding.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ConsoleError("MEDIA_BROKEN");
    });
  if (metadata.format !== SHARP_FORMAT[originalType]) throw new ConsoleError("MEDIA_TYPE");
  // Refused before a pixel is decoded (sharp's limitInputPixels holds for the decoding too).
  if (!metadata.width || !metadata.height) throw new ConsoleError("MEDIA_BROKEN");
  if (metadata.width * metadata.height > MEDIA_MAX_PIXELS) throw new ConsoleError("MEDIA_TOO_LARGE", { messageValues: limitValues() });
  const turned = (metadata.orientation ?? 1) >= 5;
  const image = { width: turned ? metadata.height : metadata.width, height: turned ? metadata.width : metadata.height };
  const variants = await renderVariants(bytes, image);
  return db.transaction(async (tx) => {
    // Two uploads of the same bytes at once: the database decides, the second finds the first's row.
    const [inserted] = await tx
      .insert(contentMedia)
      .values({ hash, originalType, width: image.width, height: image.height, createdBy: actor.staff?.id ?? null })
      .onConflictDoNothing({ target: contentMedia.hash })
      .returning({ id: contentMedia.id });
    if (inserted) {
      await tx.insert(contentMediaVariants).values(variants.map((variant) => ({ mediaId: inserted.id, width: variant.width, format: "jpeg", bytes: variant.bytes })));
    }
    const after = { hash, type: originalType, width: image.width, height: image.height, existing: !inserted };
    await audit(tx, actor, "media.upload", `media:${hash}`, null, after);
    return { hash, base: baseOf(hash), originalType, width: image.width, height: image.height, created: Boolean(inserted) };
  });
}

export interface MediaListing {
  hash: string;
  base: string;
  originalType: string;
  width: number;
  height: number;
  createdAt: string;
}

/** The newest uploads, for the media page. */
export async function listRecentMedia(db: Db, limit = 24): Promise<MediaListing[]> {
  const rows = await db.select().from(contentMedia).orderBy(desc(contentMedia.createdAt), desc(contentMedia.id)).limit(limit);
  return rows.map((row) => ({ hash: row.hash, base: baseOf(row.hash), originalType: row.originalType, width: row.width, height: row.height, createdAt: row.createdAt.toISOString() }));
}

/** One served file by its name (`<hash>-<width>.jpg`), or null when there is none. */
export async function findServedImage(db: Db, name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = UPLOADED_IMAGE_NAME.exec(name);
  if (!match) return null;
  const [, hash, width, extension] = match;
  const format = extension === "jpg" ? "jpeg" : "webp";
  const [row] = await db
    .select({ bytes: contentMediaVariants.bytes })
    .from(contentMediaVariants)
    .innerJoin(contentMedia, eq(contentMedia.id, contentMediaVariants.mediaId))
    .where(and(eq(contentMedia.hash, hash!), eq(contentMediaVariants.width, Number(width)), eq(contentMediaVariants.format, format)))
    .limit(1);
  return row ? { bytes: row.bytes, contentType: format === "jpeg" ? "image/jpeg" : "image/webp" } : null;
}
