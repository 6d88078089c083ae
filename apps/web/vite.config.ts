import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerender } from "./prerender-plugin.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), prerender()],
  // "zod" is src/lib/zod-config.ts, which sets zod up for our Content-Security-Policy and re-exports it.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-config.ts", import.meta.url)) }] },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/v1": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
  build: { target: "es2022", sourcemap: false },
});
