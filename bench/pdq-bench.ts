/**
 * PDQ costs: one hash from pixels already decoded, one hash with the image
 * decode included (sharp, as a scan does it), the eight dihedral hashes
 * derived from one DCT, the eight hashes of a reference photo's turned pixels
 * (what each reference image is stored as), and one hash matched against a million
 * stored hashes (Hamming distance ≤ 31, a linear scan over packed words).
 * Then the ratio to Meta's C++ reference, per size, hash only and decode +
 * hash (bench/peers/pdq-peer.ts; needs PDQ_CPP_DIR, else it says it skipped).
 * Also the crops of a reference image (a 1000-pixel photo): the time to hash
 * them, the JSON they add to the upload, and the cost of matching one found
 * image (in its eight orientations) against a 200-image plan's references
 * with their crops.
 * The image is the reference set's bridge photo (packages/pdq/reference) when it
 * is present, else a generated JPEG of the same size.
 *
 *   PDQ_CPP_DIR=~/ThreatExchange/pdq/cpp npm run bench:pdq
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { pdqHash, pdqHashDihedral, pdqHashOrientationsExact, type PixelImage } from "@leakwarden/pdq/pdq-hash";
import { findMatches, formatPdqHash, parsePdqHash, PDQ_DEFAULT_MAX_DISTANCE } from "@leakwarden/pdq/pdq-match";
import { PDQ_CROP_HASH_MAX_SIDE, PDQ_REFERENCE_CROPS, pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { decodeForHashing, hashImageBuffer, matchReferences, prepareReferences } from "../apps/server/src/scanner/image-match";
import { comparePdqWithReference } from "./peers/pdq-peer";

const STORED = 1_000_000;
const REFERENCE_IMAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/pdq/reference/bridge-1-original.jpg");

/** Runs fn until both minRuns and minMs are reached; best and median ms per run. */
async function time(fn: () => unknown, minRuns = 5, minMs = 1_000): Promise<{ best: number; median: number; runs: number }> {
  await fn(); // warm-up: JIT, sharp's thread pool
  const runs: number[] = [];
  const started = performance.now();
  while (runs.length < minRuns || performance.now() - started < minMs) {
    const t = performance.now();
    await fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { best: runs[0]!, median: runs[Math.floor(runs.length / 2)]!, runs: runs.length };
}

async function sourceImage(): Promise<{ jpeg: Buffer; label: string }> {
  if (existsSync(REFERENCE_IMAGE)) return { jpeg: readFileSync(REFERENCE_IMAGE), label: path.basename(REFERENCE_IMAGE) };
  // Smooth gradients plus detail, so the hash has a real quality.
  const width = 1600;
  const height = 1004;
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      px[o] = (x * 255) / width;
      px[o + 1] = (y * 255) / height;
      px[o + 2] = 128 + 127 * Math.sin(x / 37) * Math.cos(y / 23);
    }
  }
  const jpeg = await sharp(px, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  return { jpeg, label: `generated ${width}×${height} JPEG` };
}

async function rawPixels(jpeg: Buffer): Promise<PixelImage> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels as 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** xorshift32: the same stored hashes on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

const ms = (t: { best: number; median: number }) => `${t.median.toFixed(2)} ms (best ${t.best.toFixed(2)})`;

const { jpeg, label } = await sourceImage();
const full = await rawPixels(jpeg);
const scanSize = await decodeForHashing(jpeg);
console.log(`image:                         ${label}, ${full.width}×${full.height}, ${(jpeg.length / 1024).toFixed(0)} KiB`);

const hashFull = await time(() => pdqHash(full));
const hashScan = await time(() => pdqHash(scanSize));
console.log(`hash, decode excluded:         ${ms(hashFull)} at ${full.width}×${full.height}; ${ms(hashScan)} at ${scanSize.width}×${scanSize.height} (the scanner's size)`);

const decodeFull = await time(async () => pdqHash(await rawPixels(jpeg)));
const decodeScan = await time(() => hashImageBuffer(jpeg));
console.log(`hash, decode included:         ${ms(decodeFull)} at full size; ${ms(decodeScan)} as a scan hashes an image (decode, ≤ 512 px a side, 8 orientations with the real mirror)`);

