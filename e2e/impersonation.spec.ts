import { addReferencePhoto, authorizeTakedowns, fixtureOrigin, proveOwnership, putFixture, signUpAndConfirm, setIdentities, subscribe, type SeededCreator } from "@leakwarden/test-support/e2e/seed";
import { expect, expectAccessible, expectNoHorizontalScroll, screenshot, signedIn, test } from "@leakwarden/test-support/e2e/support";

// The Impersonator section: a Premium creator checks the platforms (Reddit's public profile and
// posts JSON, served by the fixture web), sees the accounts passing as her with their evidence and
// reports them: one sending fans to a leak site (its report route), one reposting her photo (its
// report route and a DMCA notice of its posts, once her ownership is proven and her authorization
// signed); a creator on the free plan is offered the plans instead.

test.describe.configure({ mode: "serial" });

let ivy: SeededCreator;
let finn: SeededCreator;

test.beforeAll(async ({ baseURL }) => {
  ivy = await signUpAndConfirm(baseURL!, "ivy.impersonated@example.com");
  // Her OnlyFans, and her Reddit account (the profile whose bio proves she is her).
  const profile = await ivy.api.post("/v1/root/update-profile-all", { data: { platforms: { onlyfans: "ivy_moon", reddit: "ivy_moon" }, nicknames: ["Ivy Moon"], allowlist: [], specific: "" } });
  expect(profile.ok()).toBe(true);
  await ivy.api.post("/v1/identities/onboarding-complete");
  await addReferencePhoto(ivy);
  await subscribe(baseURL!, ivy, "premium-monthly");
  finn = await signUpAndConfirm(baseURL!, "finn.free@example.com");
  await setIdentities(finn, { onlyfans: "finn_free" });
  // On "Reddit": an account under a look-alike of her name, sending fans to a leak site;
  await putFixture("/__bio/ivymoon_official", "All my content free here: simpcity.su/threads/ivy-moon.12");
  // one reposting her photo in a gallery, next to someone else's;
  await putFixture("/__bio/ivymoon_vip", "Daily pics");
  await putFixture("/__posts/ivymoon_vip", JSON.stringify([{ title: "beach", images: ["other"] }, { title: "new set", images: ["other", "her"] }]));
  // and a namesake posting only her own photos, with no leak link: not an impersonator.
  await putFixture("/__bio/ivymoon_backup", "hiking and coffee");
  await putFixture("/__posts/ivymoon_backup", JSON.stringify([{ title: "trail", images: ["other"] }]));
});

test("a Premium creator checks, sees the impersonator with its evidence and reports it, at 375px and 1280px", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, errors } = await signedIn(browser, ivy, { width: 375, onboardingComplete: true });
  // Loading: the list's placeholders while the call is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    "**/v1/impersonators",
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.goto("/dashboard/impersonator");
  const section = page.getByRole("region", { name: "Impersonators" });
  await expect(section.getByLabel("Loading impersonators")).toBeVisible();
  release();

  // Empty before the first check.
  await expect(section.getByText("No check yet: start one to look for accounts passing as you.")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "impersonator-empty-375");

  await section.getByRole("button", { name: "Check now" }).click();
  const card = section.getByRole("listitem", { name: "u/ivymoon_official" });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole("status").first()).toContainText("Last checked");
  await expect(card.getByText("Its bio links to SimpCity, a leak site.")).toBeVisible();
  // Names quoted as a person writes them: typographic quotes, never straight ones.
  await expect(card.getByText(/^The handle “ivymoon_official” reads as your name “[^"”]+”\.$/)).toBeVisible();
  await expect(card.getByText("Likely impersonator")).toBeVisible();

  await card.getByRole("button", { name: "Report u/ivymoon_official" }).click();
  await expect(card.getByRole("heading", { name: "Report it to Reddit (u/username)" })).toBeVisible();
  await expect(card.getByRole("link", { name: /report page/ })).toHaveAttribute("href", "https://www.reddit.com/report");
  await expect(card.getByText("Open Reddit’s report form and choose “Impersonation”.")).toBeVisible();
  await expect(card.getByLabel("Account pretending to be you", { exact: true })).toHaveValue("https://www.reddit.com/user/ivymoon_official/");
  await expect(card.getByLabel("Description", { exact: true })).toHaveValue(/pretending to be me/);
  await expect(card.getByText("Reported", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "impersonator-reported-375");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(section.getByRole("listitem", { name: "u/ivymoon_official" }).getByText("Reported", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "impersonator-1280");
  expect(errors).toEqual([]);
  await context.close();
});

test("an account reposting her photo: Report gives the report route and a DMCA notice of its posts once she may send notices, at 375px and 1280px", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page, errors } = await signedIn(browser, ivy, { width: 375, onboardingComplete: true });
  await page.goto("/dashboard/impersonator");
  const section = page.getByRole("region", { name: "Impersonators" });
  const card = section.getByRole("listitem", { name: "u/ivymoon_vip" });
  await expect(card).toBeVisible();
  await expect(card.getByText("One of its posts shows your photos", { exact: false })).toBeVisible();
  const post = `${fixtureOrigin()}/r/u_ivymoon_vip/comments/p111/post_1/`;
  await expect(card.getByRole("list", { name: "Its posts showing your photos" }).getByRole("link")).toHaveText([`${post} (opens in a new tab)`]);
  // The namesake sharing none of her photos is not listed.
  await expect(section.getByRole("listitem", { name: "u/ivymoon_backup" })).toHaveCount(0);

  // Her ownership is not proven yet: the report route, and why no notice went out.
  await card.getByRole("button", { name: "Report u/ivymoon_vip" }).click();
  await expect(card.getByRole("heading", { name: "Report it to Reddit (u/username)" })).toBeVisible();
  await expect(card.getByLabel("Description", { exact: true })).toHaveValue(new RegExp(`Its posts showing my photos:\\n- ${post.replace(/[.?/]/g, "\\$&")}`));
  const dmca = card.getByRole("group", { name: "DMCA takedown of its posts" });
  await expect(dmca.getByTestId("posts-takedown")).toHaveText(/^No DMCA notice was sent for its post showing your photos: Prove that you own/);
  await expect(dmca.getByRole("link", { name: "Prove ownership" })).toHaveAttribute("href", "/dashboard/account#ownership");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "impersonator-posts-not-sent-375");

  // Proven and authorized: Report again sends the notice of the post to the platform.
  await proveOwnership(ivy, "ivy_moon");
  await authorizeTakedowns(ivy, "Ivy Moon");
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole("button", { name: "Report u/ivymoon_vip" }).click();
  await expect(dmca.getByTestId("posts-takedown")).toHaveText("A DMCA notice to Reddit (u/username) for its post showing your photos is on its way: follow it in Takedown Requests.");
  await expect(dmca.getByRole("link", { name: "Open Takedown Requests" })).toHaveAttribute("href", "/dashboard/takedowns");
  await expect(card.getByLabel("Account pretending to be you", { exact: true })).toHaveValue("https://www.reddit.com/user/ivymoon_vip/");
  await expectAccessible(page);
  await screenshot(page, "impersonator-posts-sent-1280");
  const takedowns = (await (await ivy.api.get("/v1/takedowns")).json()) as { items: { url: string }[] };
  expect(takedowns.items.map((t) => t.url)).toEqual([post]);
  await dmca.getByRole("link", { name: "Open Takedown Requests" }).click();
  await expect(page.getByTestId("takedown-row").filter({ hasText: "/r/u_ivymoon_vip/comments/p111/post_1/" })).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});

