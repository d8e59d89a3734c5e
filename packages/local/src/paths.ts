import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

export const repoRoot = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
export const webDir = resolve(repoRoot, "web");
export const webDist = resolve(webDir, "dist");
/** The web app's server entry (`vite build --ssr`), which renders public pages to HTML. */
export const webServerEntry = resolve(webDir, "dist-server", "entry-server.js");
