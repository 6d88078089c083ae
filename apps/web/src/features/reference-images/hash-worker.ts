import { hashImage } from "./hash-image";

// The photo never leaves the device: it is decoded and hashed here, off the page's thread.

interface HashRequest {
  id: number;
  file: Blob;
  thumbnail: boolean;
}

self.onmessage = async (event: MessageEvent<HashRequest>) => {
  const { id, file, thumbnail } = event.data;
  try {
    const result = await hashImage(file, thumbnail);
    self.postMessage({ id, ok: true, result });
  } catch (error) {
    self.postMessage({ id, ok: false, message: error instanceof Error ? error.message : "This file could not be read as an image." });
  }
};
