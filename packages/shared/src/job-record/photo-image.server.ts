import { open } from "node:fs/promises";
import sharp from "sharp";
import { PHOTO_TYPES } from "../api/job-record";

/**
 * A job photo as it is kept (docs/security.md#job-photos): the type read from its first bytes,
 * never from its name or the type the client claims; turned upright by its EXIF orientation;
 * its longest side at most PHOTO_MAX_SIDE; re-encoded as JPEG (from a JPEG) or WebP (from a PNG or
 * WebP) without any of its metadata: sharp writes none (EXIF, GPS, XMP, ICC comments) unless asked
 * to keep it, and this never asks.
 */

export const PHOTO_MAX_SIDE = 2048;
/** An image larger than this many pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

type PhotoType = (typeof PHOTO_TYPES)[number];

/** The image type the bytes are, by their signature; null for anything else. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

export interface KeptPhoto {
  body: Buffer;
  contentType: "image/jpeg" | "image/webp";
  extension: "jpg" | "webp";
  width: number;
  height: number;
}

/** The first `count` bytes of a file (fewer when it is shorter). */
export async function firstBytes(file: string, count: number): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The photo to keep, read from the file the upload was written to (sharp decodes it from there), or
 * null when it does not decode as the image it starts like.
 */
export async function preparePhoto(file: string, type: PhotoType): Promise<KeptPhoto | null> {
  const jpeg = type === "image/jpeg";
  try {
    const pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const { data, info } = await (
      jpeg ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 })
    ).toBuffer({ resolveWithObject: true });
    return {
      body: data,
      contentType: jpeg ? "image/jpeg" : "image/webp",
      extension: jpeg ? "jpg" : "webp",
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}
