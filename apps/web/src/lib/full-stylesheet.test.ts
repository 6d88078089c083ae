import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The stylesheet links the code adds, kept out of the document so that the test decides when they
// load or fail (the test DOM loads no CSS files).
let added: HTMLLinkElement[] = [];

beforeEach(() => {
  vi.resetModules();
  added = [];
  vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLLinkElement[]));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("the whole stylesheet of a prerendered page", () => {
  it("is not loaded while the app stays on the prerendered page, and loaded once when it leaves", async () => {
    document.head.innerHTML = '<meta name="full-stylesheet" content="/assets/index-abc.css">';
    document.body.innerHTML = '<div id="root" data-prerendered="/signin"></div>';
    const { stylesReadyFor, loadFullStylesheet } = await import("./full-stylesheet");

    expect(stylesReadyFor("/signin")).toBe(true);
    expect(added).toHaveLength(0);

    expect(stylesReadyFor("/onboardings")).toBe(false);
    expect(added).toHaveLength(1);
    expect(added[0]!.rel).toBe("stylesheet");
    expect(added[0]!.getAttribute("href")).toBe("/assets/index-abc.css");

    const loaded = loadFullStylesheet();
    expect(stylesReadyFor("/pricing")).toBe(false);
    expect(added).toHaveLength(1);
    added[0]!.dispatchEvent(new Event("load"));
    await loaded;
    expect(stylesReadyFor("/onboardings")).toBe(true);
  });

  it("does not hold the app back when the sheet fails to load", async () => {
    document.head.innerHTML = '<meta name="full-stylesheet" content="/assets/missing.css">';
    document.body.innerHTML = '<div id="root" data-prerendered="/"></div>';
    const { stylesReadyFor, loadFullStylesheet } = await import("./full-stylesheet");
    expect(stylesReadyFor("/pricing")).toBe(false);
    added[0]!.dispatchEvent(new Event("error"));
    await loadFullStylesheet();
    expect(stylesReadyFor("/pricing")).toBe(true);
  });

  it("is ready at once on a page opened through the shell, which links the whole sheet itself", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { stylesReadyFor } = await import("./full-stylesheet");
    expect(stylesReadyFor("/dashboard")).toBe(true);
    expect(added).toHaveLength(0);
  });
});
