import { expect, expectAccessible, expectNoHorizontalScroll, test } from "@leakwarden/test-support/e2e/support";

test("the server is healthy", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", db: "ok" });
});

test("an unknown route shows the 404 page with a way home", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(consoleErrors).toEqual([]);
});

test("unknown API paths answer 404 in the error shape", async ({ request }) => {
  for (const p of ["/v1/nope", "/api/nope"]) {
    const res = await request.get(p);
    expect(res.status()).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
  }
});
