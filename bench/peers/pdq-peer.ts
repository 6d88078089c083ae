/**
 * PDQ against Meta's C++ reference (facebook/ThreatExchange, pdq/cpp), on
 * the same images at the same sizes, in CPU time (the machine may be shared:
 * wall time would measure the neighbours). The reference is compiled here
 * with `g++ -O2` from a checkout named by PDQ_CPP_DIR (its pdq/cpp directory;
 * none of its code is kept in this repository), with libjpeg and libpng for
 * its CImg decoder. Without PDQ_CPP_DIR the comparison is skipped.
 *
 * - hash only: luma + hash of the same decoded pixels (the reference's
 *   buffers allocated per hash, as its tool does), and whether the two
 *   hashes and qualities are identical;
 * - decode + hash: from the JPEG file to the hash, each side as it is used:
 *   the scanner's sharp decode (reduced size on load, ≤ 512 px a side) and
 *   pdqHash; the reference tool's CImg decode, its resize to 512×512 when a
 *   side is larger, and its hash.
 * Sides alternate, three rounds each; the median round counts.
 *
 *   PDQ_CPP_DIR=~/ThreatExchange/pdq/cpp npx tsx bench/peers/pdq-peer.ts
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { pdqHash, type PixelImage } from "@leakwarden/pdq/pdq-hash";
import { hammingDistance } from "@leakwarden/pdq/pdq-match";
import { decodeForHashing } from "../../apps/server/src/scanner/image-match";

const here = path.dirname(fileURLToPath(import.meta.url));
const DRIVER_SOURCE = path.join(here, "pdq-cpp", "driver.cpp");
const REFERENCE_SOURCES = ["hashing/pdqhashing.cpp", "hashing/torben.cpp", "downscaling/downscaling.cpp", "common/pdqhashtypes.cpp", "io/pdqio.cpp"];
const ROUNDS = 3;
/** Longest side of each test size; 512 is the scanner's hashing size. */
const SIDES = [64, 128, 256, 384, 512, 1024];

const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(2)).join(" ");

