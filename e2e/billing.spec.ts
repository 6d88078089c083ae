import type { Browser, Page, Route } from "@playwright/test";
import { subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { RECORDED_REQUESTS_PATH } from "@leakwarden/test-support/fake-web/fake-lemon-squeezy";
import { deliverWebhook, setIdentities, signUpAndConfirm, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, lemonSqueezyApi, longDate, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";

// Billing end to end: the server talks to a local fake of the Lemon Squeezy API
// (e2e/global-setup.ts, settings in playwright.config.ts); the hosted checkout page itself is
// never loaded: the browser's navigation there is answered here.

test.describe.configure({ mode: "serial" });

const STORE_ORIGIN = "https://leakwarden-test.lemonsqueezy.com";

interface RecordedCheckout {
  method: string;
  path: string;
  body: {
    data: {
      attributes: { checkout_data: { email: string; custom: { user_id: string } }; product_options: { redirect_url: string } };
      relationships: { variant: { data: { id: string } } };
    };
  };
}

/** What the fake Lemon Squeezy API was sent to create checkouts (this file's journeys alone make them). */
async function checkoutsSentToProvider(): Promise<RecordedCheckout[]> {
  const res = await fetch(`${lemonSqueezyApi()}${RECORDED_REQUESTS_PATH}`);
  const all = (await res.json()) as RecordedCheckout[];
  return all.filter((r) => r.method === "POST" && r.path === "/v1/checkouts");
}

/** The store's pages (checkout, customer portal) are answered locally: the browser lands there without leaving the machine. */
async function interceptStore(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(`${STORE_ORIGIN}/**`, (route) => {
    if (route.request().isNavigationRequest()) visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><html lang=en><title>Checkout</title><h1>Lemon Squeezy</h1></html>" });
  });
  return visited;
}

/** Holds the checkout call until released, so that 'Redirecting...' can be seen; answers what the server answered. */
async function holdCheckout(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (answered = resolve));
  await page.route("**/v1/billing/checkout", async (route: Route) => {
    await released;
    const response = await route.fetch();
    answered(((await response.json()) as { url: string }).url);
    await route.fulfill({ response });
  });
  return { release, url };
}

async function userIdOf(creator: SeededCreator): Promise<string> {
  return ((await (await creator.api.get("/v1/root/get-user")).json()) as { id: string }).id;
}

let ava: SeededCreator;
let bea: SeededCreator;
let cleo: SeededCreator;

test.beforeAll(async ({ baseURL }) => {
  ava = await signUpAndConfirm(baseURL!, "ava.billing@example.com");
  await setIdentities(ava, { onlyfans: "ava_billing", nicknames: ["Ava B"] });
  bea = await signUpAndConfirm(baseURL!, "bea.billing@example.com");
  cleo = await signUpAndConfirm(baseURL!, "cleo.billing@example.com");
  await setIdentities(cleo, { onlyfans: "cleo_billing" });
});

// Onboarding was finished through the API; the client state says so as the wizard would.
const signedInPage = (browser: Browser, creator: SeededCreator, width = 1280) => signedIn(browser, creator, { width, onboardingComplete: true });

test("a creator picks Premium yearly, is sent to the hosted checkout, and the signed webhook gives her the plan", async ({ browser, baseURL }) => {
  const { page, context, errors } = await signedInPage(browser, ava);
  const visited = await interceptStore(page);
  const avaId = await userIdOf(ava);

  // Before: no plan, 2 of the 4 profile steps, the catalog to choose from.
  await page.goto("/dashboard/billing");
  await expect(page.getByRole("heading", { level: 2, name: "Free scan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade Your Plan" })).toBeVisible();
  await expect(page.getByTestId("profile-steps")).toHaveText("2 / 4");
  await expect(page.getByRole("heading", { name: "Choose the right plan for you" })).toBeVisible();
  await expectAccessible(page);

  await page.getByText("Yearly (3 Month Free)").click();
  const premium = page.getByRole("article", { name: "Premium" });
  await expect(premium.getByTestId("plan-price")).toHaveText("$75");
  const checkout = await holdCheckout(page);
  const before = (await checkoutsSentToProvider()).length;
  await premium.getByRole("button", { name: "Select Plan" }).click();
  await expect(premium.getByRole("button", { name: "Redirecting..." })).toBeDisabled();
  checkout.release();

  // The browser goes to the checkout the provider created for her.
  const checkoutUrl = await checkout.url;
  expect(checkoutUrl).toMatch(/^https:\/\/leakwarden-test\.lemonsqueezy\.com\/checkout\/custom\//);
  await page.waitForURL(checkoutUrl);
  expect(visited).toEqual([checkoutUrl]);
  const sent = (await checkoutsSentToProvider()).slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body.data.attributes.checkout_data).toEqual({ email: "ava.billing@example.com", custom: { user_id: avaId } });
  expect(sent[0]!.body.data.relationships.variant.data.id).toBe(TEST_VARIANTS["premium-yearly"]);
  expect(sent[0]!.body.data.attributes.product_options.redirect_url).toBe(`${baseURL}/dashboard?billing=success`);

  // Lemon Squeezy tells the server, signed with the store's secret.
  const now = new Date();
  const renewsAt = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate(), 12));
  const delivered = await deliverWebhook(
    baseURL!,
    subscriptionEvent("subscription_created", { subscriptionId: "90001", userId: avaId, email: "ava.billing@example.com", variantId: TEST_VARIANTS["premium-yearly"], status: "active", updatedAt: now, renewsAt }),
  );
  expect(delivered).toEqual({ status: 200, body: { received: true, outcome: "applied" } });

  // Back from the checkout (its redirect), then after a reload: the plan everywhere.
  await page.goto("/dashboard?billing=success");
  await expect(page.getByText("You are now on the Premium Plan.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Premium Plan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade Your Plan" })).toHaveCount(0);
  await expect(page.getByTestId("profile-steps")).toHaveText("3 / 4");

  await page.getByRole("button", { name: "Premium Plan" }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole("heading", { level: 2, name: "Premium Plan billed yearly" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(`Renews on ${longDate(renewsAt)}.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change plan" })).toBeVisible();
  const current = page.getByRole("article", { name: "Premium" });
  await expect(current.getByText("Your plan")).toBeVisible();
  await expect(current.getByRole("button", { name: "Current plan" })).toBeDisabled();
  await expect(page.getByRole("article", { name: "VIP" }).getByRole("button", { name: "Switch to VIP" })).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, "billing-premium-1280");

  // 'Manage billing' opens a freshly signed customer-portal link.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await page.waitForURL(/^https:\/\/leakwarden-test\.lemonsqueezy\.com\/billing\?.*signature=fresh-90001/);

  expect(errors).toEqual([]);
  await context.close();
});

test("the billing section fits a 375px screen and passes axe, with and without a plan", async ({ browser }) => {
  for (const creator of [ava, cleo]) {
    const { page, context, errors } = await signedInPage(browser, creator, 375);
    for (const path of ["/dashboard/billing", "/dashboard/upgrade"]) {
      await page.goto(path);
      await expect(page.getByRole("article", { name: "VIP" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    }
    await screenshot(page, `billing-upgrade-375-${creator === ava ? "premium" : "free"}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("signed out on /pricing: 'Select Plan' goes to sign-in, and the plan's checkout follows the sign-in", async ({ page, consoleErrors }) => {
  const visited = await interceptStore(page);
  await page.goto("/pricing");
  const premium = page.getByRole("article", { name: "Premium" });
  await expect(page.getByLabel("Yearly (3 Month Free)")).toBeChecked();
  await premium.getByRole("link", { name: "Select Plan" }).click();
  await expect(page).toHaveURL(/\/signin\?plan=premium&period=yearly$/);

  const checkout = await holdCheckout(page);
  const before = (await checkoutsSentToProvider()).length;
  await page.getByLabel("Email").fill(bea.email);
  await page.getByLabel("Password", { exact: true }).fill(bea.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirecting..." })).toBeVisible();
  checkout.release();

  const checkoutUrl = await checkout.url;
  await page.waitForURL(checkoutUrl);
  expect(visited).toEqual([checkoutUrl]);
  const sent = (await checkoutsSentToProvider()).slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body.data.attributes.checkout_data).toEqual({ email: bea.email, custom: { user_id: await userIdOf(bea) } });
  expect(sent[0]!.body.data.relationships.variant.data.id).toBe(TEST_VARIANTS["premium-yearly"]);
  expect(consoleErrors).toEqual([]);
});

test("the onboarding plan screen: 'Select Plan' finishes the wizard, then opens that plan's checkout", async ({ browser, baseURL }) => {
  const dana = await signUpAndConfirm(baseURL!, "dana.billing@example.com");
  const saved = await dana.api.post("/v1/root/update-profile-all", { data: { platforms: { onlyfans: "dana_billing" }, nicknames: [], allowlist: [], specific: "" } });
  expect(saved.ok()).toBe(true);
  const identities = async () => ((await (await dana.api.get("/v1/identities")).json()) as { onboardingComplete: boolean }).onboardingComplete;
  expect(await identities()).toBe(false);

  const context = await browser.newContext({ storageState: dana.storageState, viewport: { width: 1280, height: 900 } });
  // The wizard left on its last step (the plan screen), as the client state keeps it.
  await context.addInitScript(() => {
    if (!localStorage.getItem("leakwarden-state")) localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingIndex: 4 }, version: 3 }));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const visited = await interceptStore(page);

  await page.goto("/onboardings");
  await expect(page.getByRole("heading", { level: 1, name: "Choose the right plan for you" })).toBeVisible();
  const vip = page.getByRole("article", { name: "VIP" });
  await expect(vip.getByTestId("plan-price")).toHaveText("$135");
  await expectAccessible(page);

  const checkout = await holdCheckout(page);
  const before = (await checkoutsSentToProvider()).length;
  await vip.getByRole("button", { name: "Select Plan" }).click();
  await expect(vip.getByRole("button", { name: "Redirecting..." })).toBeDisabled();
  checkout.release();
  const checkoutUrl = await checkout.url;
  await page.waitForURL(checkoutUrl);
  expect(visited).toEqual([checkoutUrl]);
  const sent = (await checkoutsSentToProvider()).slice(before);
  expect(sent.map((r) => r.body.data.relationships.variant.data.id)).toEqual([TEST_VARIANTS["vip-monthly"]]);
  expect(sent[0]!.body.data.attributes.checkout_data.email).toBe(dana.email);
  // Back from the checkout she belongs on the dashboard, not in the wizard.
  expect(await identities()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
