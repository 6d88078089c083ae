import type { Page } from "@playwright/test";
import { routeGoogleTo, startFakeGoogle, type FakeGoogle } from "@leakwarden/test-support/fake-google";
import { firstLink, readOutbox } from "@leakwarden/test-support/test-services";
import { secretOf, totpCode, totpCodes } from "@leakwarden/test-support/totp";
import { inProcessServerForThisFile } from "@leakwarden/test-support/e2e/seed";
import { checkAtBothWidths, expect, screenshot, test, unexpectedConsoleErrors } from "@leakwarden/test-support/e2e/support";

// Google sign-in for an account with two-factor sign-in on. There is no Google here: the server runs in
// this process, where its calls to Google's token endpoint go to a fake on 127.0.0.1, and the browser's
// visit to Google's consent page is answered by that fake's redirect back to our callback.

const CLIENT_ID = "leakwarden-e2e.apps.googleusercontent.com";

let google: FakeGoogle;
let restoreFetch: () => void;

test.beforeAll(async () => {
  google = await startFakeGoogle(CLIENT_ID);
  restoreFetch = routeGoogleTo(google);
});

test.afterAll(async () => {
  restoreFetch?.();
  await google?.close();
});

const app = inProcessServerForThisFile("google", { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "e2e-google-secret" });

/** Google's consent page, as the fake answers it: straight back to our callback, signed in as `email`. */
async function googleSaysItIs(page: Page, sub: string, email: string) {
  await page.route("https://accounts.google.com/**", (route) => route.fulfill({ status: 302, headers: { location: google.consent(route.request().url(), { sub, email }) } }));
}

test("Google sign-in asks for the two-factor code before it signs her in, and a backup code works too", async ({ browser }) => {
  const email = `google-2fa-${Date.now()}@example.com`;
  const password = "secret-pass";
  const context = await browser.newContext({ baseURL: app.origin, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = unexpectedConsoleErrors(page);
  const api = page.request;
  const headers = { origin: app.origin };

  // Her account, confirmed, with two-factor sign-in on.
  expect((await api.post("/api/auth/sign-up/email", { data: { email, password, name: "", ageConfirmed: true }, headers })).status()).toBe(200);
  // This process's queue has no workers: the confirmation email is sent here.
  await app.services.queue.runDue(["email.send"]);
  const link = readOutbox(app.dataDir)
    .filter((m) => m.to.includes(email))
    .map((m) => firstLink(m.text, "/api/auth/verify-email"))
    .find(Boolean);
  expect(link).toBeTruthy();
  expect((await api.get(link!, { maxRedirects: 0 })).status()).toBe(302);
  const enable = await api.post("/api/auth/two-factor/enable", { data: { password }, headers });
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  // Each code is taken once: the sign-in below needs the app's next one.
  const nextCode = totpCodes(secret);
  expect((await api.post("/api/auth/two-factor/verify-totp", { data: { code: await nextCode() }, headers })).status()).toBe(200);
  expect((await api.post("/api/auth/sign-out", { data: {}, headers })).status()).toBe(200);

  // Google says it is her: the sign-in page asks for the code, and she is not signed in yet.
  await googleSaysItIs(page, "google-sub-e2e", email);
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/signin\?two-factor=google$/);
  await expect(page.getByRole("status")).toContainText("Google confirmed your account");
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  expect((await api.get("/v1/root/get-user")).status()).toBe(401);
  await checkAtBothWidths(page);
  await screenshot(page, "signin-google-two-factor");
  await page.getByLabel("Authentication code").fill(await nextCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/onboardings$/);
  expect((await api.get("/v1/root/get-user")).status()).toBe(200);

  // Again, with a backup code.
  expect((await api.post("/api/auth/sign-out", { data: {}, headers })).status()).toBe(200);
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/signin\?two-factor=google$/);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/onboardings$/);

  // The page asked for without a Google answer behind it: the code is refused in words.
  expect((await api.post("/api/auth/sign-out", { data: {}, headers })).status()).toBe(200);
  await page.goto("/signin?two-factor=google");
  await page.getByLabel("Authentication code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("This sign-in has expired. Sign in again, then enter a new code.");
  await page.getByRole("link", { name: "Start again" }).click();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
