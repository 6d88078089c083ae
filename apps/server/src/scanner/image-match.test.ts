import { pdqHashDihedral } from "@leakwarden/pdq/pdq-hash";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { decodeForHashing, hashImageBuffer, hashReferenceImage, hashReferenceImageWithCrops, matchReferences, prepareReferences } from "./image-match";

// A 256-pixel photo: at this size the orientations derived from one DCT are far from the turned
// copies' own hashes, so only hashes of the turned pixels find them.
const photo = fixturePath("third-photo.jpg");
const copyOf = async (turn: (s: Sharp) => Sharp) => (await hashImageBuffer(await turn(sharp(photo)).jpeg({ quality: 85 }).toBuffer()))!;

describe("matchReferences", () => {
  it("finds rotated and mirrored copies of a reference, and says how each is turned", async () => {
    const refs = prepareReferences([await hashReferenceImage(photo, "ref")]);
    const turned = { rotate180: (s: Sharp) => s.rotate(180), flipY: (s: Sharp) => s.flop(), flipX: (s: Sharp) => s.flip() };
    for (const [variant, turn] of Object.entries(turned)) {
      expect(matchReferences(await copyOf(turn), refs), variant).toMatchObject({ referenceId: "ref", variant });
    }
    // Orientations derived from the DCT alone miss the copy turned upside down.
    const derived = prepareReferences([{ id: "ref", ...pdqHashDihedral(await decodeForHashing(photo)) }]);
    expect(matchReferences(await copyOf(turned.rotate180), derived)).toBeNull();
  });

  it("finds a cropped copy mirrored through the crop's one hash, and names the crop", async () => {
    const [whole, ...crops] = await hashReferenceImageWithCrops(photo, "ref");
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const copy = await copyOf((s) => s.extract({ left: Math.round(width * 0.08), top: 0, width: width - Math.round(width * 0.08), height: height - Math.round(height * 0.05) }).flop());
    // The whole photo's hashes alone miss it.
    expect(matchReferences(copy, prepareReferences([whole!]))).toBeNull();
    const match = matchReferences(copy, prepareReferences([whole!, ...crops]));
    expect(match?.referenceId).toBe("ref");
    expect(match?.variant).toMatch(/^flipY of crop l\d+(\.\d+)?% t0% r0% b\d+(\.\d+)?%$/);
  });

  it("matches nothing to an unrelated photo", async () => {
    const refs = prepareReferences(await hashReferenceImageWithCrops(photo, "ref"));
    const other = (await hashImageBuffer(await sharp(fixturePath("other-photo.jpg")).jpeg({ quality: 85 }).toBuffer()))!;
    expect(matchReferences(other, refs)).toBeNull();
  });
});
