import type { Page } from "@playwright/test";
import { confirmedAccount, expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "@leakwarden/test-support/e2e/support";

const WIDTHS = [375, 1280] as const;

/** Each width: no sideways scroll, then a screenshot for people to look at. */
async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, `${name}-${width}`);
  }
}

async function addStageName(page: Page, platform: string, username: string) {
  await page.getByRole("button", { name: /^Platform/ }).click();
  await page.getByRole("option", { name: platform, exact: true }).click();
  await page.getByPlaceholder("your-username").fill(username);
  await page.getByRole("button", { name: "Add", exact: true }).click();
}

test("a new creator goes through onboarding, edits her identities, proves ownership and has a public page", async ({ page, baseURL, consoleErrors }) => {
  test.setTimeout(120_000);
  const local = `creator${Date.now().toString(36)}`;
  const email = `${local}@example.com`;
  await confirmedAccount(page.request, email, "secret-pass-1", baseURL);

  // Step 0: her accounts. Required: no Skip, no Previous, Next waits for a stage name.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/onboardings");
  await expect(page.getByText("Step 1 / 5")).toBeVisible();
  await expect(page.getByText(`Hi ${local}, welcome to Leakwarden`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Which accounts should we protect?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
  await shoot(page, "onboarding-0-usernames-empty");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The platform's own rules, before anything is sent.
  await page.getByRole("button", { name: /^Platform/ }).click();
  await expect(page.getByRole("option")).toHaveCount(21);
  await page.getByRole("option", { name: "Instagram", exact: true }).click();
  await page.getByPlaceholder("your-username").fill("not valid!");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Not a valid Instagram username");

  await addStageName(page, "OnlyFans", "e2e_creator");
  await expect(page.getByRole("link", { name: /onlyfans\.com\/e2e_creator/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeEnabled();

  // A reload keeps the step and the stage name (it reached the server as it was added).
  await page.reload();
  await expect(page.getByText("Step 1 / 5")).toBeVisible();
  await expect(page.getByRole("link", { name: /onlyfans\.com\/e2e_creator/ })).toBeVisible();

  await addStageName(page, "Fansly", "e2e-creator");
  await expect(page.getByRole("link", { name: /fansly\.com\/e2e-creator/ })).toBeVisible();
  await addStageName(page, "Instagram", "e2e.creator");
  await expect(page.getByRole("link", { name: /instagram\.com\/e2e\.creator/ })).toBeVisible();
  // At the free plan's cap: said where it bites, plans one click away.
  await expect(page.getByText("Your plan covers 3 stage names")).toBeVisible();
  await expect(page.getByRole("button", { name: "See plans" })).toBeVisible();
  // A fourth is refused by the server; the list stays at three.
  await addStageName(page, "TikTok", "e2e.creator");
  await expect(page.getByText("Your plan covers 3 stage names")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(3);
  await expectAccessible(page);
  await shoot(page, "onboarding-0-usernames-cap");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing deletes the matching entry.
  await page.getByRole("button", { name: "Remove instagram.com/e2e.creator" }).click();
  await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(2);
  await expect(page.getByText("Your plan covers 3 stage names")).toHaveCount(0);

  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Step 1: other names. Skippable; add and remove a nickname.
  await expect(page.getByText("Step 2 / 5")).toBeVisible();
  await expect(page.getByText("Add any other unique names people may use to refer to you.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous", exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Nickname" }).fill("Jane Star");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Jane Star" })).toBeVisible();
  await page.getByRole("textbox", { name: "Nickname" }).fill("Janie");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Janie" })).toBeVisible();
  await page.getByRole("button", { name: "Remove nickname Janie" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Janie" })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "onboarding-1-nicknames");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The header goes back one step.
  await page.getByRole("button", { name: /Step 2 \/ 5/ }).click();
  await expect(page.getByText("Step 1 / 5")).toBeVisible();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Skip", exact: true }).click();

  // Step 2: content to find. Reload keeps the step; skippable.
  await expect(page.getByText("Step 3 / 5")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Step 3 / 5")).toBeVisible();
  await expect(page.getByPlaceholder("My latest content")).toBeVisible();
  await page.getByPlaceholder("My latest content").fill("Beach set June");
  await expectAccessible(page);
  await shoot(page, "onboarding-2-specific");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expect(page.getByText("Step 2 / 5")).toBeVisible();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Step 3 / 5")).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith("/v1/root/update-profile-all"));
  await page.getByRole("button", { name: "Skip", exact: true }).click();
  expect((await saved).status()).toBe(200);

  // Step 3: Searching. Every platform, hers marked; the footer only after 5 seconds.
  await expect(page.getByText("Step 4 / 5")).toBeVisible();
  const enteredAt = Date.now();
  await expect(page.getByRole("heading", { level: 1, name: "Searching" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Platforms" }).getByRole("listitem")).toHaveCount(21);
  await expect(page.getByRole("list", { name: "Platforms" }).getByText("e2e_creator")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Skip", exact: true })).toHaveCount(0);
  await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - enteredAt)));
  await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeVisible({ timeout: 4000 });
  expect(Date.now() - enteredAt).toBeGreaterThanOrEqual(4900);
  await expect(page.getByRole("button", { name: "Skip", exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "onboarding-3-searching");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // The plan screen: the catalog, monthly or yearly; 'Show Full Report' finishes.
  await expect(page.getByText("Step 5 / 5")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Choose the right plan for you" })).toBeVisible();
  const premium = page.getByRole("article", { name: "Premium" });
  await expect(premium).toContainText("$100");
  await page.getByText("Yearly (3 Month Free)").click();
  await expect(premium).toContainText("$75");
  await expect(premium).toContainText("Billed yearly");
  await expectAccessible(page);
  await shoot(page, "onboarding-4-plan");
  await page.setViewportSize({ width: 1280, height: 900 });
  const completed = page.waitForResponse((r) => r.url().endsWith("/v1/identities/onboarding-complete"));
  await page.getByRole("button", { name: "Show Full Report" }).click();
  expect((await completed).status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);

  // What the server holds after the wizard.
  const identities = await (await page.request.get("/v1/identities")).json();
  expect(identities.stageNames.map((s: { username: string }) => s.username).sort()).toEqual(["e2e-creator", "e2e_creator"]);
  expect(identities.nicknames.map((n: { value: string }) => n.value)).toEqual(["Jane Star"]);
  const code: string = identities.verificationCode;

  // The check reads her profiles from the local fixture web (Reddit's profile JSON on 127.0.0.1): no request
  // leaves the machine. One profile has a bio without the snippet, the other does not exist.
  const headers = { origin: baseURL! };
  for (const s of identities.stageNames as { id: string }[]) {
    expect((await page.request.delete(`/v1/identities/stage-names/${s.id}`, { headers })).status()).toBe(200);
  }
  const tag = Date.now().toString(36);
  const [withBio, missing] = [`bio_${tag}`, `gone_${tag}`];
  for (const username of [withBio, missing]) {
    const added = await page.request.post("/v1/identities/stage-names", { data: { platform: 19, username }, headers });
    expect(added.status()).toBe(201);
  }
  const bio = await page.request.put(`http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}/__bio/${withBio}`, { data: "Photos and more, link below." });
  expect(bio.status()).toBe(200);

  // /verify: the snippet with her code, then a real check that fails for the reason of each profile.
  await page.goto("/verify");
  await expect(page.getByRole("heading", { level: 1, name: "Prove you own your accounts" })).toBeVisible();
  await expect(page.getByTestId("ownership-snippet")).toHaveText(`All content is under copyright. Enforced by ${new URL(baseURL!).host}/v/${code}`);
  await expect(page.getByRole("img", { name: "How to add snippet to your bio ?" })).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "verify");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "I added the snippet, Verify now" }).click();
  await expect(page.getByRole("dialog", { name: "Verifying please wait..." })).toBeVisible();
  const result = page.getByRole("dialog", { name: "Verify Failed" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByRole("listitem")).toHaveCount(2);
  const reasons = result.getByRole("listitem");
  await expect(reasons.filter({ hasText: withBio })).toContainText("Not verified");
  await expect(reasons.filter({ hasText: withBio }).locator("p")).toContainText("The snippet was not found on http://127.0.0.1:");
  await expect(reasons.filter({ hasText: missing }).locator("p")).toContainText("Profile not found at http://127.0.0.1:");
  await expectAccessible(page);
  await shoot(page, "verify-failed");
  await page.setViewportSize({ width: 1280, height: 900 });
  await result.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The public page behind the snippet's link; an unknown code says so.
  await page.goto(`/v/${code}`);
  await expect(page.getByRole("heading", { level: 1, name: "This creator’s content is protected" })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, "public-code");

  expect(consoleErrors).toEqual([]);
});

test("the identity editors keep the server in step: domains on the allow list", async ({ page, baseURL }) => {
  // The Allow List section is placed on the dashboard's identity page; here its API is checked end to end.
  const email = `allow${Date.now().toString(36)}@example.com`;
  await confirmedAccount(page.request, email, "secret-pass-1", baseURL);
  const headers = { origin: baseURL! };
  const added = await page.request.post("/v1/identities/domains", { data: { domain: "https://www.My-Promo.com/links" }, headers });
  expect(added.status()).toBe(201);
  const body = await added.json();
  expect(body.allowlist.map((d: { domain: string }) => d.domain)).toEqual(["my-promo.com"]);
  const removed = await page.request.delete(`/v1/identities/domains/${body.allowlist[0].id}`, { headers });
  expect((await removed.json()).allowlist).toEqual([]);
});

// Without the console-error fixture: the browser logs the API's 404 answer for an unknown code.
test("an unknown code's page says so", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/v/nosuchcode42");
  await expect(page.getByRole("heading", { level: 1, name: "Unknown code" })).toBeVisible();
  await expect(page.getByText(/No creator protected by Leakwarden uses the code/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("/verify and /onboardings ask a signed-out visitor to sign in", async ({ page, consoleErrors }) => {
  for (const path of ["/verify", "/onboardings"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});
