import fs from "node:fs";
import path from "node:path";
import { request, type Browser, type Page } from "@playwright/test";
import { subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { decodeMail } from "@leakwarden/test-support/mail-parts";
import { confirmRecipient, deliverWebhook, fixtureOrigin, putFixture, runScan, signUpAndConfirm, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { FIXTURE_DMCA_EMAIL } from "./global-setup";
import { checkAtBothWidths, expect, expectAccessible, expectNoHorizontalScroll, outbox, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";

// A creator who never opened her alert settings: the defaults tell her of new leaks (at most an
// email an hour) and send her a weekly summary, time driven through the server's test clock
// (TEST_CLOCK_CONTROL, playwright.config.ts). The clock only moves forward, by the week the
// summary needs. Then every email the run wrote, read from the outbox's HTML part, at 375 and 1280 px.

const DAY = 24 * 3_600_000;
let nova: SeededCreator;
test.describe.configure({ mode: "serial" });

/** Her browser with her API client's cookies as they are now (changing her password renews her session). */
const signedInNow = async (browser: Browser, creator: SeededCreator, width = 1280) =>
  signedIn(browser, { storageState: await creator.api.storageState() }, { width, reducedMotion: "reduce" });

const mailsTo = (email: string, subject: RegExp) => outbox().filter((m) => m.to.includes(email) && subject.test(m.subject));

test("a creator who never touched alerts gets the new-leak email, then the weekly summary with links into her dashboard", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  nova = await signUpAndConfirm(baseURL!, `summary-nova-${Date.now()}@example.com`);
  // Her Reddit profile (the fixture web's), which she proves is hers below, for a takedown. Another
  // journey's creator proves u/nova_lane (a handle has one owner): hers is spelled as the pages name her.
  const profile = await nova.api.post("/v1/root/update-profile-all", { data: { platforms: { reddit: "nova-lane" }, nicknames: ["Nova Summary"], allowlist: [], specific: "" } });
  expect(profile.ok()).toBe(true);
  await nova.api.post("/v1/identities/onboarding-complete");
  const scan = await runScan(nova);
  const found = scan.stats.leaksFound;
  expect(found).toBeGreaterThan(0);

  // The new-leak email: the first one goes at once (the next ones at most one an hour).
  await expect.poll(() => mailsTo(nova.email, /new leaks? found$/).length, { timeout: 30_000 }).toBe(1);
  const alert = mailsTo(nova.email, /new leaks? found$/)[0]!;
  expect(alert.subject).toBe(found === 1 ? "1 new leak found" : `${found} new leaks found`);
  expect(alert.text).toContain(`Your latest scan found ${found === 1 ? "a new link" : `${found} new links`} to your content`);
  expect(alert.text).toContain(`${fixtureOrigin()}/nova/`);
  expect(alert.text).toContain(`${baseURL}/dashboard/leaks`);

  // Her alert rules are the defaults she never changed: a weekly summary, due in a week.
  const rules = (await (await nova.api.get("/v1/alerts")).json()) as { digest: string; nextDigestAt: string | null };
  expect(rules.digest).toBe("weekly");
  expect(rules.nextDigestAt).not.toBeNull();
  expect(mailsTo(nova.email, /summary/i)).toHaveLength(0);

  // A week on: the summary says what was found, sent, removed and is still up.
  const moved = await nova.api.post("/__test/clock", { data: { advanceMs: 7 * DAY + 60_000 } });
  expect(moved.status()).toBe(200);
  await expect.poll(() => mailsTo(nova.email, /^Weekly summary/).length, { timeout: 60_000 }).toBe(1);
  const summary = mailsTo(nova.email, /^Weekly summary/)[0]!;
  expect(summary.subject).toBe(`Weekly summary: ${found === 1 ? "1 new leak" : `${found} new leaks`}`);
  expect(summary.text).toContain(`${found} link${found === 1 ? "" : "s"} to your content found, 0 takedowns sent, 0 links removed;`);
  expect(summary.text).toMatch(/\d+ links? (is|are) still up\./);
  for (const section of ["leaks", "takedowns"]) expect(summary.text).toContain(`${baseURL}/dashboard/${section}`);
  // No second new-leak email: nothing new was found.
  expect(mailsTo(nova.email, /new leaks? found$/)).toHaveLength(1);

  // Its links open her dashboard, with the leaks it counted.
  const { page, context, errors } = await signedInNow(browser, nova);
  const leaksLink = summary.text.match(/https?:\/\/[^\s<>"]+\/dashboard\/leaks\b/)![0];
  await page.goto(leaksLink);
  await expect(page).toHaveURL(/\/dashboard\/leaks$/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(await page.locator("tbody tr").count()).toBeGreaterThanOrEqual(found);
  expect(errors).toEqual([]);
  await context.close();
});

function emails(): { subject: string; html: string | undefined }[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      return { subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "", html: decodeMail(raw).html || undefined };
    });
}

async function checkEmail(page: Page, html: string, name: string) {
  await page.setContent(html, { waitUntil: "load" });
  await checkAtBothWidths(page, `email-${name}`);
}

test("every email template the run wrote, from its HTML part: accessible and without sideways scroll at 375 and 1280 px", async ({ page, baseURL, consoleErrors }) => {
  test.setTimeout(240_000);
  // A takedown that succeeds: she proves her profile, is on Premium, signs her authorization,
  // sends a notice for one leak, and the site takes the page down before the re-check.
  const identities = (await (await nova.api.get("/v1/identities")).json()) as { snippet: string };
  await putFixture("/__bio/nova-lane", identities.snippet);
  expect(((await (await nova.api.get("/v1/root/get-bio")).json()) as { isverified: boolean }).isverified).toBe(true);
  const session = (await (await nova.api.get("/api/auth/get-session")).json()) as { user: { id: string } };
  const delivered = await deliverWebhook(
    baseURL!,
    subscriptionEvent("subscription_created", { subscriptionId: "9501", userId: session.user.id, email: nova.email, variantId: TEST_VARIANTS["premium-monthly"], status: "active", updatedAt: new Date() }),
  );
  expect(delivered.body).toMatchObject({ outcome: "applied" });
  const signed = await nova.api.put("/v1/takedowns/authorization", { data: { fullName: "Nova Lane Summary", signature: "Nova Lane Summary", agree: true } });
  expect(signed.ok()).toBe(true);
  const leaks = ((await (await nova.api.get("/v1/leaks")).json()) as { items: { id: string; url: string; confidence: string }[] }).items;
  const target = leaks.find((l) => l.confidence === "high")!;
  await putFixture(`/__removed${new URL(target.url).pathname}`);
  await confirmRecipient(nova, FIXTURE_DMCA_EMAIL, target.id);
  const sent = await nova.api.post("/v1/takedowns", { data: { leakIds: [target.id] } });
  expect(sent.status()).toBe(202);
  await expect.poll(() => mailsTo(nova.email, /^A takedown succeeded$/).length, { timeout: 60_000 }).toBe(1);

  // The emails this journey has not written yet: a password reset and the account deletion's.
  const reset = await nova.api.post("/api/auth/request-password-reset", { data: { email: nova.email, redirectTo: `${baseURL}/reset-password` } });
  expect(reset.ok()).toBe(true);
  const other = await signUpAndConfirm(baseURL!, `summary-leaving-${Date.now()}@example.com`);
  const asked = await other.api.post("/v1/account/deletion", { data: { password: other.password } });
  expect(asked.status()).toBe(200);
  await expect.poll(() => mailsTo(other.email, /will be deleted in 7 days/).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => mailsTo(nova.email, /Reset your Leakwarden password/).length, { timeout: 30_000 }).toBe(1);
  const changed = await nova.api.post("/api/auth/change-password", { data: { currentPassword: nova.password, newPassword: "a-newer-pass", revokeOtherSessions: false } });
  expect(changed.ok()).toBe(true);
  await expect.poll(() => mailsTo(nova.email, /password was changed/).length, { timeout: 30_000 }).toBe(1);

  // Signing in cancels the deletion (and says so); a second sign-up with a used address warns its owner.
  const back = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await back.post("/api/auth/sign-in/email", { data: { email: other.email, password: other.password } })).ok()).toBe(true);
  await back.dispose();
  await expect.poll(() => mailsTo(other.email, /deletion was cancelled/).length, { timeout: 30_000 }).toBe(1);
  const again = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await again.post("/api/auth/sign-up/email", { data: { email: other.email, password: "another-pass", name: "", ageConfirmed: true } });
  await again.dispose();
  await expect.poll(() => mailsTo(other.email, /tried to sign up/).length, { timeout: 30_000 }).toBe(1);

  const templates: [name: string, subject: RegExp][] = [
    ["signup-existing", /^Someone tried to sign up to Leakwarden with your email$/],
    ["deletion-cancelled", /^Your Leakwarden account deletion was cancelled$/],
    ["confirmation", /^Confirm your email for Leakwarden$/],
    ["reset", /^Reset your Leakwarden password$/],
    ["new-leaks", /new leaks? found$/],
    ["weekly-summary", /^Weekly summary/],
    ["deletion-scheduled", /will be deleted in 7 days/],
    ["takedown-succeeded", /^A takedown succeeded$/],
    ["password-changed", /^Your Leakwarden password was changed$/],
    // The notice itself, to the site's copyright agent.
    ["dmca-notice", /^DMCA notice of copyright infringement/],
  ];
  const all = emails();
  for (const [name, subject] of templates) {
    const mail = all.find((m) => subject.test(m.subject));
    expect(mail, `an email for ${name}`).toBeDefined();
    expect(mail!.html, `${name} has an HTML part`).toBeTruthy();
    await checkEmail(page, mail!.html!, name);
  }
  expect(consoleErrors).toEqual([]);
});

test("settings and ownership proof, for a creator with data, at 375 and 1280 px: accessible, no sideways scroll, no console errors", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const width of [375, 1280]) {
    const { page, context, errors } = await signedInNow(browser, nova, width);
    for (const [path, heading, name] of [
      ["/settings", /settings/i, "settings"],
      ["/verify", "Prove you own your accounts", "verify"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await screenshot(page, `${name}-${width}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});
