import type { Page } from "@playwright/test";
import { fixtureOrigin as fixtureOriginOf, provenPremiumCreator, putFixture, runScan, authorizeTakedowns, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, outbox, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";
import { FIXTURE_DMCA_EMAIL, isIvyReviewPage, IVY_PAGES } from "./global-setup";

// Review before a notice, in bulk, and the autopilot: a Premium creator with a verified profile
// and a signed authorization selects ten leaks and sends them after reading the notice as it will
// go; then she turns the autopilot on, a new leak appears on the (fixture) web, and a scan finds
// it: it is sent without her click and listed in the autopilot's digest email.

test.describe.configure({ mode: "serial" });

const fixtureOrigin = fixtureOriginOf();
let ivy: SeededCreator;
const highPages = Array.from({ length: IVY_PAGES }, (_, i) => i).filter((i) => !isIvyReviewPage(i));

/** Notices in the outbox (Message-ID <notice-…>), with the links they name. */
const notices = () => outbox().filter((m) => /^Message-ID:\s*<notice-/im.test(m.text));
const row = (page: Page, pathname: string) => page.locator("tbody tr").filter({ has: page.locator(`a[href="${fixtureOrigin}${pathname}"]`) });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  // The scan onboarding starts (free): the manual one stays for later.
  const seeded = await provenPremiumCreator(baseURL!, { email: "ivy@example.com", reddit: "ivy_quinn", scan: "onboarding" });
  ivy = seeded.creator;
  expect(seeded.scan.stats.leaksFound).toBe(IVY_PAGES);
  await authorizeTakedowns(ivy, "Ivy Rose Quinn");
});

