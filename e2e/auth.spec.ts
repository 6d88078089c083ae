import { confirmedAccount, expect, expectAccessible, expectNoHorizontalScroll, fillSignIn, mailedLink, newEmail, screenshot, signOut, test, unexpectedConsoleErrors } from "@leakwarden/test-support/e2e/support";

const password = "secret-pass";

/** The newest confirmation link mailed to an address (once `count` were mailed). */
const confirmationLink = (email: string, count = 1) => mailedLink(email, /confirm/i, "verify-email", count);

test.describe("sign in and sign up forms", () => {
  for (const route of ["/signin", "/signup"]) {
    test(`${route} checks the fields on every change and on submit`, async ({ page, consoleErrors }) => {
      const requests: string[] = [];
      page.on("request", (r) => {
        if (/\/api\/auth\/sign-(in|up)/.test(r.url())) requests.push(r.url());
      });
      await page.goto(route);
      const email = page.getByLabel("Email");
      const pass = page.getByLabel("Password", { exact: true });
      // The prerendered form takes input once the page has hydrated (typed keys are not checked before).
      await expect(email).toBeEnabled();

      await email.pressSequentially("ava");
      await expect(page.getByText("Not a valid email address")).toBeVisible();
      await email.fill("");
      await expect(page.getByText("Email is required")).toBeVisible();
      await email.fill("ava@example.com");
      await expect(page.getByText("Email is required")).toBeHidden();
      await expect(page.getByText("Not a valid email address")).toBeHidden();

      await pass.pressSequentially("abc");
      await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
      await pass.fill("");
      await expect(page.getByText("Password is required")).toBeVisible();

      // Submit with a field failing: the messages show and nothing is sent.
      await email.fill("");
      await page.getByRole("button", { name: route === "/signin" ? "Sign In" : "Sign Up", exact: true }).click();
      await expect(page.getByText("Email is required")).toBeVisible();
      await expect(page.getByText("Password is required")).toBeVisible();
      expect(requests).toEqual([]);

      // Show / hide the password.
      await pass.fill("secret1");
      await expect(pass).toHaveAttribute("type", "password");
      await page.getByRole("button", { name: "Show password" }).click();
      await expect(pass).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide password" }).click();
      await expect(pass).toHaveAttribute("type", "password");

      await expect(page.getByRole("button", { name: route === "/signin" ? "Sign in with Google" : "Sign up with Google" })).toBeVisible();
      await expect(page.getByRole("link", { name: route === "/signin" ? "Create an account" : "Sign in" })).toHaveAttribute(
        "href",
        route === "/signin" ? "/signup" : "/signin",
      );
      await expectAccessible(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("sign-up requires the 18+ confirmation", async ({ page, consoleErrors }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill(newEmail("young"));
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("You must confirm that you are 18 or older.")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(consoleErrors).toEqual([]);
  });

  test("the sign-in page fits 375px and 1280px", async ({ page, consoleErrors }) => {
    for (const [width, name] of [
      [375, "signin-375"],
      [1280, "signin-1280"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/signin");
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, name);
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("accounts", () => {
  test("sign up → confirmation mail → link → signed in", async ({ page, baseURL, consoleErrors }) => {
    const email = newEmail("ava");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("checkbox", { name: /18 or older/ }).check();
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await confirmationLink(email);
    await expectAccessible(page);

    // 'Resend the mail' sends a second confirmation to the same, real address.
    await page.getByRole("button", { name: "Resend the mail" }).click();
    await expect(page.getByText(`We sent a new confirmation mail to ${email}.`)).toBeVisible();
    const link = await confirmationLink(email, 2);

    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/confirmed$/);
    await expect(page.getByText("Email confirmed! You are now signed in.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/onboarding");
    await expect(page).toHaveURL(/\/(dashboard|onboardings)$/, { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);

    // Signed in: the sign-in and sign-up pages move on to onboarding; the landing page offers the dashboard.
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/onboardings$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/onboardings$/);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Your account" }).getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    // A confirmed creator on /confirm goes to sign-in, which moves her on.
    await page.goto("/confirm");
    await expect(page).toHaveURL(/\/onboardings$/);

    // Signing out ends the session: the guard shows the sign-in screen again. The open page is
    // left first: its polling would meet the ended session with a 401 the browser logs.
    await page.goto("about:blank");
    await signOut(page, baseURL);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a wrong password shows the provider's message in the banner", async ({ page, request, baseURL }) => {
    const errors = unexpectedConsoleErrors(page);
    const email = newEmail("wrong");
    await confirmedAccount(request, email, password, baseURL, "/auth/confirmed");
    await page.goto("/signin");
    await fillSignIn(page, email, "not-the-password");
    const banner = page.getByRole("alert");
    await expect(banner).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/signin$/);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("an address not confirmed yet gets the provider's message and a way to resend", async ({ page, request, baseURL }) => {
    const errors = unexpectedConsoleErrors(page);
    const email = newEmail("unconfirmed");
    const res = await request.post("/api/auth/sign-up/email", {
      data: { email, password, name: "", ageConfirmed: true },
      headers: { origin: baseURL ?? "" },
    });
    expect(res.status()).toBe(200);
    await page.goto("/signin");
    await fillSignIn(page, email, password);
    await expect(page.getByRole("alert")).toContainText(/not verified/i);
    await page.getByRole("link", { name: "Resend the confirmation mail" }).click();
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByText(email)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("signing in shows busy text, then onboarding; the guard's sign-in screen opens the page asked for", async ({ page, request, baseURL, consoleErrors }) => {
    const email = newEmail("returning");
    await confirmedAccount(request, email, password, baseURL, "/auth/confirmed");

    await page.goto("/signin");
    await page.route("**/api/auth/sign-in/email", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await fillSignIn(page, email, password);
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeVisible();
    await expect(page).toHaveURL(/\/onboardings$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await signOut(page, baseURL);

    // The guard's sign-in screen signs in where it stands: the page asked for opens.
    await page.goto("/dashboard");
    await fillSignIn(page, email, password);
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/(dashboard|onboardings)$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("email confirmation landing", () => {
  test("a used or broken link shows the error", async ({ page, consoleErrors }) => {
    await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=/auth/confirmed");
    await expect(page).toHaveURL(/\/auth\/confirmed\?error=/);
    await expect(page.getByText("Error confirming email. Please try again.")).toBeVisible();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("reached without a confirmation link, it says the link is invalid", async ({ page, consoleErrors }) => {
    await page.goto("/auth/confirmed");
    await expect(page.getByText("Invalid confirmation link.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Send a new link" })).toHaveAttribute("href", "/confirm");
    expect(consoleErrors).toEqual([]);
  });
});
