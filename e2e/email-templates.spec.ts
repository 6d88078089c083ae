import { emailSamples } from "@leakwarden/test-support/email-catalog";
import { checkAtBothWidths, expect, test } from "@leakwarden/test-support/e2e/support";

// Every email the server can send (the catalog, kept whole by email-catalog.test.ts), rendered
// from its template with long real-looking values: accessible and without sideways scroll on a
// phone (375 px) and a desktop (1280 px), a screenshot of each in artifacts/screenshots.
// weekly-summary.spec.ts renders the emails a real run wrote; this one also covers those a run
// rarely reaches (autopilot digest, re-upload, impersonator, account deletion, e-mail change,
// TAKE IT DOWN request).

// Static pages, no server: the samples may be shared out among the workers.
test.describe.configure({ mode: "parallel" });

for (const sample of emailSamples().filter((s) => s.email.html)) {
  test(`email "${sample.name}" (${sample.email.subject}): accessible and without sideways scroll at 375 and 1280 px`, async ({ page, consoleErrors }) => {
    await page.setContent(sample.email.html!, { waitUntil: "load" });
    // What the person reads is sentences: no raw value, no code of ours.
    const text = (await page.locator("body").innerText()).replace(/https?:\/\/\S+/g, "");
    expect(text).not.toMatch(/\bundefined\b|\bnull\b|NaN|\[object |\b[a-z]+_[a-z_]+\b/);
    await checkAtBothWidths(page, `email-${sample.name}`);
    expect(consoleErrors).toEqual([]);
  });
}
