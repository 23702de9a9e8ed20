// Images uploaded in the console: judged by their bytes, decoded within limits, turned upright, stripped of
// metadata and saved at the widths the pages ask for, never wider than the upload; the same bytes twice are
// one row. Each test has its own database (a clone of the run's template).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database.ts";
import type { ConsoleUpload } from "../../common/console-uploads.ts";
import { findServedImage, imageTypeOf, storeUploadedImage } from "./media.ts";

let scratch: string;
const actor = { staff: null, clientIp: "127.0.0.1" };

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "media-test-"));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});
const database = useTestDatabase({ each: true });

let uploads = 0;
/** An upload as the edge hands it over: on disk, with its size, first bytes and the client's name. */
function uploadOf(bytes: Buffer, fileName = "photo.jpg"): ConsoleUpload {
  uploads += 1;
  const file = path.join(scratch, `${uploads}.upload`);
  writeFileSync(file, bytes);
  return { kind: "uploaded-file", path: file, size: bytes.length, head: new Uint8Array(bytes.subarray(0, 16)), fileName };
}

/** A drawing with some detail (a gradient of two colours), so encoders cannot shrink it to nothing. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#2e1065"/><stop offset="1" stop-color="#fbbf24"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function widthsServed(hash: string): Promise<Record<number, number>> {
  const widths: Record<number, number> = {};
  for (const width of [536, 767, 1200]) {
    const served = await findServedImage(database.db, `${hash}-${width}.jpg`);
    expect(served, `${hash}-${width}.jpg`).not.toBeNull();
    expect(served!.contentType).toBe("image/jpeg");
    const metadata = await sharp(served!.bytes).metadata();
    expect(metadata.format).toBe("jpeg");
    widths[width] = metadata.width!;
  }
  return widths;
}

async function rowsOf(table: string): Promise<number> {
  const { rows } = await database.pool.query<{ count: string }>(`select count(*) from ${table}`);
  return Number(rows[0]!.count);
}

describe("accepted uploads", () => {
  test.each([
    ["JPEG", "jpeg", "image/jpeg"],
    ["PNG", "png", "image/png"],
    ["WebP", "webp", "image/webp"],
  ] as const)("a %s is accepted and served at 536, 767 and 1200 px wide as JPEG", async (_label, format, type) => {
    const bytes = await picture(1600, 900).toFormat(format).toBuffer();
    const stored = await storeUploadedImage(database.db, actor, uploadOf(bytes));
    expect(stored).toMatchObject({ originalType: type, width: 1600, height: 900, created: true });
    expect(stored.base).toBe(`/images/uploads/${stored.hash}`);
    // The base path passes the news schema's image pattern.
    expect(stored.base).toMatch(/^\/images\/[a-z0-9/-]+$/);
    expect(await widthsServed(stored.hash)).toEqual({ 536: 536, 767: 767, 1200: 1200 });
  });

  test("a PNG named photo.jpg is judged by its bytes: stored as a PNG", async () => {
    const bytes = await picture(800, 450).png().toBuffer();
    expect(imageTypeOf(bytes.subarray(0, 16))).toBe("image/png");
    const stored = await storeUploadedImage(database.db, actor, uploadOf(bytes, "photo.jpg"));
    expect(stored.originalType).toBe("image/png");
  });

  test("a small image is never upscaled: every width the pages ask for exists, at the image's own width", async () => {
    const stored = await storeUploadedImage(database.db, actor, uploadOf(await picture(400, 225).jpeg().toBuffer()));
    expect(await widthsServed(stored.hash)).toEqual({ 536: 400, 767: 400, 1200: 400 });
  });

  test("a 900 px image fills the small widths and stays 900 px at 1200", async () => {
    const stored = await storeUploadedImage(database.db, actor, uploadOf(await picture(900, 500).jpeg().toBuffer()));
    expect(await widthsServed(stored.hash)).toEqual({ 536: 536, 767: 767, 1200: 900 });
  });

  test("EXIF (camera, GPS position, comment) is stripped and the photo is turned upright by its orientation", async () => {
    const bytes = await picture(1200, 600)
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Copyright: "private" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 30/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(bytes).metadata();
    expect(sent.exif, "the test's upload carries EXIF").toBeDefined();
    expect(sent.orientation).toBe(6);
    const stored = await storeUploadedImage(database.db, actor, uploadOf(bytes));
    // Orientation 6 is a quarter turn: the upright image is 600 wide, 1200 high.
    expect(stored).toMatchObject({ width: 600, height: 1200 });
    for (const width of [536, 767, 1200]) {
      const served = (await findServedImage(database.db, `${stored.hash}-${width}.jpg`))!;
      const metadata = await sharp(served.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.height! > metadata.width!).toBe(true);
      expect(served.bytes.includes("SecretCam")).toBe(false);
    }
  });

  test("the same bytes uploaded twice are one image (one row, its variants made once), known by the same hash", async () => {
    const bytes = await picture(1000, 600).jpeg().toBuffer();
    const first = await storeUploadedImage(database.db, actor, uploadOf(bytes, "a.jpg"));
    const second = await storeUploadedImage(database.db, actor, uploadOf(bytes, "b.jpg"));
    expect(second).toMatchObject({ hash: first.hash, created: false });
    expect(await rowsOf("content_media")).toBe(1);
    expect(await rowsOf("content_media_variants")).toBe(3);
    const { rows } = await database.pool.query("select action, target from staff_audit where action = 'media.upload'");
    expect(rows).toEqual([
      { action: "media.upload", target: `media:${first.hash}` },
      { action: "media.upload", target: `media:${first.hash}` },
    ]);
  });
});

describe("refused uploads", () => {
  async function expectRefused(bytes: Buffer, code: string, fileName = "photo.jpg") {
    await expect(storeUploadedImage(database.db, actor, uploadOf(bytes, fileName))).rejects.toMatchObject({ name: "ConsoleError", code });
    expect(await rowsOf("content_media")).toBe(0);
  }

  test("an SVG (it may carry script) is refused, whatever its name", async () => {
    await expectRefused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), "MEDIA_TYPE", "logo.png");
  });

  test("an HTML page named .jpg is refused", async () => {
    await expectRefused(Buffer.from("<!doctype html><script>alert(document.cookie)</script>"), "MEDIA_TYPE");
  });

  test("a polyglot (a JPEG's first bytes, then HTML) is refused: the decoder cannot read it", async () => {
    await expectRefused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]), "MEDIA_BROKEN");
  });

  test("a real JPEG with a script appended is served only as re-encoded pixels: the script never reaches a visitor", async () => {
    const bytes = Buffer.concat([await picture(600, 300).jpeg().toBuffer(), Buffer.from("<script>alert(1)</script>")]);
    const stored = await storeUploadedImage(database.db, actor, uploadOf(bytes));
    const served = (await findServedImage(database.db, `${stored.hash}-536.jpg`))!;
    expect(served.bytes.includes("<script>")).toBe(false);
  });

  test("a PNG's header with a JPEG's name and bytes of another kind: the container must be what the first bytes say", async () => {
    const webp = await picture(300, 200).webp().toBuffer();
    // WebP bytes behind a PNG signature: the signature says PNG, the decoder finds no PNG.
    await expectRefused(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), webp]), "MEDIA_BROKEN");
  });

  test("more than 5 MB is refused", async () => {
    const large = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    large.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(large, "MEDIA_TOO_LARGE");
  });

  test("a PNG that says it is 20,000 × 20,000 pixels (a decompression bomb) is refused before it is decoded", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#6d28d9" } }).png().toBuffer();
    // IHDR: length (4), "IHDR" (4), width (4), height (4) … CRC over type and data.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = performance.now();
    await expectRefused(bomb, "MEDIA_TOO_LARGE");
    // Decoding 400 million pixels would take tens of seconds and 1.2 GB; the refusal reads a header (a wide bound: CI is shared).
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("a truncated JPEG is refused as broken", async () => {
    const bytes = await picture(1200, 700).jpeg().toBuffer();
    await expectRefused(bytes.subarray(0, Math.floor(bytes.length / 3)), "MEDIA_BROKEN");
  });
});

describe("served names", () => {
  test("only <64 hex>-<width>.jpg|webp names are looked up; an unknown image or width is none", async () => {
    const stored = await storeUploadedImage(database.db, actor, uploadOf(await picture(800, 450).jpeg().toBuffer()));
    expect(await findServedImage(database.db, `${stored.hash}-100.jpg`)).toBeNull();
    expect(await findServedImage(database.db, `${stored.hash}-536.webp`)).toBeNull();
    expect(await findServedImage(database.db, `${"0".repeat(64)}-536.jpg`)).toBeNull();
    expect(await findServedImage(database.db, `${stored.hash.toUpperCase()}-536.jpg`)).toBeNull();
    expect(await findServedImage(database.db, `../${stored.hash}-536.jpg`)).toBeNull();
  });
});
