import { PDQ_CROP_HASH_MAX_SIDE, pdqCropHashes, type PdqCropHash } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact, type PdqDihedralHashes } from "@leakwarden/pdq/pdq-hash";

// Runs in a Web Worker (OffscreenCanvas) or, where workers cannot draw, on the main thread.

/** Photos are hashed at this size at most: PDQ works on a 64×64 reduction anyway. */
const MAX_SIDE = 1024;
const THUMB_SIDE = 48;
export const MAX_THUMBNAIL_BYTES = 8 * 1024;

export interface HashedImage {
  hashes: PdqDihedralHashes;
  quality: number;
  /** The hash of each crop of the photo (PDQ_REFERENCE_CROPS), so that cropped copies match too. */
  crops: PdqCropHash[];
  thumbnail: string | null;
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function makeCanvas(width: number, height: number): { canvas: OffscreenCanvas | HTMLCanvasElement; ctx: Canvas2D } {
  const canvas = typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(width, height) : Object.assign(document.createElement("canvas"), { width, height });
  const ctx = canvas.getContext("2d", { willReadFrequently: true }) as Canvas2D | null;
  if (!ctx) throw new Error("This browser cannot read images.");
  return { canvas, ctx };
}

async function toDataUrl(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<string | null> {
  const blob =
    "convertToBlob" in canvas
      ? await canvas.convertToBlob({ type: "image/webp", quality })
      : await new Promise<Blob | null>((resolve) => (canvas as HTMLCanvasElement).toBlob(resolve, "image/webp", quality));
  if (!blob || blob.type !== "image/webp") return null;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return `data:image/webp;base64,${btoa(binary)}`;
}

/** Decodes a photo, hashes it (PDQ, its eight orientations, each from the turned pixels) and its crops (one hash each, and their three turns) and, if asked, makes a tiny blurred WebP thumbnail. */
export async function hashImage(file: Blob, withThumbnail: boolean): Promise<HashedImage> {
  const probe = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(probe.width, probe.height));
  const width = Math.max(1, Math.round(probe.width * scale));
  const height = Math.max(1, Math.round(probe.height * scale));
  const { ctx } = makeCanvas(width, height);
  ctx.drawImage(probe, 0, 0, width, height);
  const pixels = ctx.getImageData(0, 0, width, height);
  const { hashes, quality } = pdqHashOrientationsExact({ width, height, data: pixels.data, channels: 4 });

  // Crops are hashed from a smaller copy, as the server hashes the images it finds (331 crops: ~0.4-0.7 s),
  // each also turned a quarter, a half and three quarters (~4× that): the image index then finds a
  // turned crop of the photo that was seen before she added it (docs/decisions/011-image-index.md).
  const c = Math.min(1, PDQ_CROP_HASH_MAX_SIDE / Math.max(probe.width, probe.height));
  const cw = Math.max(1, Math.round(probe.width * c));
  const ch = Math.max(1, Math.round(probe.height * c));
  const forCrops = makeCanvas(cw, ch);
  forCrops.ctx.drawImage(probe, 0, 0, cw, ch);
  const crops = pdqCropHashes({ width: cw, height: ch, data: forCrops.ctx.getImageData(0, 0, cw, ch).data, channels: 4 }, undefined, { turns: true });

  let thumbnail: string | null = null;
  if (withThumbnail) {
    const t = Math.min(1, THUMB_SIDE / Math.max(probe.width, probe.height));
    const tw = Math.max(1, Math.round(probe.width * t));
    const th = Math.max(1, Math.round(probe.height * t));
    const small = makeCanvas(tw, th);
    small.ctx.filter = "blur(2px)";
    small.ctx.drawImage(probe, 0, 0, tw, th);
    for (const q of [0.6, 0.4, 0.2]) {
      const url = await toDataUrl(small.canvas, q);
      if (url && url.length <= MAX_THUMBNAIL_BYTES) {
        thumbnail = url;
        break;
      }
    }
  }
  probe.close();
  return { hashes, quality, crops, thumbnail };
}
