// @vitest-environment node
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { invalidatingFeatures, notFoundPageFeature } from "../../infra/api";
import { nodejsBundling } from "../../infra/bundling";
import { mediaFeatures } from "../../infra/media";
import { features, routes } from "@agency/core/routes";
import { featureFunctions, synthesize, type Synthesized } from "./synth";

/**
 * The code each function is deployed with, as `sst deploy` builds it (infra/bundling.ts through SST
 * 2.49's esbuild call): the settings that `npm run bench:lambda`'s figures depend on. keepNames
 * (SST's default) leaves class names in the minified code, which is how a client is recognised.
 */
let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

/** A function's deployed files, from the asset its template points at. */
function deployedFiles(feature: string): Map<string, string> {
  const { props } = featureFunctions(app.api)[feature]!;
  const hash = String(props.Code.S3Key).replace(/\.zip$/, "");
  const dir = path.join(app.app.outdir, `asset.${hash}`);
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.set(path.relative(dir, p), fs.readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return files;
}

/** The files a cold start loads: the handler and the chunks it imports statically, transitively. */
function startGraph(files: Map<string, string>, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !files.has(file)) return;
    seen.add(file);
    // Static imports only: `import{a as b}from"./chunk-X.mjs"` or `import"./chunk-X.mjs"`, never `import("./x.mjs")`.
    for (const m of files.get(file)!.matchAll(/import\s*(?:[\w${},\s*]+from\s*)?"(\.\/[^"]+\.mjs)"/g)) {
      visit(path.join(path.dirname(file), m[1]!));
    }
  };
  visit(entry);
  return [...seen];
}

const entryOf = (feature: string) => `packages/functions/src/${feature}/handler.mjs`;
const has = (files: Map<string, string>, list: string[], name: string) => list.some((f) => files.get(f)!.includes(`"${name}"`));

