import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createGoogleAccount } from "@leakwarden/test-support/test-accounts";
import { inProcessServerForThisFile } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "@leakwarden/test-support/e2e/support";

// An account made by Google sign-in has no 18+ confirmation. There is no Google here, and the shared
// e2e server's embedded database belongs to its own process, so these journeys run the same server
// in this process, on its own database, where such an account can be made as the OAuth callback
// makes it and handed to the browser as a signed-in session cookie.

declare global {
  interface Window {
    /** Content-Security-Policy violations the page met (recorded by googleCreator's init script). */
    cspViolations: string[];
  }
}

const AGE_LABEL = "I confirm that I am 18 or older and I accept the Terms of Service and the Privacy Policy.";

const app = inProcessServerForThisFile("accounts");
let counter = 0;

/** A browser signed in as a new Google account, recording any Content-Security-Policy violation. */
async function googleCreator(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = `google-${Date.now()}-${counter++}@example.com`;
  const { cookie } = await createGoogleAccount(app.services.auth, email);
  const context = await browser.newContext({ baseURL: app.origin, viewport: { width, height: 900 } });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: app.origin, httpOnly: true, sameSite: "Lax" }]);
  await context.addInitScript(() => {
    const seen: string[] = [];
    window.cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { context, page: await context.newPage(), email };
}

const cspViolations = (page: Page) => page.evaluate(() => window.cspViolations);

test("a Google account confirms its age on the first page it opens, then that page opens", async ({ browser }) => {
  const { context, page, email } = await googleCreator(browser);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));

  // The product's data is refused until she confirms.
  const before = await page.request.get("/v1/identities");
  expect(before.status()).toBe(403);
  expect((await before.json()).error.code).toBe("AGE_CONFIRMATION_REQUIRED");

  await page.goto("/verify");
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Prove you own your accounts" })).toHaveCount(0);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await expect(page).toHaveTitle("Confirm your age — Leakwarden");
  await expectAccessible(page);

  // Continuing without the box ticked says why and records nothing.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("You must confirm that you are 18 or older.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: AGE_LABEL })).toHaveAttribute("aria-invalid", "true");
  expect((await page.request.get("/v1/identities")).status()).toBe(403);

  await page.getByRole("checkbox", { name: AGE_LABEL }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Prove you own your accounts" })).toBeVisible();
  await expect(page).toHaveURL(`${app.origin}/verify`);
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toHaveCount(0);

  const me = await (await page.request.get("/v1/root/get-user")).json();
  expect(me).toMatchObject({ email, age_confirmed: true });
  expect((await page.request.get("/v1/identities")).status()).toBe(200);

  // Once is enough: the next visit opens the page at once.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Prove you own your accounts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toHaveCount(0);
  expect(await cspViolations(page)).toEqual([]);

  // Where she belongs is the server's answer: once her onboarding is complete, /signin leads to the dashboard.
  await page.goto("/signin");
  await expect(page).toHaveURL(`${app.origin}/onboardings`);
  const profile = await page.request.post("/v1/root/update-profile-all", {
    headers: { origin: app.origin },
    data: { platforms: { onlyfans: `gina_${counter}` }, nicknames: [], allowlist: [], specific: "" },
  });
  expect(profile.status()).toBe(200);
  expect((await page.request.post("/v1/identities/onboarding-complete", { headers: { origin: app.origin } })).status()).toBe(200);
  const fresh = await context.newPage();
  await fresh.goto("/signin");
  await expect(fresh).toHaveURL(`${app.origin}/dashboard`);
  expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  await context.close();
});

test("signed in by Google from /signin, a newcomer confirms her age, then the dashboard sends her to onboarding", async ({ browser }) => {
  const { context, page } = await googleCreator(browser, 375);
  // Google sign-in comes back to /signin.
  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toBeVisible();
  await expect(page).toHaveURL(`${app.origin}/dashboard`);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  await page.getByRole("checkbox", { name: AGE_LABEL }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${app.origin}/onboardings`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toHaveCount(0);
  // The wizard's schemas were built without eval.
  expect(await cspViolations(page)).toEqual([]);
  await context.close();
});

test("someone who will not confirm can sign out from the confirmation", async ({ browser }) => {
  const { context, page } = await googleCreator(browser);
  await page.goto("/onboardings");
  await expect(page.getByRole("heading", { name: "Confirm your age" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${app.origin}/`);
  expect((await page.request.get("/v1/root/get-user")).status()).toBe(401);
  await page.goto("/onboardings");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await context.close();
});

test("the sign-up form checks its fields without eval (Content-Security-Policy)", async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await expect(page.getByText("Not a valid email address")).toBeVisible();
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("You must confirm that you are 18 or older.")).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
