import type { Page } from "@playwright/test";
import { signUpAndConfirm } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "@leakwarden/test-support/e2e/support";

// The scan onboarding starts is free: a creator who finishes the wizard can start her manual
// scan at once, on the dashboard, and only then does the next one wait for her plan's quota.

interface ScanRow {
  id: string;
  trigger: string;
  status: string;
}

async function scan(page: Page, id: string): Promise<ScanRow> {
  const res = await page.request.get(`/v1/scans/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ScanRow;
}

test("the onboarding scan, then a manual scan at once: the first does not use up the second", async ({ page, baseURL, consoleErrors }) => {
  test.setTimeout(180_000);
  const creator = await signUpAndConfirm(baseURL!, `onboard-then-scan-${Date.now()}@example.com`);
  await page.context().addCookies(creator.storageState.cookies);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The "Scan complete" toast fades in; caught mid-fade, axe reads its button as faint text.
  await page.emulateMedia({ reducedMotion: "reduce" });

  // The wizard: her account, the optional steps skipped, the search it starts, the plan screen.
  await page.goto("/onboardings");
  await expect(page.getByText("Step 1 / 5")).toBeVisible();
  await page.getByRole("button", { name: /^Platform/ }).click();
  await page.getByRole("option", { name: "OnlyFans", exact: true }).click();
  await page.getByPlaceholder("your-username").fill("nova_lane");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Step 2 / 5")).toBeVisible();
  await page.getByRole("button", { name: "Skip", exact: true }).click();
  await expect(page.getByText("Step 3 / 5")).toBeVisible();
  const started = page.waitForResponse((r) => r.url().endsWith("/v1/scans") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Skip", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Searching" })).toBeVisible();
  const onboardingScan = await started;
  expect(onboardingScan.status()).toBe(202);
  expect(onboardingScan.request().postDataJSON()).toEqual({ trigger: "onboarding" });
  const first = (await onboardingScan.json()) as ScanRow;
  expect(first.trigger).toBe("onboarding");
  await page.getByRole("button", { name: "Next", exact: true }).click({ timeout: 30_000 });
  await expect(page.getByText("Step 5 / 5")).toBeVisible();
  await page.getByRole("button", { name: "Show Full Report" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The onboarding scan finishes on the dashboard; the manual scan is still hers to start.
  const card = page.getByRole("region", { name: "Scan", exact: true });
  await expect(card.getByText("Scan Completed")).toBeVisible({ timeout: 90_000 });
  const start = page.getByRole("button", { name: "Start Manual Scan" });
  await expect(start).toBeEnabled();
  expect((await scan(page, first.id)).status).toBe("completed");
  await expectAccessible(page);
  await screenshot(page, "onboarding-then-manual-before-1280");

  // At once: the manual scan starts (no wait for the quota), runs and completes.
  const manual = page.waitForResponse((r) => r.url().endsWith("/v1/scans") && r.request().method() === "POST");
  await start.click();
  expect((await manual).status()).toBe(202);
  const second = (await (await manual).json()) as ScanRow;
  expect(second.trigger).toBe("manual");
  expect(second.id).not.toBe(first.id);
  await expect(page.getByRole("progressbar", { name: "Scan progress" })).toBeVisible();
  await expect(card.getByText("Scan Completed")).toBeVisible({ timeout: 90_000 });
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  expect((await scan(page, second.id)).status).toBe("completed");

  // Now the plan's quota is used: the next one waits, and the server refuses it too.
  await expect(page.getByRole("button", { name: /^Next scan in \d+ days?$/ })).toBeDisabled();
  const again = await creator.api.post("/v1/scans", { data: {} });
  expect(again.status()).toBe(403);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The chart follows the new width on its resize observer's next turn.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `onboarding-then-manual-after-${width}`);
  }
  // The refused scan above went through the API client, not this page.
  expect(consoleErrors).toEqual([]);
});
