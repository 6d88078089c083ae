import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { PDQ_REFERENCE_CROPS, pdqCropHashes, pdqCropLabel } from "../packages/pdq/src/pdq-crops";
import { hammingDistance } from "../packages/pdq/src/pdq-match";
import { LEAK_PAGES } from "./global-setup";
import { runScan, setIdentities, signUpAndConfirm, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, signedIn as signedInWith, test } from "@leakwarden/test-support/e2e/support";

// The dashboard journeys, on accounts seeded through the API; leaks come from real scans of the
// local fixture web (e2e/global-setup.ts).

test.describe.configure({ mode: "serial" });

let luna: SeededCreator;
let mia: SeededCreator;
let takedownsApi = false;

const sections = [
  { path: "/dashboard", title: "Home", name: "home" },
  { path: "/dashboard/account", title: "Account", name: "account" },
  { path: "/dashboard/billing", title: "Billing", name: "billing" },
  { path: "/dashboard/leaks", title: "Leaks", name: "leaks" },
  { path: "/dashboard/takedowns", title: "Takedown Requests", name: "takedowns" },
  { path: "/dashboard/alerts", title: "Custom Alert", name: "alerts" },
  { path: "/dashboard/social", title: "Social Media", name: "social" },
  { path: "/dashboard/impersonator", title: "Impersonator", name: "impersonator" },
  { path: "/dashboard/upgrade", title: "Upgrade Plan", name: "upgrade" },
];

// Reduced motion: the screenshots show the chart's bars at their height, not growing in.
const signedIn = (browser: Browser, creator: SeededCreator, options: { onboardingFlag?: boolean; width?: number } = {}) =>
  signedInWith(browser, creator, { reducedMotion: "reduce", ...(options.width ? { width: options.width } : {}), ...(options.onboardingFlag ? { onboardingComplete: true } : {}) });

const topTitle = (page: Page) => page.getByRole("banner").getByRole("heading", { level: 1 });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  luna = await signUpAndConfirm(baseURL!, "luna@example.com");
  await setIdentities(luna, { onlyfans: "luna_rivers", nicknames: ["Moon Bunny"] });
  const scan = await runScan(luna);
  expect(scan.stats.leaksFound, `the scan: ${JSON.stringify({ stats: scan.stats, outcome: scan.outcome, sourceErrors: scan.sourceErrors })}`).toBeGreaterThanOrEqual(LEAK_PAGES);
  mia = await signUpAndConfirm(baseURL!, "mia@example.com");
  await setIdentities(mia, { onlyfans: "mia_moon" });
  takedownsApi = (await luna.api.get("/v1/takedowns")).status() !== 404;
});

