import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { defineConfig, type Plugin } from "vite";

const apiPort = process.env.API_PORT ?? "3001";
// Under `sst dev`, `npx sst bind npm run dev` (in web/) sets API_URL to the dev stage's HTTP API;
// otherwise `npm run dev` runs the handlers locally on API_PORT.
const api = process.env.API_URL ? { target: process.env.API_URL, changeOrigin: true } : { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

/**
 * The runtime every page needs (React, the router, the query cache) in one long-cached chunk that
 * the entry imports statically. Left alone the bundler splits it into several small chunks shared
 * with lazy pages, which costs requests and compression. Mutation hooks are only used by forms,
 * and infinite queries only by the back office's paged lists (web/src/lib/paged.ts), so they stay
 * with the lazy chunks that use them; so does @tanstack/react-table (admin only), which is why the
 * match names the query packages exactly.
 */
const isRuntime = (id: string) =>
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](react-query|query-core))[\\/]/.test(id) &&
  !/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/.test(id);

/**
 * Inlines the stylesheet and the boot script into index.html.
 *
 * The stylesheet is small (~15 KB compressed), every page needs all of it, and as a separate
 * render-blocking request it would delay the first paint by a round trip. The CSP allows inline
 * styles (style-src 'unsafe-inline'); the file stays emitted.
 *
 * The app (the entry, `src/main.tsx`, and its imports) is not fetched by the page itself: the build's
 * `<script type="module">` and module preloads are replaced by the boot script (`src/boot.js`, a
 * classic script the CSP allows by its hash), which carries their addresses in `data-entry` and
 * `data-preload` and fetches them once the page's eager images are on screen. A page then makes no
 * request beside its images until it has painted: on a phone's connection the largest paint (a
 * post's featured photo) does not share the line with the entry's requests (issue 29: without them
 * the photo post's LCP in Lighthouse's simulation went from a median of 1.67 s to 1.22 s, with the
 * icon below). For the same reason index.html's icon is a data URL: as a file it was requested
 * beside the photo on every load (about 0.2 s of that LCP).
 */
function inlineCssAndBoot(): Plugin {
  return {
    name: "agency:inline-css-and-boot",
    apply: "build",
    // The stylesheet is imported by the entry's code, which may land in a chunk that lazy chunks
    // also import (the preload helper lives there); Vite would then list the CSS as a dependency
    // of every dynamic import and fetch it again on the first one. Hang it on the entry chunk
    // itself, which nothing imports.
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
        if (!entry || entry.type !== "chunk" || !entry.viteMetadata) return;
        const seen = new Set<string>();
        const stack = [...entry.imports];
        while (stack.length) {
          const file = stack.pop()!;
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== "chunk") continue;
          seen.add(file);
          stack.push(...chunk.imports);
          for (const css of chunk.viteMetadata?.importedCss ?? []) entry.viteMetadata.importedCss.add(css);
          chunk.viteMetadata?.importedCss.clear();
        }
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const preload: string[] = [];
        const bootScript = fs.readFileSync(new URL("./src/boot.js", import.meta.url), "utf8");
        if (!/<script type="module" crossorigin src=/.test(html)) throw new Error("index.html: the build's entry script was not found");
        return html
          .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== "asset") return tag;
            return `<style>${String(asset.source).replace(/<\/style/gi, "<\\/style")}</style>`;
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (preload.push(href), ""))
          .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, entry: string) => {
            return `<script data-entry="${entry}" data-preload="${preload.join(" ")}">${bootScript}</script>`;
          });
      },
    },
  };
}

/**
 * react-router 7's package exports point every condition at its development build (which logs dev
 * warnings); its production build sits beside it (remix-run/react-router#14102). A build takes that.
 */
const reactRouter = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouter}/dist/production/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouter}/dist/production/dom-export.mjs` },
];

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build, whatever NODE_ENV the shell or a test runner has: Vite
  // keeps one already set, and with NODE_ENV=test the JSX would compile to the development runtime,
  // which the production React the server entry bundles does not have (every page render failed).
  if (command === "build") process.env.NODE_ENV = "production";
  return {
    plugins: [react(), tailwindcss(), inlineCssAndBoot()],
    resolve: {
      // @tiptap/react (the admin editors) imports the use-sync-external-store shim (for React before
      // 18), CommonJS that React 19 makes redundant: it exports the hook itself.
      alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "react" }, ...(command === "build" ? reactRouterProduction : [])],
    },
    // The server entry renders every public page (1,000 posts: over 1,000 renders of several passes
    // each), locally and in the render function, where NODE_ENV is not "production". Left external,
    // React, the router and the query cache would load their development builds there, about three
    // times slower per render; bundled with NODE_ENV fixed they are the production builds the browser
    // runs, whatever the process's environment.
    ...(isSsrBuild ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
    server: {
      proxy: { "/api": api, "/robots.txt": api, "/sitemap.xml": api, "/rss.xml": api },
    },
    build: {
      target: "es2022",
      sourcemap: false,
      copyPublicDir: !isSsrBuild,
      modulePreload: { polyfill: false },
      // `vite build --ssr src/entry-server.tsx`: the page renderer's module (packages/functions/src/render).
      rolldownOptions: isSsrBuild
        ? {}
        : {
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                groups: [{ name: "vendor", test: isRuntime }],
                // Fold tiny shared chunks (single lucide icons, small helpers) into the chunks that use
                // them: a few hundred duplicated bytes beat a dozen extra requests per page.
                experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
              },
            },
          },
    },
  };
});
