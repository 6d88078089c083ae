import type { Page } from "@playwright/test";
import { signUpAndConfirm } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, outbox, screenshot, test } from "@leakwarden/test-support/e2e/support";

// The footer's pages and the contact form: every footer link answers 200 with a real, prerendered
// page that is accessible at phone and desktop widths, and a message sent from /contact reaches
// the support inbox with its ticket reference, with a copy to the sender.

const widths = [375, 1280] as const;

/** Every footer link's page: what its HTML already says before any script runs, and its heading. */
const footerPages: { path: string; prerendered: string; heading: RegExp }[] = [
  { path: "/pricing", prerendered: "Pricing that pays for itself", heading: /Pricing that pays for itself/ },
  { path: "/blog", prerendered: "Leak removal, explained", heading: /Leak removal, explained/ },
  { path: "/about", prerendered: "We find leaks of creators", heading: /We find leaks of creators/ },
  { path: "/privacy", prerendered: "Privacy Policy", heading: /Privacy Policy/ },
  { path: "/terms", prerendered: "Terms of Service", heading: /Terms of Service/ },
  { path: "/contact", prerendered: "Contact us", heading: /Contact us/ },
  { path: "/onlyfans", prerendered: "OnlyFans leak removal", heading: /OnlyFans leak removal/ },
  { path: "/fansly", prerendered: "Fansly leak removal", heading: /Fansly leak removal/ },
  { path: "/chaturbate", prerendered: "Chaturbate recording removal", heading: /Chaturbate recording removal/ },
  { path: "/reddit", prerendered: "Reddit leak removal", heading: /Reddit leak removal/ },
];

/** The form is ready once its code runs and its signed token has arrived. */
async function openContactForm(page: Page) {
  const token = page.waitForResponse((r) => r.url().endsWith("/v1/contact/form") && r.status() === 200);
  await page.goto("/contact");
  await token;
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
}

/** The server refuses a form sent sooner than CONTACT_MIN_SUBMIT_SECONDS (3) after it was shown: wait as a person writing would. */
async function pauseLikeAPerson(page: Page) {
  await page.waitForTimeout(3_200);
}

test.describe("footer pages", () => {
  test("every footer link leads to a page that answers 200, prerendered with its own content", async ({ page, request }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")).filter((h): h is string => !!h && h.startsWith("/") && h !== "/"));
    expect(new Set(hrefs)).toEqual(new Set(footerPages.map((p) => p.path)));
    for (const { path, prerendered } of footerPages) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`data-prerendered="${path}"`);
      expect(html, path).toContain(prerendered);
      expect(html, path).not.toContain("Page not found");
    }
  });

  for (const width of widths) {
    test(`each footer page is accessible and fits ${width} px, with no console errors`, async ({ page, consoleErrors }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      for (const { path, heading } of footerPages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator("#root[data-prerendered]")).toHaveCount(1);
        // Hydrated: the page's code has taken it over (the contact form's fields are enabled then).
        if (path === "/contact") await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
        if (width === 375 && ["/about", "/blog", "/onlyfans", "/contact"].includes(path)) await screenshot(page, `footer${path.replace("/", "-")}-${width}`);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe("blog", () => {
  test("lists its posts, each post is a prerendered page of clean text, and the feed names them with absolute links", async ({ page, request, baseURL, consoleErrors }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/blog");
    const posts = page.getByRole("main").getByRole("listitem");
    expect(await posts.count()).toBeGreaterThanOrEqual(2);
    const links = await posts.getByRole("link").evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href")!, title: a.textContent!.trim() })));

    for (const { href, title } of links) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      const html = await res.text();
      expect(html, href).toContain(`data-prerendered="${href}"`);
      expect(html, href).not.toContain("<script>x");
      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} — Leakwarden`);
      // Markdown rendered to structure: sections under the title, no raw Markdown left.
      expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThan(0);
      await expect(page.getByRole("main")).not.toContainText("## ");
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(links[0]!.href);
    await expectAccessible(page);

    const feed = await request.get("/blog/rss.xml");
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain("<rss version=\"2.0\">");
    for (const { href, title } of links) {
      expect(xml).toContain(`<link>${baseURL}${href}</link>`);
      expect(xml).toContain(title.replace(/'/g, "&#39;"));
    }
    expect(xml).not.toContain("leakwarden.invalid");
    expect(consoleErrors).toEqual([]);
  });

  test("an unknown post shows the 404 page", async ({ page }) => {
    await page.goto("/blog/no-such-post");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("contact", () => {
  test("signed out: sentences for bad fields, then the message reaches support with a ticket reference and a copy comes back", async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 900 });
    await openContactForm(page);

    // The field only robots fill in is not offered to people: out of the accessibility tree and the tab order.
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
    await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Choose what your message is about.")).toBeVisible();
    await expect(page.getByText("Write at least 10 characters so that we can help.")).toBeVisible();
    await expect(page.getByText("Enter the email address we should answer.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("What is it about?").selectOption({ label: "Takedown notices" });
    await page.getByLabel("Your message").fill("One of my takedowns has shown 'sent' for ten days. Can you check it?");
    await expect(page.getByText("68 of 5,000 characters")).toBeVisible();
    await page.getByLabel("Your email address").fill("nora-contact@example.com");
    await pauseLikeAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();

    const status = page.getByRole("status");
    await expect(status).toContainText("Message sent");
    const ticket = (await status.locator("strong").textContent())!.trim();
    expect(ticket).toMatch(/^LW-[0-9A-Z]{8}$/);
    await expect(status).toContainText("nora-contact@example.com");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, "contact-sent-375");

    await expect
      .poll(() => outbox().find((m) => m.to.includes("support@leakwarden.localhost") && m.subject.includes(ticket)), { timeout: 20_000 })
      .toBeTruthy();
    const inbox = outbox().find((m) => m.subject.includes(ticket) && m.to.includes("support@"))!;
    expect(inbox.subject).toBe(`[${ticket}] Takedown notices`);
    expect(inbox.text).toMatch(/^Reply-To: nora-contact@example\.com$/m);
    expect(inbox.text).toContain("One of my takedowns has shown 'sent' for ten days.");
    await expect.poll(() => outbox().find((m) => m.to.includes("nora-contact@example.com"))?.subject, { timeout: 20_000 }).toBe(`We received your message [${ticket}]`);
    expect(consoleErrors).toEqual([]);
  });

  test("signed in: her account's address is used, no address asked", async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const creator = await signUpAndConfirm(baseURL!, "ivy-contact@example.com");
    const context = await browser.newContext({ storageState: creator.storageState, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/contact");
    await expect(page.getByText("We will answer at ivy-contact@example.com, the address of your account.")).toBeVisible();
    await expect(page.getByLabel("Your email address")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await page.getByLabel("What is it about?").selectOption({ label: "Plans and billing" });
    await page.getByLabel("Your message").fill("Which plan do I need for daily monitoring?");
    await pauseLikeAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("Message sent");
    const ticket = (await page.getByRole("status").locator("strong").textContent())!.trim();
    await expect.poll(() => outbox().find((m) => m.to.includes("support@") && m.subject.includes(ticket))?.text ?? "", { timeout: 20_000 }).toMatch(/^Reply-To: ivy-contact@example\.com$/m);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
