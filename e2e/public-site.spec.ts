import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, test } from "@leakwarden/test-support/e2e/support";

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 800 };

/** Lazy images are loaded before a full-page screenshot. */
async function loadLazyImages(page: Page) {
  for (const img of await page.locator('img[loading="lazy"]').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe("landing page", () => {
  test("is in the HTML the server sends, before any script runs", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Remove content leaks in minutes");
    expect(html).toContain('data-prerendered="/"');
    // Other routes get the empty shell, never the landing page's content.
    const other = await (await request.get("/dashboard")).text();
    expect(other).not.toContain("Remove content leaks in minutes");
  });

  test("shows the spec's texts, sections and links", async ({ page, consoleErrors }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    await expect(page.getByText("Advanced DMCA Takedowns").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Remove content leaks in minutes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Your Free Scan" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("button", { name: "Signup with Google" })).toBeVisible();
    await expect(page.getByText("No credit card required.")).toBeVisible();

    const header = page.getByRole("banner");
    const main = header.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Features" })).toHaveAttribute("href", "#features");
    await expect(main.getByRole("link", { name: "Product" })).toHaveAttribute("href", "#product");
    await expect(main.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(header.getByRole("link", { name: "Leakwarden" })).toHaveAttribute("href", "/");

    await expect(page.locator("#features li")).toHaveCount(6);
    await expect(page.locator("#product img")).toHaveAttribute("src", "/product-shot.webp");
    await expect(page.locator("#product img")).toHaveAttribute("alt", /.+/);
    await expect(page.getByRole("region", { name: "Questions creators ask us" }).getByRole("button")).toHaveCount(5);

    // With default settings no figure is invented: none is configured, and too little is measured yet.
    await expect(page.getByRole("heading", { name: "Your first scan is free" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Leakwarden in numbers" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: /Revenue increase/ })).toHaveCount(0);
    for (const invented of ["3K", "5K", "30%"]) await expect(page.locator("main")).not.toContainText(invented);
    await expect(page.locator("body")).not.toContainText(/removal rate/i);
    await expect(page.locator("body")).not.toContainText("100%");

    await expect(page.getByRole("heading", { name: "Your first scan is free" })).toBeVisible();
    const promises = page.getByRole("region", { name: "Our promises" });
    for (const promise of ["Fully online process", "Unlimited support", "Affordable pricing with no hidden fees", "GDPR compliance"]) {
      await expect(promises.getByText(promise).first()).toBeVisible();
    }

    // Signed out: the member section offers sign-in.
    await expect(page.getByRole("region", { name: "Your account" }).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");

    const footer = page.getByRole("contentinfo");
    const footerLinks = await footer.getByRole("link").evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(footerLinks).toEqual(
      expect.arrayContaining([
        ["Pricing", "/pricing"],
        ["Blog", "/blog"],
        ["About", "/about"],
        ["Privacy Policy", "/privacy"],
        ["Terms of Service", "/terms"],
        ["Help & Support", "/contact"],
        ["Contact Us", "/contact"],
        ["OnlyFans", "/onlyfans"],
        ["Fansly", "/fansly"],
        ["Chaturbate", "/chaturbate"],
        ["Reddit", "/reddit"],
      ]),
    );

    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await loadLazyImages(page);
    await screenshot(page, "landing-1280");
    expect(consoleErrors).toEqual([]);
  });

  test("the header compacts on scroll", async ({ page, consoleErrors }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).not.toHaveAttribute("data-scrolled", /.*/);
    const tall = await header.evaluate((el) => el.getBoundingClientRect().height);
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(tall);
    expect(consoleErrors).toEqual([]);
  });

  test("has a mobile menu below 768px", async ({ page, consoleErrors }) => {
    await page.setViewportSize(phone);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(["Product", "Features", "Marketplace", "Pricing", "Login", "Try Free"]);
    await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/signup");
    await expect(menu.getByRole("link", { name: "Try Free" })).toHaveAttribute("href", "/signup");
    await expect(menu.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    // A menu link goes where it says and closes the menu.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("fits a 375px screen", async ({ page, consoleErrors }) => {
    await page.setViewportSize(phone);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await loadLazyImages(page);
    await screenshot(page, "landing-375");
    expect(consoleErrors).toEqual([]);
  });

  test("the FAQ opens one answer at a time, by mouse and by keyboard", async ({ page, consoleErrors }) => {
    await page.setViewportSize(desktop);
    await page.goto("/");
    const faq = page.getByRole("region", { name: "Questions creators ask us" });
    const questions = faq.getByRole("button");
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByRole("region")).toHaveCount(1);
    const panel = faq.getByRole("region");
    await expect(panel).toContainText("authorized agent");
    expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("384px");

    // Keyboard: arrows move between questions, Enter opens, Enter again closes.
    await questions.nth(1).focus();
    await page.keyboard.press("ArrowDown");
    await expect(questions.nth(2)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(questions.nth(2)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(questions.nth(4)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(questions.nth(0)).toBeFocused();
    await questions.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(faq.getByRole("region")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("Google sign-up says it is unavailable when the server has no Google settings", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Signup with Google" }).click();
    await expect(page.getByText("Google sign-in is not available on this site yet.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test("sends no analytics without a token", async ({ page, consoleErrors }) => {
    const analytics: string[] = [];
    page.on("request", (r) => {
      if (/mixpanel/i.test(r.url())) analytics.push(r.url());
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Pricing" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(analytics).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("the landing page's JavaScript stays within 100 KiB gzipped", async () => {
    // The build the server serves (WEB_DIST_DIR, as playwright.config.ts passes it on).
    const dist = path.resolve(process.env.WEB_DIST_DIR ?? "apps/web/dist");
    const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const bytes = scripts.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
    expect(bytes / 1024).toBeLessThanOrEqual(100);
  });
});

test.describe("page styles", () => {
  test("a prerendered page carries only its own styles; the rest load before the app shows another page", async ({ page, consoleErrors }) => {
    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const stylesheets = () => page.locator('link[rel="stylesheet"]');
    await expect(stylesheets()).toHaveCount(0);
    // How much of the stylesheet a sheet holds: the text of all its rules.
    const inlineStyles = await page.evaluate(() => [...document.querySelector("style")!.sheet!.cssRules].map((r) => r.cssText).join("").length);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(stylesheets()).toHaveCount(1);
    await expect(stylesheets()).toHaveAttribute("href", /^\/assets\/.+\.css$/);
    const fullStyles = await stylesheets().evaluate((link: HTMLLinkElement) => [...(link.sheet?.cssRules ?? [])].map((r) => r.cssText).join("").length);
    expect(fullStyles).toBeGreaterThan(inlineStyles);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("pricing page", () => {
  test("defaults to yearly; the toggle changes the prices and the billing text", async ({ page, consoleErrors }) => {
    await page.setViewportSize(desktop);
    await page.goto("/pricing");
    const yearly = page.getByLabel("Yearly (3 Month Free)");
    await expect(yearly).toBeChecked();
    const prices = page.getByTestId("plan-price");
    await expect(prices).toHaveText(["$22.50", "$75", "$101.25"]);
    await expect(page.getByText(/^Billed yearly/)).toHaveCount(3);
    await expect(page.getByRole("article", { name: "Premium" }).getByText("Most Popular")).toBeVisible();
    await expect(page.getByRole("article", { name: "Starter" }).getByText("Most Popular")).toHaveCount(0);
    await expect(page.getByRole("article", { name: "VIP" })).toContainText("Agency workspace, up to 50 members");
    await expect(page.getByRole("article", { name: "Starter" })).toContainText("Not included: Search delisting packages");
    await expectAccessible(page);
    await screenshot(page, "pricing-1280");

    await page.getByText("Monthly", { exact: true }).click();
    await expect(page.getByLabel("Monthly")).toBeChecked();
    await expect(prices).toHaveText(["$30", "$100", "$135"]);
    await expect(page.locator("article s")).toHaveText(["$35", "$135", "$165"]);
    await expect(page.getByText("Billed monthly")).toHaveCount(3);

    // Keyboard: the toggle is a radio group.
    await page.getByLabel("Monthly").focus();
    await page.keyboard.press("ArrowRight");
    await expect(yearly).toBeChecked();
    await expect(prices).toHaveText(["$22.50", "$75", "$101.25"]);

    await page.getByRole("link", { name: "Select Plan" }).first().click();
    await expect(page).toHaveURL(/\/signin\?plan=starter&period=yearly$/);
    expect(consoleErrors).toEqual([]);
  });

  test("fits a 375px screen", async ({ page, consoleErrors }) => {
    await page.setViewportSize(phone);
    await page.goto("/pricing");
    await expect(page.getByTestId("plan-price")).toHaveCount(3);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, "pricing-375");
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("legal pages", () => {
  test("Terms of Service has the spec's sections and date", async ({ page, consoleErrors }) => {
    await page.setViewportSize(phone);
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Last updated: 13/05/2025")).toBeVisible();
    for (const title of ["Subscription service", "Payment and fees", "Term and termination", "Intellectual property", "DMCA removals", "Indemnification", "Disclaimer of warranties"]) {
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(title) })).toBeVisible();
    }
    await expect(page.locator("main")).toContainText("cancel at any time from your account");
    await expect(page.locator("main")).toContainText("prorated");
    await expect(page.locator("main")).toContainText("cannot guarantee");
    await expect(page.getByRole("link", { name: "support@leakwarden.localhost" })).toHaveAttribute("href", "mailto:support@leakwarden.localhost");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("Privacy Policy has the spec's sections, the GDPR rights and the support address", async ({ page, consoleErrors }) => {
    await page.setViewportSize(phone);
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: 25/11/2026")).toBeVisible();
    for (const title of ["Information we collect", "How we use it", "Disclosure", "Your choices", "Security", "Changes", "Contact"]) {
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(title) })).toBeVisible();
    }
    await expect(page.locator("main")).toContainText("The image itself never leaves your device");
    await expect(page.locator("main")).toContainText("authorized agent");
    await expect(page.locator("main")).toContainText("GDPR");
    // What the contact form keeps, and the sessions' place looked up on our own server.
    await expect(page.getByRole("heading", { level: 2, name: "The contact form" })).toBeVisible();
    await expect(page.locator("main")).toContainText("not stored in our database");
    await expect(page.locator("main")).toContainText("your address is not sent to anyone for it");
    await expect(page.getByRole("link", { name: "IP Geolocation by DB-IP" })).toHaveAttribute("href", "https://db-ip.com");
    await expect(page.getByRole("link", { name: "support@leakwarden.localhost" }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("routes", () => {
  test("signed-out visitors asking for /onboardings, /onboarding or /dashboard see the sign-in screen", async ({ page, consoleErrors }) => {
    for (const route of ["/dashboard", "/onboardings", "/onboarding"]) {
      await page.goto(route);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/onboardings$/);
    expect(consoleErrors).toEqual([]);
  });

  test("unknown routes show the 404 page", async ({ page, consoleErrors }) => {
    for (const route of ["/no-such-page", "/press", "/auth/nowhere"]) {
      await page.goto(route);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("a page whose code does not arrive", () => {
  const signInCode = /\/assets\/signin-[^/]+\.js$/;

  test("a prerendered page stays readable, says so, and Try again loads it", async ({ page }) => {
    await page.route(signInCode, (route) => route.abort());
    await page.goto("/signin");
    const notice = page.getByRole("alert").filter({ hasText: "Unexpected error occured. Please try again." });
    await expect(notice).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // Nothing can be typed into a form that cannot be sent.
    await expect(page.getByLabel("Email")).toBeDisabled();
    await expectAccessible(page);

    await page.unroute(signInCode);
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByLabel("Email")).toBeEnabled();
    await expect(notice).toHaveCount(0);
  });

  test("a page reached from another shows the message instead of a blank screen; going back works", async ({ page }) => {
    await page.route(signInCode, (route) => route.abort());
    await page.goto("/");
    // The account section appears once the page has hydrated: from then on, links navigate in the app.
    await expect(page.getByRole("region", { name: "Your account" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("alert")).toHaveText("Unexpected error occured. Please try again.");
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expectAccessible(page);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
