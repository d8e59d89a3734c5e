import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, webDir, webDist } from "./paths";

function newestMtime(path: string): number {
  let s;
  try {
    s = statSync(path);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/**
 * Builds web/ when its output is missing or older than its sources. Vite's report (a line per
 * chunk) is shown only with `verbose`, or when the build fails.
 */
export function buildWebIfNeeded({ verbose = false } = {}): "built" | "fresh" {
  // The SPA and its server entry (web/dist-server, the page renderer's) are built together.
  const built = Math.min(newestMtime(join(webDist, "index.html")), newestMtime(join(webDist, "..", "dist-server", "entry-server.js")));
  const sources = Math.max(
    newestMtime(join(webDir, "src")),
    newestMtime(join(webDir, "index.html")),
    newestMtime(join(webDir, "public")),
    newestMtime(join(webDir, "vite.config.ts")),
    newestMtime(join(repoRoot, "packages/core/src/contract")),
  );
  if (built && built >= sources) return "fresh";
  console.log("Building the web app...");
  const r = spawnSync("npm", ["run", "--silent", "build", "-w", "web"], {
    cwd: repoRoot,
    stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (r.status !== 0) {
    if (!verbose) process.stderr.write(`${r.stdout ?? ""}${r.stderr ?? ""}`);
    throw new Error("The web build failed");
  }
  return "built";
}
