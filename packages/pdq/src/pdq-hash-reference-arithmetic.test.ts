import { describe, expect, it } from "vitest";
import { PDQ_DIHEDRAL_NAMES, pdqDct16, pdqHash, pdqHashDihedral, type PdqDihedralName, type PixelImage } from "./pdq-hash";

// Hashes and qualities of Meta's C++ reference (facebook/ThreatExchange pdq/cpp, g++ -O2, through
// bench/peers/pdq-cpp/driver.cpp) for the very pixels generated below: the port must give them bit
// for bit. The mirrored pictures put many coefficients a hair from the median, where only the
// reference's float32 arithmetic, rounded as it rounds, ranks them as it does (a port summing in
// doubles was 48 and 62 bits off there).

/** Smooth structure, detail and texture, different in each channel. */
function pattern(width: number, height: number, channels: 1 | 3 | 4): PixelImage {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        const v = 128 + 60 * Math.sin((x + 7 * c) / (9 + 4 * c)) * Math.cos((y - 3 * c) / 13) + 40 * Math.sin((x * y) / (700 + 150 * c)) + ((x ^ y) & 15);
        data[(y * width + x) * channels + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  return { width, height, channels, data };
}

/** Grey, the same left and right of the middle. */
function mirrored(width: number, height: number): PixelImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = Math.min(x, width - 1 - x);
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(128 + 70 * Math.sin(u / 7) * Math.cos(y / 11) + ((u * 3 + y) & 7))));
    }
  }
  return { width, height, channels: 1, data };
}

const REFERENCE: { name: string; image: () => PixelImage; hash: string; quality: number }[] = [
  { name: "5×5 grey", image: () => pattern(5, 5, 1), hash: "695ab48dd6b54b5a94a52b4a348dd4b56b5a94a5294ab58dd6b56b5a94a52b4a", quality: 7 },
  { name: "64×64 RGB (hashed unfiltered)", image: () => pattern(64, 64, 3), hash: "faaba8a89a2ba2fca9abaa748fab2afca0abb5a8aaab9f84aaab15148003aaab", quality: 75 },
  { name: "97×61 RGB", image: () => pattern(97, 61, 3), hash: "c73facc0acc41cbd2cc3affd2cc3affdaff75009500372bd5017f2fd10031006", quality: 95 },
  { name: "128×80 RGBA", image: () => pattern(128, 80, 4), hash: "0c0dd571d00d7ff1690d7ff5010daaa1054daab1554d8af5aaa9abfa0006bffc", quality: 100 },
  { name: "320×288 grey", image: () => pattern(320, 288, 1), hash: "739ce71cc73c8e3c1c787878f0f8e1f087f007ff3fc1ff81fc01e003000700ff", quality: 100 },
  { name: "512×321 RGB", image: () => pattern(512, 321, 3), hash: "f8f8f0f8e1f0e1f08bf0a7e00fe1b4004fff5feff401cb03a003080f001f0fff", quality: 100 },
  { name: "700×1100 RGB", image: () => pattern(700, 1100, 3), hash: "98230003982300038233003398bf00338233033bbfff017f923b677fffffffff", quality: 100 },
  { name: "96×96 mirrored", image: () => mirrored(96, 96), hash: "47a5834e7af0805e7ae5c54e62e4001bbaf1055b7ef5554eaba5145b110aefe5", quality: 100 },
  { name: "200×120 mirrored", image: () => mirrored(200, 120), hash: "41faba0011ffba4151fafa5441fafa4001fbfe5541fafa0401fb01fbfa0401fb", quality: 100 },
  { name: "64×64 mirrored", image: () => mirrored(64, 64), hash: "54c355dd555755ddd55659dd554758ec5006dbfc4556daa85056baf804571406", quality: 100 },
];

/** The hash of DCT coefficients as the reference forms it (see dctToHex), optionally turned as a dihedral variant. */
function hashOf(coefficients: Float64Array, name: PdqDihedralName = "original"): string {
  const turned = new Float64Array(256);
  const transpose = name === "rotate90" || name === "rotate270" || name === "flipPlus1" || name === "flipMinus1";
  const even = (k: number) => (k & 1) === 0;
  const negate: Record<PdqDihedralName, (i: number, j: number) => boolean> = {
    original: () => false,
    rotate90: (_i, j) => even(j),
    rotate180: (i, j) => ((i + j) & 1) === 1,
    rotate270: (i) => even(i),
    flipX: (i) => even(i),
    flipY: (_i, j) => even(j),
    flipPlus1: () => false,
    flipMinus1: (i, j) => ((i + j) & 1) === 1,
  };
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      const v = coefficients[i * 16 + j]!;
      turned[transpose ? j * 16 + i : i * 16 + j] = negate[name](i, j) ? -v : v;
    }
  }
  const median = Float64Array.from(turned).sort()[127]!;
  let hex = "";
  for (let i = 15; i >= 0; i--) {
    let word = 0;
    for (let j = 0; j < 16; j++) if (turned[i * 16 + j]! > median) word |= 1 << j;
    hex += word.toString(16).padStart(4, "0");
  }
  return hex;
}

describe("PDQ in the reference's float32 arithmetic", () => {
  for (const { name, image, hash, quality } of REFERENCE) {
    it(`${name}: the C++ reference's hash and quality, bit for bit`, () => {
      expect(pdqHash(image())).toEqual({ hash, quality });
    });
  }

  it("gives every dihedral hash the bits of the reference's float32 DCT, near the median or not", () => {
    for (const { image } of REFERENCE) {
      const img = image();
      const coefficients = pdqDct16(img)!.coefficients;
      const { hashes } = pdqHashDihedral(img);
      for (const name of PDQ_DIHEDRAL_NAMES) expect(hashes[name], name).toBe(hashOf(coefficients, name));
      expect(hashOf(coefficients)).toBe(pdqHash(img).hash);
    }
  });

  it("hashes an image alike whatever was hashed before it (the buffers are reused)", () => {
    const small = pattern(97, 61, 3);
    const first = pdqHash(small);
    pdqHash(pattern(700, 1100, 3)); // grows the buffers
    pdqHash(mirrored(64, 64));
    expect(pdqHash(small)).toEqual(first);
    expect(pdqHash(pattern(512, 321, 3)).hash).toBe(REFERENCE.find((r) => r.name === "512×321 RGB")!.hash);
  });
});
