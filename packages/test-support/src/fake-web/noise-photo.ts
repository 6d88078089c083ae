import sharp from "sharp";

/**
 * A 96×96 JPEG of pseudo-random noise from `seed` (the same seed, the same bytes): large enough to
 * hash, like no one's photo, so a crawl test web can serve it wherever a post has an image.
 */
export function noisePhoto(seed: number): Promise<Buffer> {
  const px = Buffer.alloc(96 * 96 * 3);
  let x = seed;
  for (let i = 0; i < px.length; i++) px[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return sharp(px, { raw: { width: 96, height: 96, channels: 3 } }).jpeg().toBuffer();
}
