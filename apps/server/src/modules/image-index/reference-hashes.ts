import type { ReferenceImageInput } from "@leakwarden/contracts/scans";
import { PDQ_DIHEDRAL_NAMES, type PdqDihedralHashes, type PdqDihedralName } from "@leakwarden/pdq/pdq-hash";
import type { StoredReferenceCrop, StoredReferenceHashes } from "../../db/schema/scans";
import type { ReferenceHash } from "../../scanner/scan-types";

const dihedral = (h: Readonly<Record<PdqDihedralName, string>>): PdqDihedralHashes =>
  Object.fromEntries(PDQ_DIHEDRAL_NAMES.map((name) => [name, h[name].toLowerCase()])) as PdqDihedralHashes;

/** What reference_image.hashes keeps of what the device sent: the photo's eight hashes and, when sent, its crops'. */
export function storedReferenceHashes(input: Pick<ReferenceImageInput, "hashes" | "crops">): StoredReferenceHashes {
  const crops = input.crops?.map(
    (c): StoredReferenceCrop =>
      c.hashes
        ? { transform: c.transform, hashes: dihedral(c.hashes), quality: c.quality }
        : {
            transform: c.transform,
            hash: c.hash!.toLowerCase(),
            quality: c.quality,
            ...(c.turns ? { turns: { rotate90: c.turns.rotate90.toLowerCase(), rotate180: c.turns.rotate180.toLowerCase(), rotate270: c.turns.rotate270.toLowerCase() } } : {}),
          },
  );
  return { ...dihedral(input.hashes), ...(crops?.length ? { crops } : {}) };
}

/**
 * The scanner's view of one stored reference image: the photo's hashes, then
 * one entry per crop with its transform, so a finding's evidence says which
 * crop of which reference matched. Rows stored before crops were sent give the
 * photo's hashes alone.
 */
export function referenceHashesOf(row: { id: string; hashes: StoredReferenceHashes; quality: number }): ReferenceHash[] {
  const whole: ReferenceHash = { id: row.id, hashes: dihedral(row.hashes), quality: row.quality };
  return [
    whole,
    ...(row.hashes.crops ?? []).map(
      (c): ReferenceHash => ({ id: row.id, quality: c.quality, transform: c.transform, ...("hashes" in c ? { hashes: dihedral(c.hashes) } : { hash: c.hash }) }),
    ),
  ];
}