/** Compiles the driver against the reference once per source version; the binary's path, or why not. */
function buildReference(dir: string): { binary: string } | { skipped: string } {
  const missing = REFERENCE_SOURCES.filter((f) => !existsSync(path.join(dir, f)));
  if (missing.length > 0) return { skipped: `PDQ_CPP_DIR=${dir} lacks ${missing.join(", ")} (it must name a ThreatExchange checkout's pdq/cpp directory)` };
  const fingerprint = createHash("sha256");
  for (const f of [DRIVER_SOURCE, ...REFERENCE_SOURCES.map((s) => path.join(dir, s))]) fingerprint.update(f).update(String(statSync(f).mtimeMs));
  const outDir = path.join(os.tmpdir(), "leakwarden-pdq-peer");
  mkdirSync(outDir, { recursive: true });
  const binary = path.join(outDir, `driver-${fingerprint.digest("hex").slice(0, 16)}`);
  if (existsSync(binary)) return { binary };
  // The reference's headers include each other as <pdq/cpp/...>, and its CImg.h sits in pdq/cpp.
  const args = ["-O2", "-std=c++14", `-I${path.resolve(dir, "../..")}`, `-I${dir}`, "-Dcimg_use_jpeg", "-Dcimg_use_png", "-Dcimg_display=0",
    "-o", binary, DRIVER_SOURCE, ...REFERENCE_SOURCES.map((s) => path.join(dir, s)), "-ljpeg", "-lpng", "-lz", "-lpthread"];
  console.log(`compiling the C++ reference: g++ ${args.join(" ")}`);
  try {
    execFileSync("g++", args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().split("\n").slice(0, 5).join(" ") ?? String(e);
    return { skipped: `g++ could not build the reference (g++ with libjpeg and libpng development files is needed): ${stderr}` };
  }
  return { binary };
}

type Run = { hash: string; quality: number; ms: number };

function runReference(binary: string, args: string[]): Run {
  const [hash, quality, ns] = execFileSync(binary, args).toString().trim().split(" ");
  return { hash: hash!, quality: Number(quality), ms: Number(ns) / 1e6 };
}

/** CPU time of the whole process (sharp's decoder threads included) per call, in ms. */
async function cpuMs(fn: () => unknown, iterations: number): Promise<number> {
  await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / iterations;
}

/** One sharp pipeline, nothing but the decode at reduced size: what the decoder itself costs. */
async function leanDecode(input: Buffer): Promise<PixelImage> {
  const { data, info } = await sharp(input).resize({ width: 512, height: 512, fit: "inside", withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels as 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

export async function comparePdqWithReference(sourceJpeg: string): Promise<void> {
  const dir = process.env.PDQ_CPP_DIR;
  if (!dir) {
    console.log("C++ reference: skipped. Set PDQ_CPP_DIR to the pdq/cpp directory of a facebook/ThreatExchange checkout to compare with it.");
    return;
  }
  const built = buildReference(path.resolve(dir));
  if ("skipped" in built) {
    console.log(`C++ reference: skipped. ${built.skipped}`);
    return;
  }
  // libvips would otherwise answer repeated decodes of one buffer from its cache.
  sharp.cache(false);
  const work = path.join(os.tmpdir(), `leakwarden-pdq-peer-${process.pid}`);
  mkdirSync(work, { recursive: true });
  console.log(`C++ reference (g++ -O2) vs this port, CPU time per image, median of ${ROUNDS} alternating rounds; load average ${loadAverage()}`);

  const hashRatios: number[] = [];
  for (const side of SIDES) {
    const { data, info } = await sharp(sourceJpeg).resize({ width: side, height: side, fit: "inside" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels: PixelImage = { width: info.width, height: info.height, channels: info.channels as 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    const raw = path.join(work, `${side}.raw`);
    writeFileSync(raw, data);
    const iterations = Math.max(10, Math.round(1.5e7 / (info.width * info.height)));
    const cpp: Run[] = [];
    const ours: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      cpp.push(runReference(built.binary, ["hash", raw, String(info.width), String(info.height), String(info.channels), String(iterations)]));
      ours.push(await cpuMs(() => pdqHash(pixels), iterations));
    }
    const mine = pdqHash(pixels);
    const theirs = cpp[0]!;
    const same = mine.hash === theirs.hash && mine.quality === theirs.quality
      ? "identical hash and quality"
      : `DIFFERENT: ${hammingDistance(mine.hash, theirs.hash)} bits apart, quality ${mine.quality} vs ${theirs.quality}`;
    const ratio = median(ours) / median(cpp.map((c) => c.ms));
    hashRatios.push(ratio);
    console.log(`  hash only      ${`${info.width}×${info.height}`.padEnd(10)} ${fmt(median(ours)).padStart(9)} vs C++ ${fmt(median(cpp.map((c) => c.ms))).padStart(9)}: ${ratio.toFixed(2)}× (${same})`);
  }

  const files: { label: string; file: string }[] = [{ label: "original", file: sourceJpeg }];
  for (const side of SIDES) {
    const file = path.join(work, `${side}.jpg`);
    writeFileSync(file, await sharp(sourceJpeg).resize({ width: side, height: side, fit: "inside" }).jpeg({ quality: 90 }).toBuffer());
    files.push({ label: `${side} px`, file });
  }
  for (const { label, file } of files) {
    const meta = await sharp(file).metadata();
    const iterations = Math.max(10, Math.round(3e6 / ((meta.width ?? 1) * (meta.height ?? 1))));
    const cpp: number[] = [];
    const ours: number[] = [];
    const lean: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      cpp.push(runReference(built.binary, ["file", file, String(iterations)]).ms);
      ours.push(await cpuMs(async () => pdqHash(await decodeForHashing(readFileSync(file))), iterations));
      lean.push(await cpuMs(async () => pdqHash(await leanDecode(readFileSync(file))), iterations));
    }
    const c = median(cpp);
    console.log(
      `  decode + hash  ${`${meta.width}×${meta.height}`.padEnd(10)} ${fmt(median(ours)).padStart(9)} vs C++ ${fmt(c).padStart(9)}: ${(median(ours) / c).toFixed(2)}× ` +
        `(${label} JPEG; the scanner's decode: EXIF turn, flatten, sRGB; one bare sharp pipeline: ${fmt(median(lean))}, ${(median(lean) / c).toFixed(2)}×)`,
    );
  }
  const scanner = hashRatios.slice(0, SIDES.indexOf(512) + 1);
  console.log(`  hash only at ≤ 512 px: worst ${Math.max(...scanner).toFixed(2)}× the reference (goal ≤ 1.0×); load average ${loadAverage()}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await comparePdqWithReference(path.resolve(here, "../../packages/pdq/reference/bridge-1-original.jpg"));
}
