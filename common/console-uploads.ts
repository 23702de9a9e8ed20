// The console's uploads (issue 17): a content archive or file, and an image. Their limits (the page shows
// them, the edge reads within them) and the one schema of their form: a file was chosen. What the file is
// (zip, JSON, JPEG, PNG, WebP) is judged by its bytes on the server, never by its name or declared type.
import { z } from "./zod.ts";

/** A content upload: a zip of every file is about 60 KB today; room for a much larger catalogue. */
export const CONTENT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** A zip may hold at most this many entries, and unpack to at most this many bytes in all (zip bombs). */
export const CONTENT_ARCHIVE_MAX_ENTRIES = 64;
export const CONTENT_ARCHIVE_MAX_UNPACKED_BYTES = 16 * 1024 * 1024;

export const MEDIA_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height an uploaded image may have (48 MP: a phone camera's photo), checked before it is decoded. */
export const MEDIA_MAX_PIXELS = 48_000_000;

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The file part as the edge hands it over (server/edge/read-body.ts); an empty part is no file. */
const uploadedFile = z.preprocess(
  (value) => (value === "" || (typeof value === "object" && value !== null && (value as { size?: unknown }).size === 0) ? undefined : value),
  z.object(
    { kind: z.literal("uploaded-file"), path: z.string(), size: z.number(), head: z.instanceof(Uint8Array), fileName: z.string() },
    { error: "console.validation.fileRequired" },
  ),
);

/** The form of both upload pages: the file. */
export const consoleUploadForm = z.object({ file: uploadedFile });
export type ConsoleUpload = z.output<typeof consoleUploadForm>["file"];
