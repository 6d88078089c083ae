import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin } from "vite";
import { blog } from "./blog.ts";
import { pageCss } from "./page-css.ts";

/** Route modules each prerendered page needs before hydrating: preloaded with <link rel="modulepreload">. */
const pageModules: Record<string, string[]> = {
  "/pricing": ["src/app/routes/app-layout.tsx", "src/app/routes/pricing.tsx"],
  "/terms": ["src/app/routes/app-layout.tsx", "src/app/routes/terms.tsx"],
  "/privacy": ["src/app/routes/app-layout.tsx", "src/app/routes/privacy.tsx"],
  "/signin": ["src/app/routes/app-layout.tsx", "src/app/routes/signin.tsx"],
  "/signup": ["src/app/routes/app-layout.tsx", "src/app/routes/signup.tsx"],
  "/contact": ["src/app/routes/app-layout.tsx", "src/app/routes/contact.tsx"],
  "/about": ["src/app/routes/app-layout.tsx", "src/app/routes/about.tsx"],
  "/blog": ["src/app/routes/app-layout.tsx", "src/app/routes/blog.tsx"],
  "/onlyfans": ["src/app/routes/app-layout.tsx", "src/app/routes/platform.tsx"],
  "/fansly": ["src/app/routes/app-layout.tsx", "src/app/routes/platform.tsx"],
  "/chaturbate": ["src/app/routes/app-layout.tsx", "src/app/routes/platform.tsx"],
  "/reddit": ["src/app/routes/app-layout.tsx", "src/app/routes/platform.tsx"],
};
/** Every blog post's page (/blog/<slug>). */
const blogPostModules = ["src/app/routes/app-layout.tsx", "src/app/routes/blog.tsx"];

const compressible = /\.(html|js|css|svg|json|txt|webmanifest)$/;

function escapeHtml(s: string) {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * After the client build: renders the public pages to HTML (dist/index.html is the landing page,
 * dist/<page>/index.html the others), keeps an empty shell for every other route (dist/shell.html),
 * and writes brotli and gzip copies of the text assets for the server to send as they are.
 */
export function prerender(): Plugin {
  let root = "";
  let outDir = "";
  // source module (relative to root) → the chunk files it needs
  const chunksOf = new Map<string, string[]>();

  return {
    name: "leakwarden-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      for (const chunk of chunks) {
        if (!chunk.facadeModuleId) continue;
        const rel = path.relative(root, chunk.facadeModuleId).split(path.sep).join("/");
        chunksOf.set(rel, [...closure(chunk.fileName)]);
      }
    },
    async closeBundle() {
      const template = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
      if (!template.includes('<div id="root"></div>')) throw new Error("prerender: index.html has no empty #root");
      fs.writeFileSync(path.join(outDir, "shell.html"), template);
      // The prerendered pages carry their own styles (pageCss) inline: one round trip less before the first paint.
      const cssLink = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(template);
      if (!cssLink) throw new Error("prerender: index.html links no stylesheet");
      const fullCss = fs.readFileSync(path.join(outDir, cssLink[1]!), "utf8");
      const entryChunks = new Set([...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
      const CSS_PLACEHOLDER = "<!--page-css-->";
      // Other pages' styles load when the app first leaves this page (src/lib/full-stylesheet.ts).
      const pageTemplate = template.replace(cssLink[0], () => `<meta name="full-stylesheet" content="/${cssLink[1]}">${CSS_PLACEHOLDER}`);

      const server = await createServer({
        root,
        configFile: false,
        logLevel: "error",
        appType: "custom",
        plugins: [react(), blog()],
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const mod = (await server.ssrLoadModule("/src/app/prerender.tsx")) as {
          prerenderedPaths: string[];
          render(pathname: string): Promise<{ html: string; title: string }>;
        };
        for (const pathname of mod.prerenderedPaths) {
          const { html, title } = await mod.render(pathname);
          const modules = pageModules[pathname] ?? (pathname.startsWith("/blog/") ? blogPostModules : []);
          const pageChunks = [...new Set(modules.flatMap((m) => chunksOf.get(m) ?? []))].filter((f) => !entryChunks.has(f));
          const preloads = pageChunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");
          const root = `<div id="root" data-prerendered="${pathname}">${html}</div>`;
          const code = [...entryChunks, ...pageChunks].map((f) => fs.readFileSync(path.join(outDir, f), "utf8"));
          const css = await pageCss(fullCss, [root, ...code]);
          const page = pageTemplate
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace(CSS_PLACEHOLDER, () => `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`)
            .replace("</head>", `${preloads}</head>`)
            .replace('<div id="root"></div>', () => root);
          const file = pathname === "/" ? path.join(outDir, "index.html") : path.join(outDir, pathname.slice(1), "index.html");
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, page);
        }
      } finally {
        await server.close();
      }

      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}