const dihedralFull = await time(() => pdqHashDihedral(full));
const dihedralScan = await time(() => pdqHashDihedral(scanSize));
console.log(`8 dihedral hashes:             ${ms(dihedralFull)} at full size; ${ms(dihedralScan)} at ${scanSize.width}×${scanSize.height} (derived from one DCT)`);
const reference1024 = await rawPixels(await sharp(jpeg).resize(1024).jpeg({ quality: 90 }).toBuffer());
const exactReference = await time(() => pdqHashOrientationsExact(reference1024));
console.log(`8 hashes of turned pixels:     ${ms(exactReference)} at ${reference1024.width}×${reference1024.height} (a reference photo, as the browser hashes it)`);

// A million stored hashes (32 MB packed), three of them near the candidate.
const next = rng(7);
const stored = new Uint32Array(STORED * 8);
for (let i = 0; i < stored.length; i++) stored[i] = next();
const candidate = parsePdqHash(pdqHash(full).hash);
const planted = [17, 500_000, STORED - 1];
planted.forEach((index, k) => {
  const near = candidate.slice();
  for (let b = 0; b < 10 * k; b++) near[b >> 5]! ^= 1 << (b & 31);
  stored.set(near, index * 8);
});
const found = findMatches(candidate, stored, PDQ_DEFAULT_MAX_DISTANCE);
if (found.map((m) => m.index).join() !== planted.join()) {
  throw new Error(`matcher found ${JSON.stringify(found)} for candidate ${formatPdqHash(candidate)}, expected indexes ${planted.join()}`);
}
const match = await time(() => findMatches(candidate, stored, PDQ_DEFAULT_MAX_DISTANCE), 10);
console.log(
  `match vs ${STORED.toLocaleString("en-US")} stored:    ${ms(match)} per scan = ${(1000 / match.median).toFixed(0)} scans/s ` +
    `(${((STORED / match.median) * 1000 / 1e6).toFixed(0)} M comparisons/s); distance ≤ ${PDQ_DEFAULT_MAX_DISTANCE}, ${found.length} planted matches found`,
);

// Crop variants, for a 1000-pixel photo hashed from its 512-pixel reduction (as the browser's worker and the CLI do).
const photo1000 = await sharp(jpeg).resize(1000).jpeg({ quality: 90 }).toBuffer();
const cropSource = await decodeForHashing(photo1000, PDQ_CROP_HASH_MAX_SIDE);
{
  const t = await time(() => pdqCropHashes(cropSource), 3, 2_000);
  const bytes = Buffer.byteLength(JSON.stringify(pdqCropHashes(cropSource)));
  console.log(`crops (sent with each image): ${PDQ_REFERENCE_CROPS.length} crops, one hash each, in ${ms(t)}; ${(bytes / 1024).toFixed(0)} KiB of JSON per reference image`);
}
const plan = 200;
const one = [{ id: "r", ...pdqHashOrientationsExact(cropSource) }, ...pdqCropHashes(cropSource).map((c) => ({ id: "r", ...c }))];
const refs = prepareReferences(Array.from({ length: plan }, (_, i) => one.map((r) => ({ ...r, id: `r${i}` }))).flat());
const { hashes: foundHashes } = pdqHashDihedral(scanSize);
const foundImage = { hash: foundHashes.original, hashes: foundHashes, quality: 100, width: 512, height: 321 };
const matchRefs = await time(() => matchReferences(foundImage, refs), 10);
const comparisons = plan * (8 + 8 * (one.length - 1));
console.log(
  `match one found image vs ${plan} references (8 hashes + ${one.length - 1} crops each; its 8 orientations against each crop: ${comparisons.toLocaleString("en-US")} comparisons): ${ms(matchRefs)}`,
);

console.log("");
await comparePdqWithReference(existsSync(REFERENCE_IMAGE) ? REFERENCE_IMAGE : writeTemporary(jpeg));

function writeTemporary(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pdq-bench-")), "source.jpg");
  writeFileSync(file, bytes);
  return file;
}
