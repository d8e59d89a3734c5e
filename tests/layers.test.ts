import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layers of the repository, read from the source as text (type-only imports included, since a
 * circle of types is still a circle): infra/ builds the stacks, packages/ and web/ are the app, and
 * what both need (the route table, the metric names, the security headers) lives in the shared
 * package, packages/core. Which layer may import which is ESLint's to enforce (eslint.config.js,
 * no-restricted-imports); this checks what a per-file rule cannot: no circle across files, zod in one
 * module, and the shared modules staying free of dependencies.
 */
const root = resolve(import.meta.dirname, "..");
const sourceRoots = ["infra", "packages/core/src", "packages/functions/src", "packages/local/src", "web/src"];
const workspaces: Record<string, string> = {
  "@agency/core/": "packages/core/src/",
  "@agency/functions/": "packages/functions/src/",
  "@agency/local/": "packages/local/src/",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The repository file an import names, or undefined for a package from node_modules. */
function resolveImport(from: string, specifier: string): string | undefined {
  const prefix = Object.keys(workspaces).find((p) => specifier.startsWith(p));
  const base = prefix ? workspaces[prefix] + specifier.slice(prefix.length) : specifier.startsWith(".") ? relative(root, resolve(root, dirname(from), specifier)) : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((p) => /\.tsx?$/.test(p) && existsSync(join(root, p))) ?? base;
}

const files = sourceRoots.flatMap(sourceFiles);
const imports = new Map(
  files.map((file) => {
    const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    return [file, info.importedFiles.map((i) => resolveImport(file, i.fileName)).filter((p): p is string => p !== undefined)];
  }),
);

/** Every circle of imports (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the layers of the repository", () => {
  it("finds the imports it checks: the route table is imported by infra, the functions and the local gateway", () => {
    const importers = files.filter((f) => imports.get(f)!.includes("packages/core/src/routes.ts"));
    expect(importers).toEqual(expect.arrayContaining(["infra/api.ts", "packages/functions/src/http.ts", "packages/local/src/gateway.ts"]));
  });

  it("has no import circle, type-only imports included", () => {
    expect(circles(imports)).toEqual([]);
  });

  it("imports zod in one module only, and that one zod/mini: every schema and type comes from packages/core/src/contract/zod.ts", () => {
    const everyFile = [...files, ...["tests", "bench", "scripts"].flatMap(sourceFiles)];
    const zodImports = everyFile.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(join(root, file), "utf8"), true, true)
        .importedFiles.filter((i) => i.fileName === "zod" || i.fileName.startsWith("zod/"))
        .map((i) => `${file}: ${i.fileName}`),
    );
    expect([...new Set(zodImports)]).toEqual([
      "packages/core/src/contract/zod.ts: zod/mini",
      "packages/core/src/contract/zod.ts: zod/v4/locales/en.js",
      "packages/core/src/contract/zod.ts: zod/v4/core",
    ]);
  });

  it("keeps the shared modules infra imports free of dependencies (the route table reads only the roles)", () => {
    const shared: Record<string, string[]> = {
      "packages/core/src/routes.ts": ["./contract/roles"],
      "packages/core/src/contract/roles.ts": [],
      "packages/core/src/metrics.ts": [],
      "packages/core/src/security-headers.ts": [],
      "packages/core/src/edge.ts": [],
      "packages/core/src/public-pages.ts": [],
      "packages/core/src/render-budget.ts": [],
      "packages/core/src/db/table-keys.ts": [],
    };
    for (const [file, allowed] of Object.entries(shared)) {
      expect(
        ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true).importedFiles.map((i) => i.fileName),
        file,
      ).toEqual(allowed);
    }
  });
});
