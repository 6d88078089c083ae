import { request as playwrightRequest } from "@playwright/test";
import { secretOf, totpCodes } from "@leakwarden/test-support/totp";
import { checkAtBothWidths, confirmedAccount, expect, fillSignIn, mailedLink, newEmail, screenshot, signOut, test, unexpectedConsoleErrors } from "@leakwarden/test-support/e2e/support";

/** Another device: its own cookies, signed in through the API (from `forwardedFor`, as the proxy on this machine says). */
async function otherDevice(baseURL: string | undefined, email: string, password: string, from: { forwardedFor?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { origin: baseURL ?? "" };
  if (from.forwardedFor) headers["x-forwarded-for"] = from.forwardedFor;
  if (from.userAgent) headers["user-agent"] = from.userAgent;
  const device = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
  const res = await device.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status()).toBe(200);
  expect((await device.get("/v1/root/get-user")).status()).toBe(200);
  return device;
}

test("forgot password: the emailed link sets a new password, signs her in with it, refuses the old one and signs the other device out", async ({ page, baseURL }) => {
  const errors = unexpectedConsoleErrors(page);
  const email = newEmail("forgot");
  await confirmedAccount(page.request, email, "old-password", baseURL);
  await signOut(page, baseURL);
  const phone = await otherDevice(baseURL, email, "old-password");

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await checkAtBothWidths(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this address, we have emailed it a link");

  const link = await mailedLink(email, /reset your leakwarden password/i, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await checkAtBothWidths(page);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Repeat the new password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password was changed");

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another-pass");
  await page.getByLabel("Repeat the new password").fill("another-pass");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used");

  await page.goto("/signin");
  await fillSignIn(page, email, "old-password");
  await expect(page.getByRole("alert")).toContainText(/invalid email or password/i);
  await fillSignIn(page, email, "brand-new-pass");
  await expect(page).toHaveURL(/\/onboardings$/);

  expect((await phone.get("/v1/root/get-user")).status()).toBe(401);
  await phone.dispose();
  expect(errors).toEqual([]);
});

test("two-factor sign-in: turned on in Settings, sign-in asks for the code, and a backup code works once", async ({ page, baseURL }) => {
  const errors = unexpectedConsoleErrors(page);
  const email = newEmail("twofactor");
  const password = "secret-pass";
  await confirmedAccount(page.request, email, password, baseURL);

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Signed-in devices" })).toContainText("This device");
  await checkAtBothWidths(page);

  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await twoFactor.getByLabel("Your password").fill(password);
  await twoFactor.getByRole("button", { name: "Set up" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  expect(secret).toBe(secretOf(`otpauth://totp/x?secret=${secret}`));
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await checkAtBothWidths(page);
  // Each code is taken once: the sign-in below needs the app's next one.
  const nextCode = totpCodes(secret);
  await twoFactor.getByLabel("Code from the app").fill(await nextCode());
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  await expect(twoFactor.getByText("On.", { exact: true })).toBeVisible();

  // Her email moves only with her password and a second factor (here the last backup code).
  await page.goto("/settings");
  const emailCard = page.getByRole("region", { name: "Email" });
  await emailCard.getByLabel("New email").fill(newEmail("twofactor-moved"));
  await emailCard.getByRole("button", { name: "Change email" }).click();
  await expect(emailCard.getByText("Enter your current password to change your email")).toBeVisible();
  await emailCard.getByLabel("Current password").fill(password);
  await emailCard.getByRole("button", { name: "Change email" }).click();
  await expect(emailCard.getByText("Enter the 6-digit code from your authenticator app, or one of your backup codes")).toBeVisible();
  await emailCard.getByLabel("Authenticator or backup code").fill(backupCodes[9]!);
  await emailCard.getByRole("button", { name: "Change email" }).click();
  await expect(emailCard.getByText(/We sent a confirmation link to/)).toBeVisible();

  // Sign-in asks for the code.
  await signOut(page, baseURL);
  await page.goto("/signin");
  await fillSignIn(page, email, password);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await checkAtBothWidths(page);
  await page.getByLabel("Authentication code").fill(await nextCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/onboardings$/);

  // A backup code instead, once.
  await signOut(page, baseURL);
  await page.goto("/signin");
  await fillSignIn(page, email, password);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/onboardings$/);

  await signOut(page, baseURL);
  await page.goto("/signin");
  await fillSignIn(page, email, password);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  expect(errors).toEqual([]);
});

test("her sessions list each device with the place its address is in, looked up on the server, and one can be signed out", async ({ page, baseURL }) => {
  const errors = unexpectedConsoleErrors(page);
  const email = newEmail("sessions");
  const password = "secret-pass";
  await confirmedAccount(page.request, email, password, baseURL);
  // Her phone, in France (an Orange address), and a laptop on her home network.
  const phone = await otherDevice(baseURL, email, password, {
    forwardedFor: "90.0.0.1",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  const laptop = await otherDevice(baseURL, email, password, { forwardedFor: "192.168.1.20", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });

  await page.goto("/settings");
  const list = page.getByRole("list", { name: "Signed-in devices" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "This device" })).toContainText("This computer (127.0.0.1)");
  const phoneRow = rows.filter({ hasText: "Safari on iPhone" });
  await expect(phoneRow).toContainText("France (90.0.0.1)");
  await expect(rows.filter({ hasText: "Firefox on Linux" })).toContainText("Local network (192.168.1.20)");
  await expect(page.getByRole("link", { name: "IP Geolocation by DB-IP" })).toHaveAttribute("href", "https://db-ip.com");
  await checkAtBothWidths(page);
  await list.scrollIntoViewIfNeeded();
  await screenshot(page, "settings-sessions-places");

  await phoneRow.getByRole("button", { name: /^Sign out Safari on iPhone/ }).click();
  await expect(page.getByRole("status")).toContainText("Safari on iPhone was signed out.");
  await expect(rows).toHaveCount(2);
  await expect(list).not.toContainText("France");
  expect((await phone.get("/v1/root/get-user")).status()).toBe(401);
  expect((await laptop.get("/v1/root/get-user")).status()).toBe(200);
  await phone.dispose();
  await laptop.dispose();
  expect(errors).toEqual([]);
});
