import { signUpAndConfirm } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "@leakwarden/test-support/e2e/support";

// A stage name or an allow-listed domain she already has, added again on her Account page: the
// server refuses it (409, a sentence by the field) and the page shows that sentence under the
// field she typed in, keeping her text; nothing is added twice.

test("adding a stage name or a domain she already has says so by the field, at 375 px", async ({ browser, baseURL }) => {
  const iris = await signUpAndConfirm(baseURL!, `iris.twice-${Date.now()}@example.com`);
  const saved = await iris.api.post("/v1/root/update-profile-all", { data: { platforms: { onlyfans: "iris_twice" }, nicknames: [], allowlist: ["iris-promo.example"], specific: "" } });
  expect(saved.ok()).toBe(true);
  await iris.api.post("/v1/identities/onboarding-complete");

  const context = await browser.newContext({ storageState: iris.storageState, viewport: { width: 375, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem("leakwarden-state")) localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingComplete: true }, version: 3 }));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // The refusals are answers the page expects; anything else failing is an error.
  page.on("response", (r) => r.status() >= 400 && r.status() !== 409 && errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/dashboard/account");

  const stageNames = page.getByRole("region", { name: "My Stage Names" });
  await expect(stageNames.getByRole("link", { name: "onlyfans.com/iris_twice" })).toBeVisible();
  await stageNames.getByRole("button", { name: /^Platform/ }).click();
  await page.getByRole("option", { name: "OnlyFans", exact: true }).click();
  const username = stageNames.getByPlaceholder("your-username");
  await username.fill("https://onlyfans.com/Iris_Twice");
  await stageNames.getByRole("button", { name: "Add", exact: true }).click();
  await expect(username).toHaveAccessibleDescription("You have already added iris_twice on OnlyFans.");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(username).toHaveValue("https://onlyfans.com/Iris_Twice");
  await expect(stageNames.getByRole("link", { name: "onlyfans.com/iris_twice" })).toHaveCount(1);

  const allowList = page.getByRole("region", { name: "Allow List" });
  await allowList.getByRole("button", { name: "Add New Domain" }).click();
  const domain = allowList.getByPlaceholder("yourdomain.com");
  await domain.fill("https://www.Iris-Promo.example/links");
  await allowList.getByRole("button", { name: "Add", exact: true }).click();
  await expect(domain).toHaveAccessibleDescription("iris-promo.example is already on your allow list.");
  await expect(allowList.getByRole("listitem").filter({ hasText: "iris-promo.example" })).toHaveCount(1);

  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "account-duplicates-375");
  const held = (await (await iris.api.get("/v1/identities")).json()) as { stageNames: unknown[]; allowlist: unknown[] };
  expect(held.stageNames).toHaveLength(1);
  expect(held.allowlist).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});