test("the leaks list selects ten leaks and sends them in one action, grouped per recipient, after the preview", async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context, errors } = await signedIn(browser, ivy);
  await page.goto("/dashboard/leaks");
  await expect(page.locator("tbody tr")).toHaveCount(IVY_PAGES);

  // An uncertain finding cannot be selected before she reviews it.
  await expect(row(page, "/ivy/5").getByRole("checkbox")).toBeDisabled();
  const chosen = highPages.slice(0, 10);
  for (const i of chosen) await row(page, `/ivy/${i}`).getByRole("checkbox", { name: /^Select finding/ }).check();
  const selection = page.getByRole("region", { name: "Selected leaks" });
  await expect(selection).toContainText("10 leaks selected");
  await selection.getByRole("button", { name: "Take down 10 selected" }).click();

  // They are still marked New: her confirmation first.
  const dialog = page.getByTestId("send-takedowns");
  await expect(dialog.getByRole("heading", { name: "Confirm these findings first" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Findings marked New" }).getByRole("listitem")).toHaveCount(10);
  await dialog.getByRole("button", { name: "Yes, they are my content" }).click();
  // The site names a mailbox outside its domain: she confirms it once for all ten links.
  await dialog.getByRole("button", { name: `Confirm ${FIXTURE_DMCA_EMAIL}` }).click({ timeout: 20_000 });

  // The notice exactly as it will go: one recipient, ten links.
  await expect(dialog.getByRole("heading", { name: "1 notice for 10 links" })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId("preview-to")).toHaveText(`${FIXTURE_DMCA_EMAIL} (the site, 127.0.0.1)`);
  await expect(dialog.getByTestId("preview-links").getByRole("listitem")).toHaveCount(10);
  await dialog.getByText("Read the notice").click();
  const text = dialog.getByTestId("preview-text");
  for (const i of chosen) await expect(text).toContainText(`${fixtureOrigin}/ivy/${i}`);
  await expect(text).toContainText("Copyright owner: ivy_quinn");
  await expect(text).not.toContainText(`${fixtureOrigin}/ivy/${highPages[10]}`);
  expect(notices().filter((n) => n.text.includes("/ivy/"))).toHaveLength(0);
  await expectAccessible(page);
  await screenshot(page, "bulk-takedown-preview");

  await dialog.getByRole("button", { name: "Send 1 notice" }).click();
  await expect(dialog).toBeHidden();
  // The toast counts the rows: one notice for the ten links, once it went out.
  await expect(page.getByText("1 notice sent for 10 links.")).toBeVisible({ timeout: 30_000 });
  await expect(selection).toBeHidden();

  // One notice to the site's DMCA address carrying the ten links: the text she read.
  await expect.poll(() => notices().filter((n) => n.to.includes(FIXTURE_DMCA_EMAIL) && n.text.includes("/ivy/")).length, { timeout: 30_000 }).toBe(1);
  const sent = notices().find((n) => n.text.includes("/ivy/"))!;
  for (const i of chosen) expect(sent.text).toContain(`${fixtureOrigin}/ivy/${i}`);
  expect(sent.text).not.toContain(`${fixtureOrigin}/ivy/${highPages[10]}`);
  for (const i of chosen) await expect(row(page, `/ivy/${i}`).getByTestId("takedown-status")).toHaveText(/^(Notice sent|Removed)$/, { timeout: 20_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test("the leaks list with a selection, and the preview, fit a 375px screen", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, ivy, { width: 375 });
  await page.goto("/dashboard/leaks");
  await row(page, `/ivy/${highPages[10]}`).getByRole("checkbox", { name: /^Select finding/ }).check();
  await page.getByRole("button", { name: "Take down 1 selected" }).click();
  const dialog = page.getByTestId("send-takedowns");
  await expect(dialog.getByRole("heading", { name: "Confirm these findings first" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "bulk-takedown-375");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test("autopilot on: a new high-confidence leak on the web is sent without a click and listed in the digest; an uncertain one waits", async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context, errors } = await signedIn(browser, ivy);
  await page.goto("/dashboard/takedowns");
  const panel = page.getByTestId("autopilot-panel");
  await expect(panel.getByTestId("autopilot-state")).toHaveText("Off");
  await expect(panel.getByRole("switch", { name: /Leak sites/ })).not.toBeChecked();
  await panel.getByRole("switch", { name: /Leak sites/ }).check();
  await expect(panel.getByTestId("autopilot-state")).toHaveText("On for leak sites");
  await expect(panel).toContainText("takedowns a month (10 used)");
  await expectAccessible(page);
  await screenshot(page, "autopilot-on");

  // Two new pages appear on the web: a certain leak and an uncertain thread; the next scan finds them.
  const before = notices().length;
  await putFixture(`/__pages/ivy/${IVY_PAGES + 2}`);
  const scan = await runScan(ivy);
  expect(scan.stats.leaksFound).toBe(IVY_PAGES + 2);
  const fresh = `${fixtureOrigin}/ivy/${IVY_PAGES}`;
  const uncertain = `${fixtureOrigin}/ivy/${IVY_PAGES + 1}`;

  await expect.poll(() => notices().filter((n) => n.text.includes(fresh)).length, { timeout: 60_000 }).toBe(1);
  const digests = () => outbox().filter((m) => m.to.includes(ivy.email) && m.subject.startsWith("Autopilot"));
  await expect.poll(() => digests().length, { timeout: 60_000 }).toBe(1);
  const digest = digests()[0]!;
  expect(digest.subject).toBe("Autopilot sent 1 takedown");
  expect(digest.text).toContain(fresh);
  expect(digest.text).toContain("/dashboard/takedowns");
  // Only that one: the uncertain finding, and the one she had left before turning it on, wait for her.
  const leftBefore = new RegExp(`/ivy/${highPages[10]}(?!\\d)`);
  expect(notices().slice(before).some((n) => n.text.includes(uncertain) || leftBefore.test(n.text))).toBe(false);
  expect(digest.text).not.toContain(uncertain);

  await page.goto("/dashboard/leaks");
  await expect(row(page, `/ivy/${IVY_PAGES}`).getByTestId("takedown-status")).toHaveText(/^(Notice sent|Removed)$/, { timeout: 20_000 });
  await expect(row(page, `/ivy/${IVY_PAGES + 1}`).getByText("Needs review")).toBeVisible();
  await expect(row(page, `/ivy/${highPages[10]}`).getByRole("button", { name: /^Takedown finding/ })).toBeVisible();

  await page.goto("/dashboard/takedowns");
  await expect(page.getByTestId("autopilot-panel")).toContainText("The autopilot has sent notices for 1 link so far.");
  expect(errors).toEqual([]);
  await context.close();
});

test("the Autopilot panel fits a 375px screen", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, ivy, { width: 375 });
  await page.goto("/dashboard/takedowns");
  await expect(page.getByTestId("autopilot-state")).toHaveText("On for leak sites");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "autopilot-375");
  expect(errors).toEqual([]);
  await context.close();
});
