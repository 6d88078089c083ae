import type { Browser, Locator, Page } from "@playwright/test";
import { authorizeTakedowns, confirmRecipient, proveOwnership, putFixture, runScan, signUpAndConfirm, subscribe, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { FIXTURE_DMCA_EMAIL } from "./global-setup";
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
    data: { platforms: { onlyfans: "ivy_quinn", reddit: "ivy-quinn" }, nicknames: ["Ivy Q", "Quinn of the Long Weekend Sets"], allowlist: ["ivy-quinn-promo.com"], specific: "" },
  });
  expect(profile.ok()).toBe(true);
  await quinn.api.post("/v1/identities/onboarding-complete");
  // Her Reddit handle spells the name the leak pages give: notices go only for what she proved.
  await proveOwnership(quinn, "ivy-quinn");
  const scan = await runScan(quinn);
  expect(scan.stats.leaksFound).toBeGreaterThan(4);
  await subscribe(baseURL!, quinn);
  await authorizeTakedowns(quinn, "Ivy Quinn Layout");

  // Leaks in every state: two taken down, one dismissed, one confirmed.
  const list = (await (await quinn.api.get("/v1/leaks?page=1&pageSize=50")).json()) as { items: LeakItem[] };
  const certain = list.items.filter((l) => l.confidence === "high" && l.status === "new");
  await confirmRecipient(quinn, FIXTURE_DMCA_EMAIL, certain[0]!.id);
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

/**
 * No button or link is cut by the window's edge or by its own box: each is either wholly in the
 * window (across) or wholly out of it (a closed drawer), and shows all of its text.
 */