test("Home shows the latest scan's real figures, its chart and the latest findings; the quota is explained", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard");
  await expect(topTitle(page)).toHaveText("Home");
  await expect(page.getByRole("heading", { name: "Scan", exact: true })).toBeVisible();
  await expect(page.getByText("To prove ownership you need to add snippet below to your profile.")).toBeVisible();
  await expect(page.getByTestId("ownership-snippet")).toContainText("All content is under copyright. Enforced by");
  await expect(page.getByText("Scan Completed")).toBeVisible();
  await expect(page.getByTestId("next-scan")).toContainText(/Next scan available in \d+ days, on /);
  for (const title of ["Sites analyzed", "Links looked at", "Leaks found", "Images found"]) await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Latest scan", { exact: true })).toHaveCount(4);
  const leaksFound = Number((await page.getByTestId("stat-Leaks found").textContent())!.replace(/\D/g, ""));
  expect(leaksFound).toBeGreaterThanOrEqual(LEAK_PAGES);
  await expect(page.getByRole("img", { name: /Chart of leaks per day/ })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest findings" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByTestId("profile-steps")).toHaveText("2 / 4");
  await expect(page.getByRole("button", { name: "Upgrade Your Plan" })).toBeVisible();
  await expectAccessible(page);

  // The month's scan is used: the button says when the next one is possible, the plan line offers more.
  await expect(page.getByRole("button", { name: /^Next scan in \d+ days$/ })).toBeDisabled();
  const quota = page.getByTestId("scan-quota");
  await expect(quota).toContainText("Your plan: 1 scan a month; 1 used in the last month. The next one is possible on ");
  await quota.getByRole("link", { name: "Upgrade your plan" }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
  await expect(page.getByRole("heading", { name: "Choose the right plan for you" })).toBeVisible();
  expect(errors.filter((e) => e !== "403 POST /v1/scans")).toEqual([]);
  await context.close();
});

test("Leaks: 18 a page, previous and next, server-side search, filters, and the creator's review", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard/leaks");
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(18);
  const total = Number((await page.getByTestId("leaks-total").textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThanOrEqual(LEAK_PAGES);
  await expect(page.getByText(`Page 1 of ${Math.ceil(total / 18)}`)).toBeVisible();
  // A row's number cell (a selection box comes before it when she can take leaks down).
  const numberCell = () => rows.first().locator("td").filter({ hasText: /^#\d+$/ });
  const firstId = await numberCell().textContent();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 18)}`)).toBeVisible();
  await expect(numberCell()).not.toHaveText(firstId!);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(numberCell()).toHaveText(firstId!);

  const link = rows.first().getByRole("link");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  await page.getByRole("searchbox", { name: "Search leaks" }).fill("pack 0777");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("link")).toHaveAttribute("href", /\/luna\/777$/);
  await page.getByRole("searchbox", { name: "Search leaks" }).fill("");
  await expect(rows).toHaveCount(18);

  // Medium-confidence findings: the creator reviews them with their evidence.
  await page.getByRole("searchbox", { name: "Search leaks" }).fill("thread");
  await expect(rows.first().getByRole("button", { name: /^Review finding/ })).toBeVisible();
  const reviewTotal = Number((await page.getByTestId("leaks-total").textContent())!.replace(/\D/g, ""));
  await rows.first().getByRole("button", { name: /^Review finding/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Names matched")).toBeVisible();
  await expect(dialog.getByText("luna_rivers").first()).toBeVisible();
  await expect(dialog.getByText("What the page says")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Not my content" }).click();
  await expect(page.getByText("Dismissed: not your content")).toBeVisible();
  await page.getByLabel("Status").selectOption("dismissed");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Status").selectOption("new");
  await expect(page.getByTestId("leaks-total")).toHaveText(`${(reviewTotal - 1).toLocaleString()} links`);
  await rows.first().getByRole("button", { name: /^Review finding/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, this is my content" }).click();
  await expect(page.getByText("Confirmed as your content")).toBeVisible();
  await page.getByLabel("Status").selectOption("confirmed");
  await expect(rows).toHaveCount(1);

  // The category filter.
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("searchbox", { name: "Search leaks" }).fill("");
  await page.getByLabel("Category").selectOption("social_media");
  await expect(rows).toHaveCount(3);
  expect(errors).toEqual([]);
  await context.close();
});

test("Takedown before ownership is proven explains what is missing and opens the proof panel", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard/leaks");
  await page.locator("tbody tr").first().getByRole("button", { name: /^Takedown finding/ }).click();
  const explain = page.getByRole("dialog", { name: "Prove ownership first" });
  await expect(explain).toBeVisible();
  await expect(explain).toContainText("None of your stage names is verified yet");
  await explain.getByRole("button", { name: "Prove ownership" }).click();
  await expect(page.getByRole("dialog", { name: "Prove you own your accounts" })).toBeVisible();
  await expect(page.getByRole("button", { name: "I added the snippet, Verify now" })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("Social Media lists the social-media findings", async ({ browser }) => {
  const { page, context } = await signedIn(browser, luna);
  await page.goto("/dashboard/social");
  await expect(page.locator("tbody tr")).toHaveCount(3);
  await expect(page.getByText("Social media", { exact: true }).first()).toBeVisible();
  await context.close();
});

test("Custom Alert keeps the creator's rules", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard/alerts");
  await expect(page.getByText("Alerts go to")).toContainText(luna.email);
  // A new account starts with alerts on: every new leak, takedowns that succeed, a weekly summary.
  await expect(page.getByRole("switch", { name: /Every new leak/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Weekly summary/ })).toBeChecked();
  await expect(page.getByText(/Next summary:/)).toBeVisible();
  await page.getByRole("radio", { name: /Daily summary/ }).check();
  await page.getByRole("button", { name: "Save alerts" }).click();
  await expect(page.getByText("Alert settings saved")).toBeVisible();
  await page.reload();
  await expect(topTitle(page)).toHaveText("Custom Alert");
  await expect(page.getByRole("switch", { name: /Every new leak/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Daily summary/ })).toBeChecked();
  await expect(page.getByText(/Next summary:/)).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("Reference images are hashed on the device: only hashes and the tiny thumbnail are sent", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard/account");
  const sent: Record<string, unknown>[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/v1/reference-images")) sent.push(r.postDataJSON() as Record<string, unknown>);
  });
  // A photo with detail, drawn in the browser and handed to the file input.
  const png = await page.evaluate(async () => {
    const c = document.createElement("canvas");
    c.width = 320;
    c.height = 240;
    const ctx = c.getContext("2d")!;
    for (let i = 0; i < 60; i++) {
      ctx.fillStyle = `hsl(${(i * 47) % 360} 70% ${30 + ((i * 13) % 50)}%)`;
      ctx.fillRect((i * 37) % 300, (i * 53) % 220, 20 + ((i * 7) % 60), 20 + ((i * 11) % 50));
    }
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), "image/png"));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  await page.getByLabel(/Also keep a tiny blurred thumbnail/).check();
  await page.locator("input[type=file]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(png) });
  // Hashing runs on the device's CPU, which the other worker's journey shares.
  await expect(page.getByText("1 reference image added")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Your reference images" }).getByRole("listitem")).toHaveCount(1);
  expect(sent).toHaveLength(1);
  expect(Object.keys(sent[0]!).sort()).toEqual(["crops", "hashes", "label", "quality", "thumbnail"]);
  expect(sent[0]!.label).toBe("");
  expect(Object.values(sent[0]!.hashes as Record<string, string>).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  // The hashes of crops of the photo, so that cropped copies match: one hash a crop, the same (up
  // to a few bits of decoder rounding) as the scanner's own code computes from the file.
  const crops = sent[0]!.crops as Array<{ transform: string; hash: string; quality: number; turns: Record<string, string> }>;
  const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const expected = pdqCropHashes({ width: info.width, height: info.height, data, channels: info.channels as 3 });
  expect(crops.map((c) => c.transform)).toEqual(PDQ_REFERENCE_CROPS.map(pdqCropLabel));
  expect(crops).toHaveLength(expected.length);
  crops.forEach((c, i) => {
    // With its three turns, hashed from the turned pixels, so that a turned crop is found in the image index too.
    expect(Object.keys(c).sort()).toEqual(["hash", "quality", "transform", "turns"]);
    expect(Object.keys(c.turns).sort()).toEqual(["rotate180", "rotate270", "rotate90"]);
    expect(Object.values(c.turns).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(hammingDistance(c.hash, expected[i]!.hash), c.transform).toBeLessThanOrEqual(8);
  });
  expect(String(sent[0]!.thumbnail)).toMatch(/^data:image\/webp;base64,/);
  expect(String(sent[0]!.thumbnail).length).toBeLessThanOrEqual(8192);
  await page.getByRole("button", { name: /^Remove reference 1/ }).click();
  await expect(page.getByText("No reference images yet.")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("several photos at once: each is hashed and added in turn; past the plan's limit the rest are not sent", async ({ browser, baseURL }) => {
  const rhea = await signUpAndConfirm(baseURL!, "rhea@example.com");
  await setIdentities(rhea, { onlyfans: "rhea_sky" });
  const { page, context, errors } = await signedIn(browser, rhea);
  await page.goto("/dashboard/account");
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/v1/reference-images")) sent.push((r.postDataJSON() as { hashes: { original: string } }).hashes.original);
  });
  // Five different photos, drawn in the browser; the free plan keeps three.
  const photos = await page.evaluate(async () => {
    const out: number[][] = [];
    for (let n = 1; n <= 5; n++) {
      const c = document.createElement("canvas");
      c.width = 300;
      c.height = 220;
      const ctx = c.getContext("2d")!;
      for (let i = 0; i < 50; i++) {
        ctx.fillStyle = `hsl(${(i * 37 * n) % 360} 70% ${25 + ((i * 17 + n * 9) % 55)}%)`;
        ctx.fillRect((i * 41 * n) % 280, (i * 29 + n * 13) % 200, 15 + ((i * n) % 70), 15 + ((i * 3 * n) % 60));
      }
      const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), "image/png"));
      out.push([...new Uint8Array(await blob.arrayBuffer())]);
    }
    return out;
  });
  await page.locator("input[type=file]").setInputFiles(photos.map((bytes, i) => ({ name: `photo-${i + 1}.png`, mimeType: "image/png", buffer: Buffer.from(bytes) })));
  // Each photo's crops and their turns are hashed on the device, one photo after another: slow on a busy machine.
  await expect(page.getByText("3 reference images added")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("alert").filter({ hasText: "Your plan covers 3 reference images." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your reference images" }).getByRole("listitem")).toHaveCount(3);
  // The fourth was refused; the fifth was never sent.
  expect(sent).toHaveLength(4);
  expect(new Set(sent).size).toBe(4);
  expect(errors).toEqual(["403 POST /v1/reference-images"]);
  await expectAccessible(page);
  await context.close();
});

test("every section at 375px and 1280px: its data, accessible, no sideways scroll; reload keeps it", async ({ browser }) => {
  // Eighteen pages, each checked by axe: minutes on a busy two-core machine.
  test.setTimeout(300_000);
  for (const width of [375, 1280]) {
    const { page, context, errors } = await signedIn(browser, luna, { width });
    for (const s of sections) {
      await page.goto(s.path);
      await expect(topTitle(page)).toHaveText(s.title);
      // The title is read whole, never cut off.
      expect(await topTitle(page).evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight), `${s.title} at ${width}px: cut off`).toBe(true);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[aria-hidden=true].animate-pulse")).toHaveCount(0, { timeout: 10_000 });
      // What sticks out, to say why when the page scrolls sideways.
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth <= document.documentElement.clientWidth
          ? []
          : [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest("aside"))
          .slice(0, 5)
          .map((el) => `${el.tagName}.${(el.getAttribute("class") ?? "").slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)}`),
      );
      expect(wide, `${s.name} at ${width}px: wider than the screen`).toEqual([]);
      await expectNoHorizontalScroll(page);
      if (s.name !== "takedowns" || takedownsApi) await expectAccessible(page);
      await screenshot(page, `dashboard-${s.name}-${width}`);
    }
    await page.reload();
    await expect(topTitle(page)).toHaveText("Upgrade Plan");
    // Until the takedowns API exists its panel shows the failed calls with a retry (and the browser logs the 404s).
    expect(errors.filter((e) => takedownsApi || !/^404 GET \/v1\/takedowns/.test(e))).toEqual([]);
    await context.close();
  }
});

test("the drawer on a phone: slides in, closes after a pick and on an outside click", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna, { width: 375 });
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav).not.toBeInViewport();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeInViewport();
  const box = await page.getByRole("complementary", { name: "Dashboard menu" }).boundingBox();
  expect(Math.round(box!.width)).toBe(Math.round(375 * 0.85));
  await screenshot(page, "dashboard-drawer-375");
  await nav.getByRole("link", { name: "Leaks" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leaks$/);
  await expect(nav).not.toBeInViewport();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeInViewport();
  await page.mouse.click(360, 450);
  await expect(nav).not.toBeInViewport();
  expect(errors).toEqual([]);
  await context.close();
});

test("on a wide screen the drawer is 18rem and stays; the top bar's scrolled state starts after 10px", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard/leaks");
  await expect(page.locator("tbody tr")).toHaveCount(18);
  const drawer = page.getByRole("complementary", { name: "Dashboard menu" });
  await expect(drawer).toBeInViewport();
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(288);
  // The content sits beside the drawer, not under it.
  const main = await page.getByRole("main").boundingBox();
  expect(main!.x).toBeGreaterThanOrEqual(288);

  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Home" }).click();
  await expect(topTitle(page)).toHaveText("Home");
  await expect(drawer).toBeInViewport();
  expect(errors).toEqual([]);
  await context.close();
});

test("a failed call shows a toast and the reason with a retry, never a blank panel", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna, { width: 375 });
  let failing = true;
  await page.route(/\/v1\/leaks\?/, (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "The service is busy." } }) })
      : route.continue(),
  );
  await page.goto("/dashboard/leaks");
  const failure = page.getByRole("alert").filter({ hasText: "Could not load your leaks." });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText("The service is busy.");
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Could not load your leaks" });
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).maxWidth)).toBe("350px");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "dashboard-leaks-error-375");

  failing = false;
  await failure.getByRole("button", { name: "Retry" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(18);
  await expect(failure).toHaveCount(0);
  expect(errors.filter((e) => e !== "503 GET /v1/leaks")).toEqual([]);
  await context.close();
});

test("Account: every identity edit reaches the server, and ownership is proven on the platform's page", async ({ browser, baseURL }) => {
  const ivy = await signUpAndConfirm(baseURL!, "ivystone@example.com");
  await setIdentities(ivy, { onlyfans: "ivy_stone" });
  const { page, context, errors } = await signedIn(browser, ivy);
  await page.goto("/dashboard/account");
  await expect(topTitle(page)).toHaveText("Account");
  await expect(page.getByText("Please add your main accounts on all platforms you use.")).toBeVisible();
  await expect(page.getByText("Add any other unique names people may use to refer to you.")).toBeVisible();
  await expect(page.getByText("If you have affiliate/marketing sites add these here as domains.")).toBeVisible();
  await expect(page.getByTestId("profile-steps")).toHaveText("1 / 4");

  // My Stage Names: {host}/username, add and remove. Her Reddit profile is on the local fixture web.
  const stageNames = page.getByRole("region", { name: "My Stage Names" });
  await expect(stageNames.getByRole("link", { name: "onlyfans.com/ivy_stone" })).toBeVisible();
  await stageNames.getByRole("button", { name: /^Platform/ }).click();
  await page.getByRole("option", { name: "Reddit (u/username)", exact: true }).click();
  await expect(stageNames.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
  await stageNames.getByPlaceholder("your-username").fill("ivy_stone");
  await stageNames.getByRole("button", { name: "Add", exact: true }).click();
  await expect(stageNames.getByRole("link", { name: "reddit.com/user/ivy_stone" })).toBeVisible();
  await stageNames.getByRole("button", { name: "Remove onlyfans.com/ivy_stone" }).click();
  await expect(stageNames.getByRole("link", { name: "onlyfans.com/ivy_stone" })).toHaveCount(0);

  // My Nicknames.
  const nicknames = page.getByRole("region", { name: "My Nicknames" });
  const nickname = nicknames.getByRole("textbox", { name: "Nickname" });
  await nickname.fill("Ivy S");
  await nicknames.getByRole("button", { name: "Add", exact: true }).click();
  await expect(nicknames.getByRole("listitem").filter({ hasText: "Ivy S" })).toBeVisible();
  await expect(nickname).toHaveValue("");

  // Allow List: 'Add New Domain' opens the field; an address is kept as its domain; the field clears.
  const allowList = page.getByRole("region", { name: "Allow List" });
  await allowList.getByRole("button", { name: "Add New Domain" }).click();
  const domain = allowList.getByPlaceholder("yourdomain.com");
  await domain.fill("https://www.Ivy-Promo.com/links");
  await allowList.getByRole("button", { name: "Add", exact: true }).click();
  await expect(allowList.getByRole("listitem").filter({ hasText: "ivy-promo.com" })).toBeVisible();
  await expect(domain).toHaveValue("");
  await expectAccessible(page);

  const held = (await (await ivy.api.get("/v1/identities")).json()) as {
    stageNames: { platform: string; username: string }[];
    nicknames: { value: string }[];
    allowlist: { domain: string }[];
    snippet: string;
  };
  expect(held.stageNames.map((s) => s.username)).toEqual(["ivy_stone"]);
  expect(held.stageNames[0]!.platform).toMatch(/reddit/i);
  expect(held.nicknames.map((n) => n.value)).toEqual(["Ivy S"]);
  expect(held.allowlist.map((d) => d.domain)).toEqual(["ivy-promo.com"]);

  // She puts the snippet in her bio; the server reads the profile and finds her code.
  const bio = await ivy.api.put(`http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}/__bio/ivy_stone`, { data: `Photos daily. ${held.snippet}` });
  expect(bio.status()).toBe(200);
  await page.getByRole("region", { name: "Ownership proof" }).getByRole("button", { name: "I added the snippet, Verify now" }).click();
  await expect(page.getByRole("dialog", { name: "Verifying please wait..." })).toBeVisible();
  const result = page.getByRole("dialog", { name: "Successfully Verified" });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole("listitem").filter({ hasText: "reddit.com/user/ivy_stone" })).toContainText("Verified");
  await result.getByRole("button", { name: "Close" }).click();
  await expect(stageNames.getByText("Verified", { exact: true })).toBeVisible();

  // 'Complete Profile' counts the real steps (stage name, nickname, verified; no plan) and opens the plans.
  await expect(page.getByTestId("profile-steps")).toHaveText("3 / 4");
  await page.getByRole("button", { name: /^Complete Profile/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
  await expect(topTitle(page)).toHaveText("Upgrade Plan");

  // The top bar's menu signs her out.
  await page.getByRole("banner").getByRole("button", { name: "ivystone", exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("the user menu and Log out behave as the spec says, Settings, Support and Contact Us as DESIGN §2 decides", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, luna);
  await page.goto("/dashboard");
  await page.getByRole("banner").getByRole("button", { name: "luna", exact: true }).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await page.getByRole("banner").getByRole("button", { name: "luna", exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  // DESIGN §2: Settings opens her account settings (the spec's "settings section 4" was a template leftover).
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto("/dashboard");
  // DESIGN §2: Support and Contact Us open the support page.
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await page.getByRole("link", { name: "Support", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  expect(errors.filter((e) => takedownsApi || !/^404 GET \/v1\/takedowns/.test(e))).toEqual([]);
  await context.close();
});

test("a manual scan shows its real progress, then its figures; the next one waits for the quota", async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context, errors } = await signedIn(browser, mia, { onboardingFlag: true });
  await page.goto("/dashboard");
  await expect(page.getByText("No scan yet.")).toBeVisible();
  await page.getByRole("button", { name: "Start Manual Scan" }).click();
  const bar = page.getByRole("progressbar", { name: "Scan progress" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuetext", /Searching the web|Preparing|Waiting|Checking/);
  await screenshot(page, "dashboard-home-scanning-1280");
  await expect(page.getByRole("region", { name: "Scan", exact: true }).getByText("Scan Completed")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("region", { name: "Scan", exact: true }).getByRole("progressbar")).toHaveCount(0);
  // "Scan complete: 6 leaks found" leads to them.
  await expect(page.getByText("Scan complete: 6 leaks found")).toBeVisible();
  await page.getByRole("button", { name: "See the leaks" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leaks$/);
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-Leaks found")).toHaveText("6");
  await expect(page.getByTestId("next-scan")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Next scan in \d+ days$/ })).toBeDisabled();
  expect(errors).toEqual([]);
  await context.close();
});

test("a creator who has not finished onboarding is sent to it", async ({ browser, baseURL }) => {
  const newcomer = await signUpAndConfirm(baseURL!, "new@example.com");
  const { page, context } = await signedIn(browser, newcomer);
  await page.goto("/dashboard/leaks");
  await expect(page).toHaveURL(/\/onboardings$/);
  await context.close();
});
