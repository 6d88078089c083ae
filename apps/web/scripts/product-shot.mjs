/* global process, console, Buffer, document, window, Image, fetch, setTimeout, URL */
// Captures the product screenshot shown on the landing page (public/product-shot.webp): the
// dashboard of the demo's fictional creator after a real scan of the demo's fictional web.
//
//   npm run demo                                  # in one terminal (prints its URL)
//   BASE=http://localhost:3000 DATA_DIR=data-demo npm run shot -w @leakwarden/web
//
// It signs up a new demo account through the API (confirmed by the link in the demo's outbox),
// saves the demo identity, runs a scan, and photographs /dashboard without the demo banner.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const base = process.env.BASE ?? "http://localhost:3000";
const outbox = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? "data-demo", "outbox");
const out = path.resolve(here, "../public/product-shot.webp");
const size = { width: 1200, height: 750 };
const email = `juniper.vale+${Date.now().toString(36)}@example.com`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, fn, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

let cookie = "";
async function call(method, pathname, body) {
  const res = await fetch(base + pathname, {
    method,
    redirect: "manual",
    headers: { origin: base, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (set.length) cookie = set.join("; ");
  if (res.status >= 400) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
  return res;
}

// 1. A confirmed demo account with the demo's identity, and a finished scan.
await call("POST", "/api/auth/sign-up/email", { email, password: "product-shot-1", name: "Juniper Vale", ageConfirmed: true });
const link = await until(
  `the confirmation mail in ${outbox}`,
  () =>
    fs.existsSync(outbox) &&
    fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((m) => m.includes(email))
      .map((m) => m.match(/https?:\/\/[^\s<>"]+\/api\/auth\/verify-email[^\s<>"]*/)?.[0])
      .find(Boolean),
  20_000,
);
const confirmUrl = new URL(link);
await call("GET", confirmUrl.pathname + confirmUrl.search);
await call("POST", "/v1/root/update-profile-all", { platforms: { onlyfans: "juniper_vale" }, nicknames: ["Juni Vale"], allowlist: [], specific: "" });
await call("POST", "/v1/identities/onboarding-complete");
const { id } = await (await call("POST", "/v1/scans", {})).json();
await until(
  "the scan to finish",
  async () => {
    const scan = await (await call("GET", `/v1/scans/${id}`)).json();
    if (scan.status === "failed" || scan.status === "cancelled") throw new Error(`scan ${scan.status}`);
    return scan.status === "completed";
  },
  180_000,
);

// 2. Her dashboard, as she sees it.
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name, value: value.join("="), url: base };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${base}/dashboard`, { waitUntil: "networkidle" });
  await page.getByText("Scan Completed").waitFor();
  await page.locator(".recharts-surface").first().waitFor();
  // The banner says the data is the demo's; the landing page's caption says so instead.
  await page.addStyleTag({ content: '[aria-label="Demo mode"]{display:none!important}' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(500);
  const png = await page.screenshot({ clip: { x: 0, y: 0, ...size } });
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
  console.log(`${out}: ${fs.statSync(out).size} bytes, the dashboard of ${email}`);
} finally {
  await browser.close();
}
