import type { Browser, Route } from "@playwright/test";
import { runScan, setIdentities, signUpAndConfirm, type SeededCreator } from "./seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "./support";

// The re-upload marker in the Leaks list and the finding's details. The server's side (a removed
// leak's photo found again at new URLs, linked to its takedown, cited in the notice) is proven by
// apps/server/src/modules/scans/reuploads.test.ts; here the creator's real leaks, from a real scan,
// are shown with one of them marked as a re-upload of another, as the API answers for one.

test.describe.configure({ mode: "serial" });

let rhea: SeededCreator;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  rhea = await signUpAndConfirm(baseURL!, "rhea.reuploads@example.com");
  await setIdentities(rhea, { onlyfans: "luna_rivers" });
  await runScan(rhea);
});

type ListedLeak = { id: string; number: number; url: string; domain: string; reuploadOf?: unknown };

/** The Leaks API's real answers, the first leak of an unsearched page marked as a re-upload of the page's last one. */
async function markFirstAsReupload(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { items: ListedLeak[] };
  const url = new URL(route.request().url());
  if (!url.searchParams.get("q") && body.items.length > 2) {
    const earlier = body.items.at(-1)!;
    body.items[0]!.reuploadOf = {
      leakId: earlier.id,
      number: earlier.number,
      url: earlier.url,
      domain: earlier.domain,
      takedownId: "00000000-0000-4000-8000-000000000001",
      removedAt: "2026-11-20T10:00:00.000Z",
      noticeSentAt: "2026-11-18T09:00:00.000Z",
      sameSite: true,
      signals: ["image"],
    };
  }
  await route.fulfill({ response, json: body });
}

async function open(browser: Browser, width: number) {
  const context = await browser.newContext({ storageState: rhea.storageState, viewport: { width, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.route(/\/v1\/leaks\?/, markFirstAsReupload);
  return { context, page, errors };
}

for (const width of [1280, 375]) {
  test(`a re-upload is marked in the Leaks list, links to the earlier leak and says why in its details (${width}px)`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, width);
    await page.goto("/dashboard/leaks");
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const earlierNumber = Number((await rows.last().locator("td").filter({ hasText: /^#\d+$/ }).textContent())!.replace(/\D/g, ""));
    const marker = rows.first().getByRole("link", { name: new RegExp(`^Re-upload of #${earlierNumber}, removed on`) });
    await expect(marker).toHaveText(`Re-upload of #${earlierNumber}`);
    await expect(rows.nth(1).getByTestId("reupload-marker")).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `dashboard-leaks-reupload-${width}`);

    // Its details: what was removed, when, how it was recognised, and what the notice cites.
    await rows.first().getByRole("button", { name: /^(Review|Details of) finding #/ }).click();
    const details = page.getByRole("dialog").getByTestId("reupload-details");
    await expect(details).toContainText(`Re-upload of #${earlierNumber}, removed on`);
    await expect(details).toContainText("one of its images is a copy of one on the earlier page");
    await expect(details).toContainText("repeat infringers (17 U.S.C. § 512(i))");
    await expectAccessible(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    // The marker leads to the earlier leak: the list searched for its number.
    await marker.click();
    await expect(page.getByRole("searchbox", { name: "Search leaks" })).toHaveValue(String(earlierNumber));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${earlierNumber}(&|$)`));
    await expect(rows.filter({ has: page.locator("td", { hasText: new RegExp(`^#${earlierNumber}$`) }) })).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
    // A refetch still in flight is let go: the page closes.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });
}

test("Custom Alert lists the re-upload and new-impersonator alerts, on for a new account, and keeps a change", async ({ browser }) => {
  const { context, page, errors } = await open(browser, 375);
  await page.goto("/dashboard/alerts");
  const reupload = page.getByRole("switch", { name: /A removed leak is back/ });
  const impersonator = page.getByRole("switch", { name: /A new impersonator/ });
  await expect(reupload).toBeChecked();
  await expect(impersonator).toBeChecked();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await impersonator.uncheck();
  await page.getByRole("button", { name: "Save alerts" }).click();
  await expect(page.getByText("Alert settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /A new impersonator/ })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: /A removed leak is back/ })).toBeChecked();
  expect(errors).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
});
