import type { Browser } from "@playwright/test";
import { subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { RECORDED_REQUESTS_PATH, SEED_SUBSCRIPTION_PATH, SETTLE_PAYMENTS_PATH } from "@leakwarden/test-support/fake-web/fake-lemon-squeezy";
import { deliverWebhook, setIdentities, signUpAndConfirm, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, lemonSqueezyApi, longDate, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";

// A subscriber switches plan, cancels and resumes against the local fake of Lemon Squeezy's API
// (e2e/global-setup.ts): the store keeps her subscription, prorates the switch and lists invoices.

test.describe.configure({ mode: "serial" });

interface Recorded {
  method: string;
  path: string;
  body: { data?: { attributes?: Record<string, unknown> } } | undefined;
}

async function sentToProvider(subscriptionId: string): Promise<Recorded[]> {
  const all = (await (await fetch(`${lemonSqueezyApi()}${RECORDED_REQUESTS_PATH}`)).json()) as Recorded[];
  return all.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method !== "GET");
}

/** Her browser, where the confirmations (switch, cancel) are the page's own dialogs: no native prompt may appear. */
async function signedInPage(browser: Browser, creator: SeededCreator, width: number) {
  const signed = await signedIn(browser, creator, { width, onboardingComplete: true });
  signed.page.on("dialog", (d) => {
    signed.errors.push(`a native ${d.type()} dialog: ${d.message()}`);
    void d.dismiss();
  });
  return signed;
}

let eve: SeededCreator;
const SUBSCRIPTION = "90777";
let renewsAt: Date;

test.beforeAll(async ({ baseURL }) => {
  eve = await signUpAndConfirm(baseURL!, "eve.manage@example.com");
  await setIdentities(eve, { onlyfans: "eve_manage" });
  const eveId = ((await (await eve.api.get("/v1/root/get-user")).json()) as { id: string }).id;
  // She bought Premium monthly ten days ago: the store keeps the subscription, and its webhook told us.
  const seeded = await fetch(`${lemonSqueezyApi()}${SEED_SUBSCRIPTION_PATH}`, {
    method: "POST",
    body: JSON.stringify({ id: SUBSCRIPTION, variantId: TEST_VARIANTS["premium-monthly"], email: "eve.manage@example.com", periodStart: new Date(Date.now() - 10 * 86_400_000).toISOString() }),
  });
  expect(seeded.status).toBe(201);
  const attributes = ((await seeded.json()) as { data: { attributes: { renews_at: string; updated_at: string } } }).data.attributes;
  renewsAt = new Date(attributes.renews_at);
  const delivered = await deliverWebhook(
    baseURL!,
    subscriptionEvent("subscription_created", {
      subscriptionId: SUBSCRIPTION,
      userId: eveId,
      email: "eve.manage@example.com",
      variantId: TEST_VARIANTS["premium-monthly"],
      status: "active",
      updatedAt: new Date(attributes.updated_at),
      renewsAt,
    }),
  );
  expect(delivered.body.outcome).toBe("applied");
});

test("she switches to VIP and sees Lemon Squeezy's prorated charge, then cancels and resumes", async ({ browser, baseURL }) => {
  const { page, context, errors } = await signedInPage(browser, eve, 1280);
  await page.goto("/dashboard/billing");
  await expect(page.getByRole("heading", { level: 2, name: "Premium Plan billed monthly" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  // The status is said once: the badge names it, the sentence gives the date.
  await expect(page.getByText(`Renews on ${longDate(renewsAt)}.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: "First payment" })).toContainText("$100.00");
  await expectAccessible(page);

  // Switch: a confirmation first, which she can back out of (nothing is sent), then the answer
  // with the prorated invoice, and the limits of VIP at once.
  const switchButton = page.getByRole("article", { name: "VIP" }).getByRole("button", { name: "Switch to VIP" });
  await switchButton.click();
  const confirmSwitch = page.getByRole("dialog", { name: "Switch to the VIP Plan, billed monthly?" });
  await expect(confirmSwitch).toBeVisible();
  await expect(confirmSwitch).toHaveAccessibleDescription(/It costs \$135 a month\. Lemon Squeezy prorates the change: it charges the difference for the rest of this period now\./);
  await expectAccessible(page);
  await screenshot(page, "billing-confirm-switch-1280");
  await confirmSwitch.getByRole("button", { name: "Keep my plan" }).click();
  await expect(confirmSwitch).toHaveCount(0);
  await expect(switchButton).toBeFocused();
  expect(await sentToProvider(SUBSCRIPTION)).toEqual([]);
  await switchButton.click();
  await page.getByRole("dialog", { name: "Switch to the VIP Plan, billed monthly?" }).getByRole("button", { name: "Switch to VIP" }).click();
  const outcome = page.getByTestId("billing-outcome");
  // As Lemon Squeezy documents it: the prorated invoice exists at once, its payment being attempted.
  await expect(outcome).toContainText("You are now on the VIP Plan, billed monthly. Its limits apply now. Lemon Squeezy is charging $");
  await expect(outcome).toContainText("for the rest of this period (prorated); its receipt comes by email once the payment goes through.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const charged = /charging (\$\d+\.\d\d) for the rest of this period/.exec((await outcome.textContent()) ?? "")?.[1];
  expect(charged).toBeTruthy();
  await expect(outcome.getByRole("link", { name: `View the prorated invoice (${charged})` })).toHaveAttribute("href", /^https:\/\/app\.lemonsqueezy\.com\//);
  await expect(page.getByRole("heading", { level: 2, name: "VIP Plan billed monthly" })).toBeVisible();
  await expect(page.getByRole("button", { name: "VIP Plan" })).toBeVisible();
  await expect(page.locator("dl > div").filter({ has: page.getByText("Stage names", { exact: true }) })).toContainText("of 40");
  const invoices = page.getByTestId("invoices");
  await expect(invoices.getByRole("listitem").first()).toContainText("Plan change (prorated)");
  await expect(invoices.getByRole("listitem").first()).toContainText(`${charged!} · Pending`);
  await expect(invoices.getByRole("link", { name: /^View invoice of / })).toHaveCount(2);
  // The payment goes through; Lemon Squeezy says so with subscription_payment_success, and the invoice reads Paid.
  const deliveries = (await (await fetch(`${lemonSqueezyApi()}${SETTLE_PAYMENTS_PATH}`, { method: "POST" })).json()) as unknown[];
  expect(deliveries).toHaveLength(1);
  for (const delivery of deliveries) expect((await deliverWebhook(baseURL!, delivery)).body.outcome).toBe("applied");
  await page.reload();
  await expect(page.getByTestId("invoices").getByRole("listitem").first()).toContainText(`${charged!} · Paid`);
  const patch = (await sentToProvider(SUBSCRIPTION)).find((r) => r.method === "PATCH");
  expect(patch?.body?.data?.attributes).toEqual({ variant_id: Number(TEST_VARIANTS["vip-monthly"]), invoice_immediately: true });
  await expectAccessible(page);
  await screenshot(page, "billing-switched-1280");

  // Cancel: the plan stays to the end of the period, and she can resume it until then.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const confirmCancel = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(confirmCancel).toContainText(`Your plan and its monitoring stay until ${longDate(renewsAt)}, the end of the period you paid for, and you can resume it until then.`);
  await confirmCancel.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(outcome).toHaveText(`Your subscription is cancelled. Your plan stays until ${longDate(renewsAt)}, and nothing more is billed. You can resume it until then.`);
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText(`Your plan stays until ${longDate(renewsAt)}, and nothing more is billed. Resume it before then to keep it.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  expect((await sentToProvider(SUBSCRIPTION)).at(-1)?.method).toBe("DELETE");
  await expectAccessible(page);

  // Resume: the renewal is back.
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(outcome).toHaveText(`Your subscription is resumed. It renews on ${longDate(renewsAt)}.`);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  expect((await sentToProvider(SUBSCRIPTION)).at(-1)?.body?.data?.attributes).toEqual({ cancelled: false });

  // After a reload the page tells the same story: it came from the store's answers, not the browser.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "VIP Plan billed monthly" })).toBeVisible();
  await expect(page.getByText(`Renews on ${longDate(renewsAt)}.`, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("the billing page with its invoices fits 375 px and passes axe", async ({ browser }) => {
  const { page, context, errors } = await signedInPage(browser, eve, 375);
  await page.goto("/dashboard/billing");
  await expect(page.getByTestId("invoices")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "billing-manage-375");
  // The cancel confirmation on a phone: readable, and Keep leaves everything as it was.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const confirmCancel = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(confirmCancel).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "billing-confirm-cancel-375");
  await confirmCancel.getByRole("button", { name: "Keep my subscription" }).click();
  await expect(confirmCancel).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