async function expectNothingCut(page: Page, where: string) {
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("main a, main button, header a, header button")) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // An address shortened on purpose carries itself whole in its title.
      if (el.title) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60);
      if ((r.left < -0.5 && r.right > 0.5) || (r.left < innerWidth - 0.5 && r.right > innerWidth + 0.5)) found.push(`${name}: crosses the window's edge`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") found.push(`${name}: its text is cut`);
    }
    return found;
  });
  expect(cut, where).toEqual([]);
}

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
      await expectNothingCut(page, `${s.name} at ${width}px`);
      await expectAccessible(page);
      await screenshot(page, `layout-${s.name}-${width}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("Leaks: a row's takedown buttons lay out by the list's width, not the window's", async ({ browser }) => {
  // 700px: a window wide enough for 'sm', a list too narrow for the buttons side by side; 1280px: room for them.
  for (const [width, sideBySide] of [[700, false], [1280, true]] as const) {
    const { page, context, errors } = await signedIn(browser, quinn, width);
    await page.goto("/dashboard/leaks");
    const row = page
      .locator("tbody tr")
      .filter({ has: page.getByRole("button", { name: /^Takedown finding/ }) })
      .first();
    const takedown = row.getByRole("button", { name: /^Takedown finding/ });
    await expect(takedown).toBeVisible();
    const takeItDown = row.getByRole("button", { name: /^TAKE IT DOWN request/ });
    const a = (await takedown.boundingBox())!;
    const b = (await takeItDown.boundingBox())!;
    if (sideBySide) {
      expect(b.x, `at ${width}px the buttons should sit side by side`).toBeGreaterThanOrEqual(a.x + a.width - 0.5);
      expect(Math.abs(b.y - a.y)).toBeLessThan(1);
    } else {
      expect(b.y, `at ${width}px the buttons should stack`).toBeGreaterThanOrEqual(a.y + a.height - 0.5);
    }
    const cell = (await row.locator("td").last().boundingBox())!;
    for (const box of [a, b]) {
      expect(box.x).toBeGreaterThanOrEqual(cell.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
    }
    await expectNoHorizontalScroll(page);
    await expectNothingCut(page, `leaks at ${width}px`);
    await screenshot(page, `layout-leaks-actions-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("Account at 375px: every stage name's whole address is shown, wrapped rather than cut", async ({ browser }) => {
  // A long one: her own site's domain.
  const long = "ivy-quinn-official-fan-site-and-shop.example";
  const added = await quinn.api.post("/v1/identities/stage-names", { data: { platform: 18, username: long } });
  expect(added.ok(), await added.text()).toBe(true);
  for (const width of [375, 1280]) {
    const { page, context, errors } = await signedIn(browser, quinn, width);
    await page.goto("/dashboard/account");
    const stageNames = page.getByRole("region", { name: "My Stage Names" });
    for (const address of ["onlyfans.com/ivy_quinn", "reddit.com/user/ivy-quinn", long]) {
      const link = stageNames.getByRole("link", { name: address });
      await expect(link).toBeVisible();
      const item = stageNames.getByRole("listitem").filter({ has: page.getByRole("link", { name: address }) });
      const label = item.getByTestId("entry-label");
      // Nothing hidden: the label holds the whole address in its own box, inside its row, clear of the remove button.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1), `${address} at ${width}px is cut`).toBe(true);
      await expect(label).toHaveCSS("text-overflow", "clip");
      const box = (await label.boundingBox())!;
      const row = (await item.boundingBox())!;
      const remove = (await item.getByRole("button", { name: `Remove ${address}` }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(remove.x + 0.5);
      expect(box.x).toBeGreaterThanOrEqual(row.x);
      expect(box.y + box.height).toBeLessThanOrEqual(row.y + row.height + 0.5);
    }
    await expect(stageNames.getByRole("listitem").filter({ hasText: "reddit.com/user/ivy-quinn" }).getByText("Verified")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNothingCut(page, `account at ${width}px`);
    await expectAccessible(page);
    await screenshot(page, `layout-account-stage-names-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
  const list = (await (await quinn.api.get("/v1/identities")).json()) as { stageNames: { id: string; username: string }[] };
  const id = list.stageNames.find((s) => s.username === long)!.id;
  expect((await quinn.api.delete(`/v1/identities/stage-names/${id}`)).ok()).toBe(true);
});

test("Billing at 375px: the plan's buttons take the card's width, the dialogs fit, and dates read as the app's", async ({ browser }) => {
  for (const width of [375, 1280]) {
    const { page, context, errors } = await signedIn(browser, quinn, width);
    await page.goto("/dashboard/billing");
    const actions = page.getByTestId("billing-actions");
    const cancel = actions.getByRole("button", { name: "Cancel subscription" });
    await expect(cancel).toBeVisible();
    const bar = (await actions.boundingBox())!;
    const buttons = await actions.getByRole("button").all();
    expect(buttons.length).toBeGreaterThanOrEqual(1);
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(bar.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      // On a phone each is as wide as the card's content, one under the other.
      if (width === 375) expect(Math.abs(box.width - bar.width), "a phone's billing button is not full width").toBeLessThan(1);
    }
    // Dates as the rest of the app writes them ("Nov 25, 2026"), never "25 December 2026".
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toMatch(/Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    expect(text).not.toMatch(/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);
    // The spec's label, as it writes it.
    await expect(page.getByText("Yearly (3 Month Free)", { exact: true })).toBeVisible();

    // Both questions are one dialog: two buttons inside it, the date written alike.
    await cancel.click();
    const confirmCancel = page.getByTestId("confirm-cancel");
    await expect(confirmCancel).toContainText(/stay until [A-Z][a-z]{2} \d{1,2}, \d{4}, the end of the period/);
    await expectDialogFits(confirmCancel);
    await confirmCancel.getByRole("button", { name: "Keep my subscription" }).click();
    await expect(confirmCancel).toHaveCount(0);
    await page.getByRole("button", { name: "Switch to VIP" }).click();
    const confirmSwitch = page.getByTestId("confirm-switch");
    await expect(confirmSwitch).toContainText("You move to the VIP Plan now");
    await expectDialogFits(confirmSwitch);
    await expectAccessible(page);
    await screenshot(page, `layout-billing-switch-dialog-${width}`);
    await confirmSwitch.getByRole("button", { name: "Keep my plan" }).click();
    await expect(confirmSwitch).toHaveCount(0);

    await expectNoHorizontalScroll(page);
    await expectNothingCut(page, `billing at ${width}px`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

async function expectDialogFits(dialog: Locator) {
  const box = (await dialog.boundingBox())!;
  for (const button of await dialog.getByRole("button").all()) {
    const b = (await button.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
}

test("Impersonator: the reasons a person reads quote names with typographic quotes", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, quinn, 375);
  await page.goto("/dashboard/impersonator");
  // Checked here too, so that the reasons are there whichever test ran first.
  const section = page.getByRole("region", { name: "Impersonators" });
  await section.getByRole("button", { name: "Check now" }).click();
  await expect(section.getByRole("status").filter({ hasText: /^Last checked/ })).toBeVisible({ timeout: 60_000 });
  const card = section.getByRole("listitem", { name: "u/ivyquinn_official" });
  await expect(card).toBeVisible();
  const reasons = card.getByRole("list").first();
  await expect(reasons).toContainText("The handle “ivyquinn_official” reads as your name “ivy_quinn”.");
  await expect(reasons).toContainText("It calls itself “ivyquinn_official”.");
  expect(await reasons.innerText()).not.toMatch(/["]|(^|\s)'|'(\s|[.,]|$)/);
  await expectNoHorizontalScroll(page);
  await expectNothingCut(page, "impersonator at 375px");
  await screenshot(page, "layout-impersonator-reasons-375");
  expect(errors).toEqual([]);
  await context.close();
});
