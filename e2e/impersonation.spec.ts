import { request, type Browser } from "@playwright/test";
import { subscriptionEvent, TEST_VARIANTS, TEST_WEBHOOK_SECRET } from "@leakwarden/test-support/billing-events";
import { signBody } from "../apps/server/src/modules/billing/webhook-signature";
import { setIdentities, signUpAndConfirm, type SeededCreator } from "./seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "./support";

// The Impersonator section: a Premium creator checks the platforms (Reddit's public profile JSON,
// served by the fixture web), sees the account passing as her with its evidence, and reports it;
// a creator on the free plan is offered the plans instead.

test.describe.configure({ mode: "serial" });

const fixtureOrigin = () => `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

let ivy: SeededCreator;
let finn: SeededCreator;

async function subscribe(baseURL: string, creator: SeededCreator, plan: "premium-monthly") {
  const userId = ((await (await creator.api.get("/v1/root/get-user")).json()) as { id: string }).id;
  const raw = JSON.stringify(
    subscriptionEvent("subscription_created", { subscriptionId: `imp-${userId.slice(0, 8)}`, userId, email: creator.email, variantId: TEST_VARIANTS[plan], status: "active", updatedAt: new Date() }),
  );
  const api = await request.newContext({ baseURL });
  const res = await api.post("/v1/billing/webhook", { data: raw, headers: { "content-type": "application/json", "x-signature": signBody(TEST_WEBHOOK_SECRET, raw) } });
  expect(res.status()).toBe(200);
  await api.dispose();
}

test.beforeAll(async ({ baseURL }) => {
  ivy = await signUpAndConfirm(baseURL!, "ivy.impersonated@example.com");
  await setIdentities(ivy, { onlyfans: "ivy_moon", nicknames: ["Ivy Moon"] });
  await subscribe(baseURL!, ivy, "premium-monthly");
  finn = await signUpAndConfirm(baseURL!, "finn.free@example.com");
  await setIdentities(finn, { onlyfans: "finn_free" });
  // On "Reddit": an account under a look-alike of her name, sending fans to a leak site.
  const put = await fetch(`${fixtureOrigin()}/__bio/ivymoon_official`, { method: "PUT", body: "All my content free here: simpcity.su/threads/ivy-moon.12" });
  expect(put.ok).toBe(true);
});

async function signedIn(browser: Browser, creator: SeededCreator, width: number) {
  const context = await browser.newContext({ storageState: creator.storageState, viewport: { width, height: 900 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem("leakwarden-state")) localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingComplete: true }, version: 3 }));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.request().method()} ${r.url()}`));
  return { context, page, errors };
}

test("a Premium creator checks, sees the impersonator with its evidence and reports it, at 375px and 1280px", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, errors } = await signedIn(browser, ivy, 375);
  // Loading: the list's placeholders while the call is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    "**/v1/impersonators",
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.goto("/dashboard/impersonator");
  const section = page.getByRole("region", { name: "Impersonators" });
  await expect(section.getByLabel("Loading impersonators")).toBeVisible();
  release();

  // Empty before the first check.
  await expect(section.getByText("No check yet: start one to look for accounts passing as you.")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "impersonator-empty-375");

  await section.getByRole("button", { name: "Check now" }).click();
  const card = section.getByRole("listitem", { name: "u/ivymoon_official" });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole("status").first()).toContainText("Last checked");
  await expect(card.getByText("Its bio links to SimpCity, a leak site.")).toBeVisible();
  await expect(card.getByText(/reads as your name/)).toBeVisible();
  await expect(card.getByText("Likely impersonator")).toBeVisible();

  await card.getByRole("button", { name: "Report u/ivymoon_official" }).click();
  await expect(card.getByRole("heading", { name: "Report it to Reddit (u/username)" })).toBeVisible();
  await expect(card.getByRole("link", { name: /report page/ })).toHaveAttribute("href", "https://www.reddit.com/report");
  await expect(card.getByLabel("Account pretending to be you", { exact: true })).toHaveValue("https://www.reddit.com/user/ivymoon_official/");
  await expect(card.getByLabel("Description", { exact: true })).toHaveValue(/pretending to be me/);
  await expect(card.getByText("Reported", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "impersonator-reported-375");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(section.getByRole("listitem", { name: "u/ivymoon_official" }).getByText("Reported", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "impersonator-1280");
  expect(errors).toEqual([]);
  await context.close();
});

test("a creator whose plan has no impersonation monitoring is offered the plans", async ({ browser }) => {
  const { context, page, errors } = await signedIn(browser, finn, 375);
  await page.goto("/dashboard/impersonator");
  const section = page.getByRole("region", { name: "Impersonators" });
  await expect(section.getByText(/part of the Premium and VIP plans/)).toBeVisible();
  await expect(section.getByRole("button", { name: "Check now" })).toHaveCount(0);
  await expect(section.getByRole("link", { name: "See plans" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  expect(errors).toEqual([]);
  await context.close();
});
