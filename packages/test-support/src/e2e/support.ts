import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

/**
 * What every journey (e2e/*.spec.ts) checks and captures on its pages: the test with its console
 * check, accessibility and width checks, screenshots, the server's outbox, and the browser
 * contexts a seeded creator is signed in with.
 */

/** Every page: no console errors and no serious accessibility violation. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await use(errors);
    expect(errors, "console errors").toEqual([]);
  },
});
export { expect };

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page fits a phone (375 px) and a desktop (1280 px), and is accessible at both; with `screenshotAs`, a screenshot of each (`NAME-375`, `NAME-1280`). */
export async function checkAtBothWidths(page: Page, screenshotAs?: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    if (screenshotAs) await screenshot(page, `${screenshotAs}-${width}`);
  }
}

/** Screenshots for people to look at: artifacts, never committed. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve("artifacts/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Emails the server wrote to its outbox (embedded mode), decoded. */
export function outbox(): { to: string; subject: string; text: string }[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return { to: /^To: (.*)$/m.exec(raw)?.[1] ?? "", subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "", text };
    });
}

/**
 * The newest link in a mail to `email` whose subject matches and whose address contains `contains`,
 * once it is in the outbox (once `count` such mails are, for a mail sent again).
 */
export async function mailedLink(email: string, subject: RegExp, contains: string, count = 1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = outbox().filter((m) => m.to.includes(email) && subject.test(m.subject));
        if (mails.length < count) return undefined;
        link = mails.at(-1)?.text.match(/https?:\/\/[^\s<>"]+/g)?.find((l) => l.includes(contains));
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** A confirmed account, made through the real sign-up and the emailed confirmation link: `request` holds her session. */
export async function confirmedAccount(request: APIRequestContext, email: string, password: string, baseURL: string | undefined, callbackURL?: string) {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "", ageConfirmed: true, ...(callbackURL ? { callbackURL } : {}) },
    headers: { origin: baseURL ?? "" },
  });
  expect(res.status()).toBe(200);
  const confirm = await request.get(await mailedLink(email, /confirm/i, "verify-email"), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
}

let emailCounter = 0;
/** An address no other run of the journeys has used (the server's database lives on between files, and parallel workers share it). */
export const newEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${emailCounter++}@example.com`;

/** The local fake of Lemon Squeezy's API (e2e/global-setup.ts; playwright.config.ts sets its port). */
export const lemonSqueezyApi = () => `http://127.0.0.1:${process.env.E2E_LEMONSQUEEZY_PORT}`;

/** A billing day as the app writes its dates: "Dec 24, 2026" (UTC). */
export const longDate = (d: Date) => d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Console errors, except the browser's notes about the 4xx answers a journey provokes on purpose. */
export function unexpectedConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Fills the sign-in form and submits it. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await expect(page.getByLabel("Email")).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export interface SignedInOptions {
  width?: number;
  /** Animations at their end state (charts in screenshots). */
  reducedMotion?: BrowserContextOptions["reducedMotion"];
  permissions?: string[];
  /** What the onboarding wizard leaves in the client state when it is finished on this device. */
  onboardingComplete?: boolean;
}

/**
 * A browser signed in as a seeded creator, with the errors its page meets: console errors (the
 * browser's own note about a failed load aside), failed calls with their method and path (the
 * console's line does not carry them), and uncaught exceptions.
 */
export async function signedIn(browser: Browser, creator: { storageState: BrowserContextOptions["storageState"] }, options: SignedInOptions = {}) {
  const context = await browser.newContext({
    storageState: creator.storageState,
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  if (options.onboardingComplete) {
    await context.addInitScript(() => {
      if (!localStorage.getItem("leakwarden-state")) localStorage.setItem("leakwarden-state", JSON.stringify({ state: { onboardingComplete: true }, version: 3 }));
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs the page's browser out through the API. */
export async function signOut(page: Page, baseURL: string | undefined) {
  const res = await page.request.post("/api/auth/sign-out", { headers: { origin: baseURL ?? "" }, data: {} });
  expect(res.status()).toBe(200);
}