describe("the functions' code", () => {
  it("is built minified, code split into .mjs chunks, without source maps", () => {
    expect(nodejsBundling).toMatchObject({ format: "esm", minify: true, splitting: true, sourcemap: false, esbuild: { target: "node22" } });
    for (const feature of features) {
      const files = deployedFiles(feature);
      const names = [...files.keys()];
      expect(names, feature).toContain(entryOf(feature));
      // Besides the code, SST's install step leaves an empty package.json and its lock.
      const code = names.filter((n) => !["package.json", "package-lock.json"].includes(n));
      expect(
        code.every((n) => n.endsWith(".mjs")),
        `${feature}: ${code.join(" ")}`,
      ).toBe(true);
      expect(code.length, feature).toBeGreaterThan(1);
      // Minified: thousands of characters a line (esbuild's readable output averages about 35), over
      // the code a cold start loads (a handler file of its own can be a few lines of multi-line
      // strings, the feeds' robots.txt and XML, once the rest is in chunks).
      const loaded = startGraph(files, entryOf(feature)).map((f) => files.get(f)!);
      const lines = loaded.reduce((sum, code) => sum + code.split("\n").length, 0);
      expect(loaded.join("").length / lines, feature).toBeGreaterThan(1000);
    }
  });

  it("requires Node's built-in modules rather than importing them, which would load what they keep lazily (undici, with node:http)", () => {
    expect(nodejsBundling.esbuild.plugins.map((p) => p.name)).toContain("builtins-by-require");
    for (const feature of features) {
      for (const [name, code] of deployedFiles(feature)) {
        if (!name.endsWith(".mjs")) continue;
        // SST's banner, atop every file, imports createRequire and fileURLToPath: the `require` the rest uses.
        const body = code
          .split("\n")
          .filter((l) => !l.includes("topLevel"))
          .join("\n");
        const imported = [...body.matchAll(/(?:from|import)\s*["']((?:node:)?[a-z_/]+)["']/g)].map((m) => m[1]!);
        expect(
          imported.filter((m) => builtinModules.includes(m.replace(/^node:/, ""))),
          `${feature} ${name}`,
        ).toEqual([]);
      }
      expect(
        [...deployedFiles(feature).values()].some((code) => code.includes('("node:http")')),
        feature,
      ).toBe(true);
    }
  });

  // Every function reads or writes DynamoDB on its first request, through the SDK's DynamoDB client and
  // lib-dynamodb's document client (packages/core/src/db/client.ts).
  it("loads the SDK's DynamoDB and document clients at start, but the sanitiser, the CloudFront, SQS and S3 clients only on the request that needs them", () => {
    for (const feature of features) {
      const files = deployedFiles(feature);
      const atStart = startGraph(files, entryOf(feature));
      const all = [...files.keys()];
      for (const name of ["DynamoDBClient", "DynamoDBDocumentClient"]) expect(has(files, atStart, name), `${feature}: ${name}`).toBe(true);
      for (const name of ["CloudFrontClient", "SQSClient", "S3Client", "CssSyntaxError"]) expect(has(files, atStart, name), `${feature}: ${name}`).toBe(false);
      expect(has(files, all, "CloudFrontClient"), feature).toBe(invalidatingFeatures.includes(feature));
      // Render requests go with the saves that invalidate (packages/functions/src/render/queue.ts).
      expect(has(files, all, "SQSClient"), feature).toBe(invalidatingFeatures.includes(feature));
      // The missing-page route reads the rendered not-found page from the web bucket.
      expect(has(files, all, "S3Client"), feature).toBe(mediaFeatures.includes(feature) || feature === notFoundPageFeature);
      expect(has(files, all, "CssSyntaxError"), feature).toBe(["admin-content", "admin-blog", "admin-revisions", "admin-trash"].includes(feature));
    }
  });

  // Texts of the cross-site check (a refused write), of the guard (a request without a session) and
  // of the audit and revision hooks (a failed write, logged): in every function's code, and at the
  // start of none whose routes are all public. A public write loads the cross-site check without the
  // guard's session, account and role code.
  it("loads the cross-site check, the guard and the audit and revision hooks on first use, never at the start of a public function", () => {
    const publicOnly = features.filter((f) => Object.values(routes).every((r) => r.feature !== f || r.access === "public"));
    expect(publicOnly).toEqual(["content", "blog", "feeds", "contact", "registrations", "newsletter"]);
    const [csrf, guard] = ["Cross-site request refused", "Sign in required"];
    const markers = [csrf, guard, "audit write failed", "revision write failed"];
    for (const feature of features) {
      const files = deployedFiles(feature);
      const carries = (list: string[], marker: string) => list.some((f) => files.get(f)!.includes(marker));
      const atStart = startGraph(files, entryOf(feature));
      for (const marker of markers) {
        expect(carries([...files.keys()], marker), `${feature}: ${marker}`).toBe(true);
        if (publicOnly.includes(feature)) expect(carries(atStart, marker), `${feature}: ${marker}`).toBe(false);
      }
      // Only the sign-in function uses the guard's session code itself; every other loads it with its first admin request.
      if (feature !== "auth") expect(carries(atStart, guard), `${feature}: the guard at start`).toBe(false);
      const csrfChunk = [...files.keys()].find((f) => files.get(f)!.includes(csrf))!;
      if (!carries(atStart, guard)) expect(carries(startGraph(files, csrfChunk), guard), `${feature}: the cross-site check brings the guard`).toBe(false);
    }
  });

  // oauth4webapi's error codes (openid-client's protocol layer): in the sign-in function only, and
  // loaded by its first Google sign-in, not by its cold start (an admin's `GET /api/admin/me`).
  it("loads the OpenID client on the first Google sign-in only", () => {
    for (const feature of features) {
      const files = deployedFiles(feature);
      const carries = (list: string[]) => list.some((f) => files.get(f)!.includes("OAUTH_RESPONSE_BODY_ERROR"));
      expect(carries([...files.keys()]), feature).toBe(feature === "auth");
      expect(carries(startGraph(files, entryOf(feature))), feature).toBe(false);
    }
  });

  // zod's constructors keep their names as strings ("ZodObject", "ZodMiniObject"): a function that
  // bundled classic zod (about 100 KB at a cold start) would carry "ZodObject".
  it("bundles zod/mini only, never zod's classic API", () => {
    for (const feature of features) {
      const files = deployedFiles(feature);
      const all = [...files.keys()];
      expect(has(files, all, "ZodObject"), feature).toBe(false);
      expect(has(files, startGraph(files, entryOf(feature)), "ZodMiniObject"), feature).toBe(true);
    }
  });

  // ElectroDB's `require` of lib-dynamodb gets the eight commands the entities send, and its
  // `require` of jsonschema a stub (infra/bundling.ts: electrodbTrims): a function carries no other
  // command of lib-dynamodb or client-dynamodb (a bundler keeps a `require`d ES module whole, with
  // every command it imports) and no JSON-schema validator.
  it("carries only the DynamoDB commands the app sends, and no JSON-schema validator", () => {
    expect(nodejsBundling.esbuild.plugins.map((p) => p.name)).toContain("electrodb-trims");
    for (const feature of features) {
      const files = deployedFiles(feature);
      const all = [...files.keys()];
      for (const name of ["GetCommand", "QueryCommand", "UpdateCommand", "BatchGetCommand"]) expect(has(files, all, name), `${feature}: ${name}`).toBe(true);
      for (const name of [
        "TransactWriteCommand",
        "TransactGetCommand",
        "TransactWriteItemsCommand",
        "ExecuteStatementCommand",
        "BatchExecuteStatementCommand",
        "CreateTableCommand",
        "ValidatorResult",
        "SchemaError",
      ]) {
        expect(has(files, all, name), `${feature}: ${name}`).toBe(false);
      }
    }
  });

  // Issue 28's target (npm run bench:lambda's figures are in docs/performance.md, "Handler size and cold start").
  it("loads at most 600 KB at a cold start", () => {
    for (const feature of features) {
      const files = deployedFiles(feature);
      const bytes = startGraph(files, entryOf(feature)).reduce((sum, f) => sum + Buffer.byteLength(files.get(f)!), 0);
      expect(bytes / 1024, feature).toBeLessThanOrEqual(600);
    }
  });
});
