import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "3001";
const api = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { "/api": api, "/robots.txt": api, "/sitemap.xml": api, "/rss.xml": api },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
});
