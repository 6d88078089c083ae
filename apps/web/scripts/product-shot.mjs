/* global process, console, Buffer, document, Image */
// Captures the product screenshot shown on the landing page (public/product-shot.webp) from a
// running server: `BASE=http://localhost:3000 npm run shot -w @leakwarden/web`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const base = process.env.BASE ?? "http://localhost:3000";
const route = process.env.SHOT_ROUTE ?? "/pricing";
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public/product-shot.webp");
const size = { width: 1200, height: 750 };

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  await page.goto(base + route, { waitUntil: "networkidle" });
  const box = await page.locator("main fieldset").first().boundingBox();
  const png = await page.screenshot({ clip: { x: 40, y: Math.max(0, (box?.y ?? 0) - 32), ...size } });
  // Chromium encodes WebP itself: no image library needed.
  const dataUrl = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    canvas.getContext("2d").drawImage(img, 0, 0);
    return canvas.toDataURL("image/webp", 0.82);
  }, png.toString("base64"));
  fs.writeFileSync(out, Buffer.from(dataUrl.split(",")[1], "base64"));
  console.log(`${out}: ${fs.statSync(out).size} bytes from ${route}`);
} finally {
  await browser.close();
}
