import { FIXTURE_DMCA_EMAIL, WREN_PAGES } from "./global-setup";
import { addReferencePhoto, authorizeTakedowns, confirmRecipient, fixtureOrigin, proveOwnership, putFixture, runScan, signUpAndConfirm, subscribe, waitUntil, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";

// A removed leak posted again, end to end: a scan finds her leaks on the fixture web (the first
// shows her photo), she takes that one down (the notice goes out, the site removes the page, the
// re-check sees it gone), then the site posts the same photo again at a new address; the next scan
// marks the new link "Re-upload of #N" on its own, and the Leaks list shows it as the server says.

test.describe.configure({ mode: "serial" });

let wren: SeededCreator;
let removedNumber: number;

type ListedLeak = { id: string; number: number; url: string; status: string; reuploadOf?: { number: number; signals: string[] } | null };
const leaks = async () => ((await (await wren.api.get("/v1/leaks?pageSize=100")).json()) as { items: ListedLeak[] }).items;
const takedowns = async () => ((await (await wren.api.get("/v1/takedowns")).json()) as { items: { url: string; status: string }[] }).items;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  wren = await signUpAndConfirm(baseURL!, "wren.reuploads@example.com");
  const profile = await wren.api.post("/v1/root/update-profile-all", { data: { platforms: { onlyfans: "wren_hollow", reddit: "wren_hollow" }, nicknames: [], allowlist: [], specific: "" } });
  expect(profile.ok()).toBe(true);
  await wren.api.post("/v1/identities/onboarding-complete");
  await addReferencePhoto(wren);
  await subscribe(baseURL!, wren);
  await proveOwnership(wren, "wren_hollow");
  await authorizeTakedowns(wren, "Wren Hollow");

  // Her leaks, found by her first scan.
  const first = await runScan(wren, 150_000, "onboarding");
  expect(first.stats.leaksFound).toBe(WREN_PAGES);
  const original = (await leaks()).find((l) => l.url === `${fixtureOrigin()}/wren/0`)!;
  removedNumber = original.number;

  // Taken down: the notice goes out, the site removes the page, the re-check (seconds after the notice) sees it gone.
  await confirmRecipient(wren, FIXTURE_DMCA_EMAIL, original.id);
  const created = await wren.api.post("/v1/takedowns", { data: { leakIds: [original.id] } });
  expect(created.status()).toBe(202);
  await waitUntil("the notice to go out", async () => ((await takedowns()).some((t) => t.status === "sent") ? true : undefined));
  await putFixture("/__removed/wren/0");
  await waitUntil("the re-check to see the page gone", async () => ((await takedowns()).some((t) => t.status === "removed") ? true : undefined));
  expect((await leaks()).find((l) => l.id === original.id)?.status).toBe("removed");

  // The site posts her photo again at a new address; her next scan finds it.
  await putFixture(`/__pages/wren/${WREN_PAGES + 1}`);
  const second = await runScan(wren);
  expect(second.status).toBe("completed");
  const again = (await leaks()).find((l) => l.url === `${fixtureOrigin()}/wren/${WREN_PAGES}`);
  expect(again?.reuploadOf).toMatchObject({ number: removedNumber, signals: ["image"] });
});

for (const width of [1280, 375]) {
  test(`a re-upload is marked in the Leaks list, links to the earlier leak and says why in its details (${width}px)`, async ({ browser }) => {
    const { context, page, errors } = await signedIn(browser, wren, { width, reducedMotion: "reduce" });
    await page.goto("/dashboard/leaks");
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const reupload = rows.filter({ hasText: `/wren/${WREN_PAGES}` });
    const marker = reupload.getByRole("link", { name: new RegExp(`^Re-upload of #${removedNumber}, removed on`) });
    await expect(marker).toHaveText(`Re-upload of #${removedNumber}`);
    // Her other leaks are not re-uploads; the removed one is marked removed.
    await expect(rows.filter({ hasText: "/wren/1" }).getByTestId("reupload-marker")).toHaveCount(0);
    await expect(rows.filter({ hasText: "/wren/0" }).getByText("Removed").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `dashboard-leaks-reupload-${width}`);

    // Its details: what was removed, when, how it was recognised, and what the notice cites.
    await reupload.getByRole("button", { name: /^(Review|Details of) finding #/ }).click();
    const details = page.getByRole("dialog").getByTestId("reupload-details");
    await expect(details).toContainText(`Re-upload of #${removedNumber}, removed on`);
    await expect(details).toContainText("one of its images is a copy of one on the earlier page");
    await expect(details).toContainText("repeat infringers (17 U.S.C. § 512(i))");
    await expectAccessible(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    // The marker leads to the earlier leak: the list searched for its number.
    await marker.click();
    await expect(page.getByRole("searchbox", { name: "Search leaks" })).toHaveValue(String(removedNumber));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${removedNumber}(&|$)`));
    await expect(rows.filter({ has: page.locator("td", { hasText: new RegExp(`^#${removedNumber}$`) }) })).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("Custom Alert lists the re-upload and new-impersonator alerts, on for a new account, and keeps a change", async ({ browser }) => {
  const { context, page, errors } = await signedIn(browser, wren, { width: 375, reducedMotion: "reduce" });
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
  await context.close();
});