test("before any check: the section's loading placeholders, then its empty state, axe-clean and without sideways scroll, at 375px and 1280px", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const nell = await signUpAndConfirm(baseURL!, "nell.unchecked@example.com");
  await setIdentities(nell, { onlyfans: "nell_north" });
  await subscribe(baseURL!, nell, "premium-monthly");
  for (const width of [375, 1280]) {
    const { context, page, errors } = await signedIn(browser, nell, { width, onboardingComplete: true });
    // The list call is held on its way, so the loading state stays on screen until it is released.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      "**/v1/impersonators",
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto("/dashboard/impersonator");
    const section = page.getByRole("region", { name: "Impersonators" });
    await expect(section.getByLabel("Loading impersonators")).toBeVisible();
    await expect(section).toHaveAttribute("aria-busy", "true");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `impersonator-loading-${width}`);
    release();

    await expect(section.getByText("No check yet: start one to look for accounts passing as you.")).toBeVisible();
    await expect(section.getByLabel("Loading impersonators")).toHaveCount(0);
    await expect(section).toHaveAttribute("aria-busy", "false");
    await expect(section.getByRole("button", { name: "Check now" })).toBeEnabled();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `impersonator-before-check-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("platforms that show nothing without a login are each named with their own reason, read as sentences, at 375px and 1280px", async ({ browser }) => {
  test.setTimeout(60_000);
  // Her real list, with the reasons the profile readers give for platforms behind a sign-in (one
  // in the catalog's "Reddit (u/username)" spelling, one a bare code from an older record).
  const reasons = [
    { platform: "LoyalFans", reason: "LoyalFans shows this profile only after a login: cannot be checked automatically." },
    { platform: "X", reason: "X sends this profile's address to its home page: nothing of it can be read." },
    { platform: "Reddit (u/username)", reason: "Reddit (u/username) shows nothing of this profile without a login: cannot be checked automatically." },
    { platform: "Fansly", reason: "login_wall" },
  ];
  for (const width of [375, 1280]) {
    const { context, page, errors } = await signedIn(browser, ivy, { width, onboardingComplete: true });
    await page.route("**/v1/impersonators", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { check: { uncheckable: unknown[] } };
      await route.fulfill({ response, json: { ...body, check: { ...body.check, uncheckable: reasons } } });
    });
    await page.goto("/dashboard/impersonator");
    const section = page.getByRole("region", { name: "Impersonators" });
    const group = section.getByRole("group", { name: "Not checked on 4 platforms" });
    await expect(group.getByRole("listitem")).toHaveText([
      "LoyalFans shows this profile only after a login: cannot be checked automatically.",
      "X sends this profile’s address to its home page: nothing of it can be read.",
      "Reddit shows nothing of this profile without a login: cannot be checked automatically.",
      "Fansly shows nothing of a profile without a login, so it cannot be checked automatically.",
    ]);
    await expect(group).not.toContainText("login_wall");
    await expect(section.getByRole("listitem", { name: "u/ivymoon_official" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await group.scrollIntoViewIfNeeded();
    await screenshot(page, `impersonator-uncheckable-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("a creator whose plan has no impersonation monitoring is offered the plans", async ({ browser }) => {
  const { context, page, errors } = await signedIn(browser, finn, { width: 375, onboardingComplete: true });
  await page.goto("/dashboard/impersonator");
  const section = page.getByRole("region", { name: "Impersonators" });
  await expect(section.getByText(/part of the Premium and VIP plans/)).toBeVisible();
  await expect(section.getByRole("button", { name: "Check now" })).toHaveCount(0);
  await expect(section.getByRole("link", { name: "See plans" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  expect(errors).toEqual([]);
  await context.close();
});
