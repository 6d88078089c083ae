import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerender } from "./prerender-plugin.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), prerender()],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/v1": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
  build: { target: "es2022", sourcemap: false },
});
