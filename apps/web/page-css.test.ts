import { describe, expect, it } from "vitest";
import { pageCss } from "./page-css";

// Shaped as the build writes Tailwind's output: layers, variants flattened into plain selectors.
const css = `
@layer base { *, ::before { box-sizing: border-box; } body { margin: 0; } }
@layer utilities {
  .flex { display: flex; }
  .grid { display: grid; }
  @media (width >= 48rem) { .md\\:hidden { display: none; } }
  @media (hover: hover) { .hover\\:bg-white\\/10:hover { background-color: #ffffff1a; } }
  .max-w-\\[350px\\] { max-width: 350px; }
  .aria-expanded\\:rotate-180[aria-expanded="true"] { rotate: 180deg; }
  .aria-invalid\\:border-brand-400[aria-invalid=true] { border-color: #fb7185; }
  .text-dashboard-only { color: red; }
}
`;

describe("a prerendered page's styles", () => {
  it("keep the rules its markup and its code use, variants and arbitrary values included, and drop the rest", async () => {
    const html = '<div id="root"><nav class="flex md:hidden">menu</nav></div>';
    const code = 'const open="max-w-[350px] hover:bg-white/10 aria-invalid:border-brand-400";function A(){return jsx("button",{className:`aria-expanded:rotate-180 ${x}`})}';
    const out = await pageCss(css, [html, code]);
    for (const kept of [".flex", ".md\\:hidden", ".hover\\:bg-white\\/10", ".max-w-\\[350px\\]", ".aria-expanded\\:rotate-180", ".aria-invalid\\:border-brand-400", "box-sizing", "body"]) {
      expect(out).toContain(kept);
    }
    expect(out).not.toContain(".grid");
    expect(out).not.toContain("text-dashboard-only");
  });
});
