import type { Browser, Locator, Page } from "@playwright/test";
import { authorizeTakedowns, proveOwnership, putFixture, runScan, signUpAndConfirm, subscribe, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, signedIn as signedInWith, test } from "@leakwarden/test-support/e2e/support";

// Every dashboard section with data in it (leaks of every status, takedowns, identities, an
// impersonator), at a phone's and a laptop's width: each column read whole, nothing covering it.

test.describe.configure({ mode: "serial" });

let quinn: SeededCreator;

interface LeakItem {
  id: string;
  number: number;
  url: string;
  status: string;
  confidence: string;
}

// Reduced motion: the screenshots show the chart's bars at their height, not growing in.
const signedIn = (browser: Browser, creator: SeededCreator, width: number) => signedInWith(browser, creator, { width, reducedMotion: "reduce" });

/** Whether two boxes share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box of an element's text (its content, not its padding), so that a date covered by a button is seen. */
function textBox(cell: Locator) {
  return cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, clipped: el.scrollWidth > el.clientWidth + 1 };
  });
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  quinn = await signUpAndConfirm(baseURL!, "quinn.layout@example.com");
  const profile = await quinn.api.post("/v1/root/update-profile-all", {
    data: { platforms: { onlyfans: "ivy_quinn", reddit: "quinn_layout" }, nicknames: ["Ivy Q", "Quinn of the Long Weekend Sets"], allowlist: ["ivy-quinn-promo.com"], specific: "" },
  });
  expect(profile.ok()).toBe(true);
  await quinn.api.post("/v1/identities/onboarding-complete");
  await proveOwnership(quinn, "quinn_layout");
  const scan = await runScan(quinn);
  expect(scan.stats.leaksFound).toBeGreaterThan(4);
  await subscribe(baseURL!, quinn);
  await authorizeTakedowns(quinn, "Ivy Quinn Layout");

  // Leaks in every state: two taken down, one dismissed, one confirmed.
  const list = (await (await quinn.api.get("/v1/leaks?page=1&pageSize=50")).json()) as { items: LeakItem[] };
  const certain = list.items.filter((l) => l.confidence === "high" && l.status === "new");
  const sent = await quinn.api.post("/v1/takedowns", { data: { leakIds: certain.slice(0, 2).map((l) => l.id) } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const review = list.items.filter((l) => l.confidence === "medium" && l.status === "new");
  if (review[0]) expect((await quinn.api.post(`/v1/leaks/${review[0].id}/dismiss`)).ok()).toBe(true);
  if (review[1]) expect((await quinn.api.post(`/v1/leaks/${review[1].id}/confirm`)).ok()).toBe(true);

  // On "Reddit": an account under a look-alike of her name, sending fans to a leak site.
  await putFixture("/__bio/ivyquinn_official", "All my content free here: simpcity.su/threads/ivy-quinn.12");
});

test("Leaks: the date and the link are never covered by the row's buttons, at 1280px and 375px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const { page, context, errors } = await signedIn(browser, quinn, width);
    await page.goto("/dashboard/leaks");
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    // The rows' actions are drawn once the takedowns are loaded (the newest row may be one with none: dismissed).
    await expect(page.getByRole("button", { name: /^Takedown finding/ }).or(page.getByTestId("takedown-status")).first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const actions = row.getByTestId("leak-actions");
      const actionsBox = (await actions.boundingBox())!;
      // Each button sits inside the actions cell, none over another column.
      for (const control of await actions.locator("a, button").all()) {
        const box = (await control.boundingBox())!;
        const cell = (await row.locator("td").last().boundingBox())!;
        expect(box.x, `row ${i} at ${width}px: a button sticks out of its cell`).toBeGreaterThanOrEqual(cell.x - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
      }
      const date = row.getByTestId("leak-date").locator("visible=true");
      await expect(date).toHaveCount(1);
      const dateBox = await textBox(date);
      expect(dateBox.clipped, `row ${i} at ${width}px: the date is cut off`).toBe(false);
      expect(overlaps(dateBox, actionsBox), `row ${i} at ${width}px: the date is under the buttons`).toBe(false);
      const link = row.getByRole("link").first();
      expect(overlaps((await link.boundingBox())!, actionsBox), `row ${i} at ${width}px: the link is under the buttons`).toBe(false);
    }
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  }
});

const sections = [
  { path: "/dashboard", name: "home" },
  { path: "/dashboard/account", name: "account" },
  { path: "/dashboard/billing", name: "billing" },
  { path: "/dashboard/leaks", name: "leaks" },
  { path: "/dashboard/takedowns", name: "takedowns" },
  { path: "/dashboard/alerts", name: "alerts" },
  { path: "/dashboard/social", name: "social" },
  { path: "/dashboard/impersonator", name: "impersonator" },
  { path: "/dashboard/upgrade", name: "upgrade" },
];

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[aria-hidden=true].animate-pulse")).toHaveCount(0, { timeout: 10_000 });
}

test("every section with data, at 375px and 1280px: screenshots to look at, accessible, no sideways scroll", async ({ browser }) => {
  test.setTimeout(300_000);
  // Her impersonation check, so that its section has an account in it.
  {
    const { page, context } = await signedIn(browser, quinn, 1280);
    await page.goto("/dashboard/impersonator");
    const section = page.getByRole("region", { name: "Impersonators" });
    await section.getByRole("button", { name: "Check now" }).click();
    await expect(section.getByRole("listitem", { name: "u/ivyquinn_official" })).toBeVisible({ timeout: 60_000 });
    await context.close();
  }
  for (const width of [375, 1280]) {
    const { page, context, errors } = await signedIn(browser, quinn, width);
    for (const s of sections) {
      await page.goto(s.path);
      await settle(page);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `layout-${s.name}-${width}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});
