import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { blog } from "./blog.ts";
import { prerender } from "./prerender-plugin.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), blog(), prerender()],
  // "zod" and "zod/mini" are src/lib/zod-config.ts and zod-mini-config.ts, which set zod up for our
  // Content-Security-Policy and re-export it.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-config.ts", import.meta.url)) },
      { find: /^zod\/mini$/, replacement: fileURLToPath(new URL("./src/lib/zod-mini-config.ts", import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/v1": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small modules shared by several pages are copied into each rather than each made a file
          // of its own: a public page then loads 4 to 10 scripts instead of up to 22.
          experimentalInlineCommonChunks: { maxSize: 64 * 1024 },
        },
      },
    },
  },
});
