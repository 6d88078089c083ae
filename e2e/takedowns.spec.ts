import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { decodeMail } from "@leakwarden/test-support/mail-parts";
import { fixtureOrigin as fixtureOriginOf, provenPremiumCreator, putFixture, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, signedIn as signedInWith, test } from "@leakwarden/test-support/e2e/support";
import { FIXTURE_DMCA_EMAIL, NOVA_PAGES } from "./global-setup";

// The takedown journey: a Premium creator with a verified profile takes leaks down from the Leaks
// list, signs her agent authorization on the way, then follows the notices in Takedown Requests.
// Leaks come from a real scan of the local fixture web, whose site has a /dmca page with a mailto.

test.describe.configure({ mode: "serial" });

const fixtureOrigin = fixtureOriginOf();
// Her pages may copy text (the notice, the counter-notice's address).
const signedIn = (browser: Browser, creator: SeededCreator, width = 1280) => signedInWith(browser, creator, { width, permissions: ["clipboard-read", "clipboard-write"] });
const LEGAL_NAME = "Nova Elise Lane";
let nova: SeededCreator;

/** The notices the server wrote to its outbox (no SMTP_URL in the journeys), by Message-ID. */
function sentNotices() {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .map((raw) => {
      const { headers, text } = decodeMail(raw);
      const header = (name: string) => headers[name] ?? "";
      return { raw, messageId: header("message-id"), to: header("to"), from: header("from"), subject: header("subject"), text };
    })
    .filter((mail) => mail.messageId.startsWith("<notice-"));
}

const row = (page: Page, pathname: string) => page.locator("tbody tr").filter({ hasText: pathname });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  // She adds the snippet to her Reddit bio and the server checks it; a scan finds her leaks; Premium, as Lemon Squeezy's signed webhook says after her checkout.
  const seeded = await provenPremiumCreator(baseURL!, { email: "nova@example.com", reddit: "nova_lane" });
  nova = seeded.creator;
  expect(seeded.scan.stats.leaksFound).toBe(NOVA_PAGES);

  // The site takes one of the pages down later on: the re-check after the notice sees it gone.
  await putFixture("/__removed/nova/0");
});

