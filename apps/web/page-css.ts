import { PurgeCSS } from "purgecss";

/**
 * The rules of the whole stylesheet that a page can use: those whose classes appear in its markup or
 * in the code it runs (menus, dialogs, errors and other states included, as the class names are
 * written out in full in the components).
 */
export async function pageCss(css: string, content: string[]): Promise<string> {
  // Attributes the components set at run time (aria-invalid={…}, aria-expanded={…}): a rule such as
  // .aria-invalid\:border-brand-400[aria-invalid=true] stays whenever its class is used.
  const attributes = [...new Set([...css.matchAll(/\[([a-z][a-z0-9-]*)(?=[\]=~|^$*])/g)].map((m) => m[1]!))];
  const [result] = await new PurgeCSS().purge({
    css: [{ raw: css }],
    content: content.map((raw) => ({ raw, extension: "html" })),
    dynamicAttributes: attributes,
    // The document's own elements: outside the prerendered markup, styled all the same.
    safelist: ["html", "body"],
    // Class names as Tailwind writes them: variants (md:, hover:) and arbitrary values ([350px]) included.
    defaultExtractor: (text) => text.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [],
  });
  return result!.css;
}
