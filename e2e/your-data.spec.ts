import fs from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { runScan, setIdentities, signUpAndConfirm } from "@leakwarden/test-support/e2e/seed";
import { checkAtBothWidths, expect, expectAccessible, fillSignIn, newEmail, outbox, test, unexpectedConsoleErrors } from "@leakwarden/test-support/e2e/support";

// Her data in her hands: the export downloaded and read, and the deletion of her account asked
// for, cancelled by signing in, asked for again and completed once the server's clock is driven
// past the grace period (TEST_CLOCK_CONTROL, playwright.config.ts). This file runs last: it moves
// the shared server's clock a week on.

const DAY = 24 * 3_600_000;

async function mailCount(email: string, subject: RegExp, count: number) {
  await expect.poll(() => outbox().filter((m) => m.to.includes(email) && subject.test(m.subject)).length, { timeout: 30_000 }).toBe(count);
}

async function askForDeletion(page: Page, password: string) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Delete your account" });
  await section.getByRole("button", { name: "Delete my account..." }).click();
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("status").filter({ hasText: "Your account will be deleted on" })).toBeVisible();
}

test("her data: the export is downloaded with all of hers and nothing of another's; deletion is cancelled by signing in, then completed past the grace period", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const errors = unexpectedConsoleErrors(page);
  const password = "her-own-pass";
  const nova = await signUpAndConfirm(baseURL!, newEmail("data-nova"), password);
  await setIdentities(nova, { onlyfans: "nova_lane", nicknames: ["Nova Data"] });
  const mia = await signUpAndConfirm(baseURL!, newEmail("data-mia"), password);
  await setIdentities(mia, { onlyfans: "mia_moon", nicknames: ["Mia Data"] });
  const novaScan = await runScan(nova);
  expect(novaScan.stats.leaksFound).toBeGreaterThan(0);
  await runScan(mia);
  await page.context().addCookies((await nova.api.storageState()).cookies);

  // The export: a zip downloaded from the settings.
  await page.goto("/settings");
  const dataSection = page.getByRole("region", { name: "Your data" });
  await expect(dataSection).toBeVisible();
  await checkAtBothWidths(page);
  const [download] = await Promise.all([page.waitForEvent("download"), dataSection.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^leakwarden-data-\d{4}-\d\d-\d\d\.zip$/);
  await expect(dataSection.getByRole("status")).toContainText("Your data was saved as leakwarden-data-");
  const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))).map(([name, data]) => [name, strFromU8(data)]));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["README.txt", "account.json", "identities.json", "leaks.json", "leaks.csv", "takedowns.json", "alerts.json", "billing.json"]));
  expect(JSON.parse(files["account.json"]!).account.email).toBe(nova.email);
  expect(JSON.parse(files["identities.json"]!).stageNames).toEqual([expect.objectContaining({ platform: "OnlyFans", username: "nova_lane" })]);
  const leaks = JSON.parse(files["leaks.json"]!) as { url: string; evidence: unknown }[];
  expect(leaks.length).toBe(novaScan.stats.leaksFound);
  expect(leaks.every((l) => l.url.includes("/nova/") && l.evidence && typeof l.evidence === "object")).toBe(true);
  expect(files["leaks.csv"]!.split("\r\n").filter(Boolean)).toHaveLength(leaks.length + 1);
  const everything = Object.values(files).join("\n");
  expect(everything).not.toContain(mia.email);
  expect(everything).not.toContain("mia_moon");
  expect(everything).not.toContain("Mia Data");

  // Deletion asked for: wrong password refused, then every device signed out and an email.
  await page.goto("/settings");
  const deleteSection = page.getByRole("region", { name: "Delete your account" });
  await deleteSection.getByRole("button", { name: "Delete my account..." }).click();
  await deleteSection.getByLabel("Your password").fill("not-her-password");
  await deleteSection.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(deleteSection.getByText("That password is not right.")).toBeVisible();
  await checkAtBothWidths(page);
  await deleteSection.getByLabel("Your password").fill(password);
  await deleteSection.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("status").filter({ hasText: "Your account will be deleted on" })).toBeVisible();
  await checkAtBothWidths(page);
  expect((await nova.api.get("/v1/root/get-user")).status()).toBe(401);
  await mailCount(nova.email, /will be deleted in 7 days/, 1);

  // Signing in cancels it, and she is told.
  await fillSignIn(page, nova.email, password);
  await expect(page.getByText("You signed in, so the deletion of your account was cancelled. Nothing was erased.")).toBeVisible();
  await mailCount(nova.email, /deletion was cancelled/, 1);
  await expectAccessible(page);

  // Asked for again, and the clock driven past the 7 days: erased, and she is told.
  await askForDeletion(page, password);
  await mailCount(nova.email, /will be deleted in 7 days/, 2);
  const moved = await page.request.post("/__test/clock", { data: { advanceMs: 7 * DAY + 60_000 } });
  expect(moved.status()).toBe(200);
  await mailCount(nova.email, /account was deleted/, 1);
  const done = outbox().find((m) => m.to.includes(nova.email) && /account was deleted/.test(m.subject))!;
  expect(done.text).toContain("its date, its recipient, the link and the statement it made");

  // Her account is gone: her password opens nothing; the other creator keeps hers.
  await page.goto("/signin");
  await fillSignIn(page, nova.email, password);
  await expect(page.getByRole("alert")).toContainText(/invalid email or password/i);
  expect((await mia.api.get("/v1/root/get-user")).status()).toBe(200);
  const miaLeaks = await mia.api.get("/v1/leaks");
  expect(miaLeaks.status()).toBe(200);
  expect(errors).toEqual([]);
});