test("from the Leaks list: 'Takedown' asks for her authorization once, shows 'Working...', then the takedown's status", async ({ browser }) => {
  test.setTimeout(60_000);
  const { page, context, errors } = await signedIn(browser, nova);
  await page.goto("/dashboard/leaks");
  await expect(page.locator("tbody tr")).toHaveCount(NOVA_PAGES);

  // An uncertain finding cannot be taken down before she confirms it.
  const uncertain = row(page, `/nova/${NOVA_PAGES - 1}`);
  await expect(uncertain.getByText("Needs review")).toBeVisible();
  await uncertain.getByRole("button", { name: /^Takedown finding/ }).click();
  const confirmFirst = page.getByRole("dialog", { name: "Confirm this finding first" });
  await expect(confirmFirst).toContainText("none goes out before you look at the evidence");
  await confirmFirst.getByRole("button", { name: "OK" }).click();
  await expect(confirmFirst).toBeHidden();

  // The first takedown: the authorization comes first, signed with her typed full name.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/v1/takedowns", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const first = row(page, "/nova/0");
  await first.getByRole("button", { name: /^Takedown finding/ }).click();
  const authorize = page.getByRole("dialog", { name: "Authorize us to act for you" });
  await expect(authorize).toBeVisible();
  await expect(authorize.getByTestId("authorization-statement")).toContainText("[your full legal name]");
  // Signing an empty form asks nothing of the server: each field says what it needs.
  await authorize.getByRole("button", { name: "Sign and review the notice" }).click();
  await expect(authorize.getByText("Enter your full legal name.")).toBeVisible();
  await expect(authorize.getByText("Type your full name as your signature.")).toBeVisible();
  await expect(authorize.getByText("Check the box to grant the authorization.")).toBeVisible();
  await expect(authorize.getByLabel(/^Full legal name/)).toHaveAttribute("aria-invalid", "true");
  await authorize.getByLabel(/^Full legal name/).fill(LEGAL_NAME);
  await expect(authorize.getByTestId("authorization-statement")).toContainText(`I, ${LEGAL_NAME}, state that I own the copyright`);
  await expect(authorize.getByTestId("authorization-statement")).toContainText("under 17 U.S.C. § 512(c)(3)");
  await authorize.getByLabel(/^Signature/).fill("Nova Lane");
  await authorize.getByRole("radio", { name: /nova_lane/ }).check();
  await authorize.getByRole("checkbox", { name: /sign it/ }).check();
  await authorize.getByRole("button", { name: "Sign and review the notice" }).click();
  // The server's sentence goes under the field it is about.
  const mismatch = authorize.getByText("Type your full name exactly as above to sign.");
  await expect(mismatch).toBeVisible();
  await expect(authorize.getByLabel(/^Signature/)).toHaveAttribute("aria-invalid", "true");
  await expect(authorize.getByLabel(/^Signature/)).toHaveAttribute("aria-describedby", (await mismatch.getAttribute("id"))!);
  await authorize.getByLabel(/^Signature/).fill(LEGAL_NAME);
  await authorize.getByRole("button", { name: "Sign and review the notice" }).click();
  await expect(authorize).toBeHidden();
  // Still marked New: her confirmation, then the notice exactly as it will go, before it leaves.
  const send = page.getByTestId("send-takedowns");
  await send.getByRole("button", { name: "Yes, it is my content" }).click();
  // The site (at 127.0.0.1) names a mailbox of another domain: nothing goes to it before she confirms it, once.
  const confirmAddress = send.getByRole("region", { name: `Your step: confirm ${FIXTURE_DMCA_EMAIL}` });
  await expect(confirmAddress).toContainText(`names ${FIXTURE_DMCA_EMAIL}, which is not on the site's domain`, { timeout: 15_000 });
  await expect(confirmAddress.getByRole("link", { name: `${fixtureOrigin}/dmca` })).toBeVisible();
  await confirmAddress.getByRole("button", { name: `Confirm ${FIXTURE_DMCA_EMAIL}` }).click();
  await expect(send.getByRole("heading", { name: "1 notice for 1 link" })).toBeVisible({ timeout: 15_000 });
  await expect(send.getByTestId("preview-to")).toHaveText(`${FIXTURE_DMCA_EMAIL} (the site, 127.0.0.1)`);
  await expect(send.getByTestId("preview-links")).toHaveText(`${fixtureOrigin}/nova/0`);
  await send.getByRole("button", { name: "Send 1 notice" }).click();
  await expect(send.getByRole("button", { name: "Sending…" })).toBeVisible();
  await screenshot(page, "takedown-working");
  release();
  await expect(send).toBeHidden();
  await expect(first.getByTestId("takedown-status")).toHaveText(/^(Notice sent|Removed)$/, { timeout: 15_000 });
  await expect(first.getByText(/^(Takedown sent|Removed)$/).first()).toBeVisible();

  // She reviews the uncertain one, confirms it is hers, and takes it down too: no second authorization.
  await uncertain.getByRole("button", { name: /^Review finding/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, this is my content" }).click();
  await expect(uncertain.getByText("Confirmed", { exact: true })).toBeVisible();
  await uncertain.getByRole("button", { name: /^Takedown finding/ }).click();
  await expect(page.getByRole("dialog", { name: "Authorize us to act for you" })).toHaveCount(0);
  await send.getByRole("button", { name: "Send 1 notice" }).click();
  await expect(uncertain.getByTestId("takedown-status")).toHaveText("Notice sent", { timeout: 15_000 });
  await screenshot(page, "takedown-leaks");

  expect(errors).toEqual(["400 PUT /v1/takedowns/authorization"]);
  await context.close();
});

test("Takedown Requests shows the notice as sent, who got it and how they were found, the history, the figures and the delisting package", async ({ browser }) => {
  test.setTimeout(60_000);
  // The removed page is seen gone at the first re-check, seconds after the notice.
  await expect
    .poll(
      async () =>
        ((await (await nova.api.get("/v1/takedowns")).json()) as { items: { url: string; status: string; lastCheckAt: string | null }[] }).items
          .map((t) => `${new URL(t.url).pathname}:${t.status}:${t.lastCheckAt ? "checked" : "waiting"}`)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(["/nova/0:removed:checked", `/nova/${NOVA_PAGES - 1}:sent:checked`]);

  const { page, context, errors } = await signedIn(browser, nova);
  await page.goto("/dashboard/takedowns");
  await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText("Takedown Requests");
  await expect(page.getByTestId("authorization-summary")).toContainText(`Signed by ${LEGAL_NAME}`);
  await expect(page.getByTestId("authorization-summary")).toContainText("Notices name nova_lane as the copyright owner");

  // Measured figures: removals and delistings apart; no rate before a notice is 7 days old.
  await expect(page.getByTestId("figure-notices")).toHaveText("2");
  await expect(page.getByTestId("figure-removed")).toHaveText("1");
  await expect(page.getByTestId("figure-median")).toHaveText("< 1 hour");
  await expect(page.getByTestId("figure-rate")).toHaveText("—");
  await expect(page.getByText("measured once a notice is 7 days old")).toBeVisible();
  await expect(page.getByTestId("figure-delisted")).toHaveText("0");
  await expect(page.getByTestId("overall-figures")).toContainText(/Across all Leakwarden creators: \d+ notices sent, \d+ links? removed by the site or host/);

  const rows = page.getByTestId("takedown-row");
  await expect(rows).toHaveCount(2);
  const removed = rows.filter({ hasText: "/nova/0" });
  await expect(removed.getByTestId("takedown-status")).toHaveText("Removed");
  const open = rows.filter({ hasText: `/nova/${NOVA_PAGES - 1}` });
  await expect(open.getByTestId("takedown-status")).toHaveText("Notice sent");

  // The notice preview: exactly the text that was sent, to the site's own DMCA address.
  await open.getByRole("button", { name: /^Details/ }).click();
  await expect(open.getByTestId("notice-to")).toContainText(`${FIXTURE_DMCA_EMAIL} (the site, 127.0.0.1)`);
  await expect(open.getByTestId("recipients")).toContainText(`Found on the site's own page: ${fixtureOrigin}/dmca`);
  const messageId = (await open.getByText(/^<notice-/).textContent())!;
  const sent = sentNotices().find((n) => n.messageId === messageId);
  expect(sent, `an .eml with Message-ID ${messageId}`).toBeDefined();
  expect(sent!.to).toBe(FIXTURE_DMCA_EMAIL);
  expect(sent!.from).toContain("Leakwarden Copyright Agent");
  await expect(open.getByTestId("notice-subject")).toHaveText(sent!.subject);
  const preview = (await open.getByTestId("notice-text").textContent())!;
  expect(preview.trimEnd()).toBe(sent!.text.replace(/\r\n/g, "\n").trimEnd());
  expect(preview).toContain(`${fixtureOrigin}/nova/${NOVA_PAGES - 1}`);
  expect(preview).toContain("Copyright owner: nova_lane");
  expect(preview).toContain("https://www.reddit.com/user/nova_lane/");
  expect(preview).toContain("under penalty of perjury");
  expect(sent!.raw).not.toContain(LEGAL_NAME);
  const history = open.getByTestId("history");
  await expect(history).toContainText("Takedown requested");
  await expect(history).toContainText(`Found the site: ${FIXTURE_DMCA_EMAIL}`);
  await expect(history).toContainText(`Notice sent to ${FIXTURE_DMCA_EMAIL}`);
  await expect(history).toContainText("Still up");

  await removed.getByRole("button", { name: /^Details/ }).click();
  await expect(removed.getByTestId("history")).toContainText("The link is down: the page answers HTTP 404");

  // The delisting package: only the link still up, its fields ready to copy, a bulk list, 'mark as submitted'.
  const delisting = page.getByRole("region", { name: "Search delisting" });
  const google = delisting.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Google" }) });
  await expect(google.getByLabel("Copyright owner", { exact: true })).toHaveValue("nova_lane");
  await expect(google.getByLabel("Authorized example URLs", { exact: true })).toHaveValue("https://www.reddit.com/user/nova_lane/");
  await expect(google.getByLabel("Infringing URLs", { exact: true })).toHaveValue(`${fixtureOrigin}/nova/${NOVA_PAGES - 1}`);
  await expect(google.getByLabel("Description of the work", { exact: true })).toHaveValue(/^Original photographs and videos created by nova_lane, who owns their copyright, and published by her on her own profile: https:\/\/www\.reddit\.com\/user\/nova_lane\/\./);
  await expect(google.getByRole("link", { name: "Download the URL list (1)" })).toHaveAttribute("href", `data:text/plain;charset=utf-8,${encodeURIComponent(`${fixtureOrigin}/nova/${NOVA_PAGES - 1}\n`)}`);
  await google.getByRole("button", { name: "Copy infringing urls" }).click();
  await expect(google.getByRole("button", { name: "Copied infringing urls" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${fixtureOrigin}/nova/${NOVA_PAGES - 1}`);
  await google.getByRole("button", { name: "Mark as submitted" }).click();
  await expect(google.getByRole("button", { name: "Submitted to Google" })).toBeDisabled();
  await expect(page.getByTestId("figure-delisted")).toHaveText("1");
  await expect(page.getByTestId("figure-removed")).toHaveText("1");

  await expectAccessible(page);
  await screenshot(page, "takedown-requests");
  expect(errors).toEqual([]);
  await context.close();
});

test("Takedown Requests fits a 375px screen and stays accessible with a notice open", async ({ browser }) => {
  const { page, context, errors } = await signedIn(browser, nova, 375);
  await page.goto("/dashboard/takedowns");
  const rows = page.getByTestId("takedown-row");
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole("button", { name: /^Details/ }).click();
  await expect(rows.first().getByTestId("notice-text")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "takedown-requests-375");
  expect(errors).toEqual([]);
  await context.close();
});

test("a TAKE IT DOWN request goes out from the Leaks list once she confirms the statement, and Takedown Requests shows its 48 hours", async ({ browser }) => {
  test.setTimeout(60_000);
  const { page, context, errors } = await signedIn(browser, nova);
  await page.goto("/dashboard/leaks");
  const leak = row(page, "/nova/1");
  await leak.getByRole("button", { name: /^TAKE IT DOWN request for finding/ }).click();
  const dialog = page.getByRole("dialog", { name: "TAKE IT DOWN Act request" });
  await expect(dialog.getByTestId("attestation-text")).toContainText("published at these links without my consent");
  await expect(dialog.getByRole("radio", { name: "A TAKE IT DOWN request and a DMCA notice" })).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Confirm the statement");
  await expect(dialog.getByRole("checkbox", { name: /published at these links without my consent/ })).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("checkbox", { name: /published at these links without my consent/ }).check();
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog).toBeHidden();
  // The request and the notice as they will go, both to the site, before they leave.
  const send = page.getByTestId("send-takedowns");
  await send.getByRole("button", { name: "Yes, it is my content" }).click();
  await expect(send.getByRole("heading", { name: "2 notices for 1 link" })).toBeVisible({ timeout: 15_000 });
  await send.getByRole("button", { name: "Send 2 notices" }).click();
  await expect(send).toBeHidden();
  await expect(leak.getByTestId("takedown-status")).toHaveText(/^(Notice sent|Removed)$/, { timeout: 15_000 });

  const request = sentNotices().find((n) => n.subject.startsWith("TAKE IT DOWN Act removal request") && n.text.includes(`${fixtureOrigin}/nova/1`));
  expect(request, "the TAKE IT DOWN request in the outbox").toBeDefined();
  expect(request!.to).toBe(FIXTURE_DMCA_EMAIL);
  expect(request!.text).toContain("Electronic signature: /s/ Leakwarden Copyright Agent, authorized agent for nova_lane");
  expect(request!.text).toContain("I have a good-faith belief that the intimate visual depiction of nova_lane at the locations listed above was published without her consent.");
  expect(request!.raw).not.toContain(LEGAL_NAME);

  // The request's 48 hours start once it is recorded as sent (just after the .eml is written).
  await expect
    .poll(async () => ((await (await nova.api.get("/v1/takedowns")).json()) as { items: { url: string; removalDeadline: unknown }[] }).items.find((t) => t.url.endsWith("/nova/1"))?.removalDeadline ?? null, { timeout: 15_000 })
    .not.toBeNull();
  await page.goto("/dashboard/takedowns");
  const takedown = page.getByTestId("takedown-row").filter({ hasText: "/nova/1" });
  await takedown.getByRole("button", { name: /^Details/ }).click();
  await expect(takedown.getByTestId("removal-deadline")).toContainText(/Under the TAKE IT DOWN Act the site must remove it by .* \((4[78]) hours left\)/);
  await expect(takedown.getByTestId("notice-subject").first()).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();
});
