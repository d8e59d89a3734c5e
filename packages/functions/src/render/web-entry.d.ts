/**
 * The web app's server entry as the render function imports it: `@agency/web/entry-server` is
 * web/dist-server/entry-server.js (web/package.json `exports`), built by `npm run build:web` and
 * by the site's build at deploy, and bundled into the function by esbuild.
 */
declare module "@agency/web/entry-server" {
  export const renderPage: import("./render").ServerEntry["renderPage"];
}
