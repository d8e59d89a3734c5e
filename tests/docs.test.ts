import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documentation keeps up with the code: the README stays an onboarding page, every npm script
 * and every environment variable the code reads is documented in README.md or docs/, and every
 * relative link (and anchor) in them leads somewhere.
 */
const root = resolve(import.meta.dirname, "..");
const README_MAX_LINES = 400;

const docFiles = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(root, file), "utf8");
const allDocs = docFiles.map(read).join("\n");

/** Text outside fenced code blocks, line by line (a `#` inside a shell block is no heading). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces to hyphens; repeats get -1, -2... */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = (m[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .trim()
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative links of a markdown file: `[text](target)`, outside code. */
export function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const line of proseLines(markdown)) {
    const code = /`[^`]*`/g;
    for (const m of line.replace(code, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1] ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:...
      links.push(target);
    }
  }
  return links;
}

/** Every link of `file` that leads nowhere: a missing file, or an anchor no heading of its file has. */
export function brokenLinks(file: string, readFile: (path: string) => string | undefined): string[] {
  const text = readFile(file);
  if (text === undefined) return [`${file} is missing`];
  return relativeLinks(text).flatMap((target) => {
    const [path, anchor] = target.split("#", 2);
    const resolved = path ? relative(root, resolve(root, dirname(file), decodeURIComponent(path))) : file;
    const targetText = readFile(resolved);
    if (targetText === undefined) return [`${file}: ${target} (no file ${resolved})`];
    if (anchor !== undefined && resolved.endsWith(".md") && !headingAnchors(targetText).has(anchor.toLowerCase()))
      return [`${file}: ${target} (no heading #${anchor} in ${resolved})`];
    return [];
  });
}

const readRepoFile = (path: string) => {
  const full = join(root, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? "" : readFileSync(full, "utf8");
};

/** The npm scripts of the root package and of every workspace. */
function npmScripts(): { pkg: string; name: string }[] {
  const packages = ["package.json", "web/package.json", ...readdirSync(join(root, "packages")).map((p) => `packages/${p}/package.json`)];
  return packages
    .filter((p) => existsSync(join(root, p)))
    .flatMap((pkg) => Object.keys((JSON.parse(read(pkg)) as { scripts?: Record<string, string> }).scripts ?? {}).map((name) => ({ pkg, name })));
}

/** How a script is run in the docs: `npm run name` (for start and test also `npm start`, `npm test`). */
export function scriptMentioned(name: string, docs: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = "(?![\\w:.-])";
  if (new RegExp(`npm (?:run(?:-script)? )(?:-s )?${escaped}${after}`).test(docs)) return true;
  return ["start", "test"].includes(name) && new RegExp(`npm ${escaped}${after}`).test(docs);
}

/**
 * The environment variables the code reads, from the source as text:
 * - `process.env.NAME`, `process.env["NAME"]`, and `const { NAME } = process.env`;
 * - `env.NAME` / `env["NAME"]` on an object named env (infra's checks take `env = process.env`);
 * - `env("NAME")`, `retryDelaysFromEnv("NAME")`: a string literal handed to a function whose name
 *   ends in env/Env (packages/core/src/config.ts reads every setting so);
 * - in a file that indexes process.env with a variable (`process.env[name]`), the UPPER_CASE string
 *   literals, which are the names it reads (packages/local/src/mail.ts's ports);
 * - `$NAME` / `${NAME...}` in the shell scripts;
 * - the keys of an `environment: { ... }` that infra/ gives a function: what the infrastructure sets
 *   is read by the code it runs, however that code names it.
 * Variables set by the operating system (PATH, HOME) are not the project's to document.
 */
const SOURCE_DIRS = ["packages", "web", "infra", "scripts", "bench", "tests/support", ".ci"];
const ROOT_FILES = ["sst.config.ts", "playwright.config.ts", "vitest.config.ts"];
const OS_VARIABLES = new Set(["PATH", "HOME"]);

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ["node_modules", "dist", "dist-server", ".build"].includes(entry.name) ? [] : sourceFiles(path);
    if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name)) return [];
    return /\.([cm]?[jt]sx?|sh)$/.test(entry.name) || dir === ".ci" ? [path] : [];
  });
}

export function envNamesRead(source: string, shell: boolean): string[] {
  const name = "([A-Z][A-Z0-9_]*)";
  const patterns = shell
    ? [new RegExp(`\\$\\{?${name}`, "g")]
    : [
        new RegExp(`process\\.env(?:\\?\\.|\\.)${name}\\b`, "g"),
        new RegExp(`process\\.env\\[\\s*["'\`]${name}["'\`]\\s*\\]`, "g"),
        new RegExp(`(?<![\\w.])env(?:\\?\\.|\\.)${name}\\b`, "g"),
        new RegExp(`(?<![\\w.])env\\[\\s*["'\`]${name}["'\`]\\s*\\]`, "g"),
        new RegExp(`\\w*(?:env|Env)\\(\\s*["'\`]${name}["'\`]`, "g"),
      ];
  const captured = (p: RegExp) => [...source.matchAll(p)].map((m) => m[1] ?? "");
  const names = patterns.flatMap(captured);
  for (const list of captured(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) names.push(...list.split(",").map((part) => part.split(/[:=]/)[0]?.trim() ?? ""));
  if (!shell && /process\.env\[\s*[a-z_]/i.test(source.replace(/process\.env\[\s*["'`]/g, ""))) names.push(...captured(/["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g));
  return [...new Set(names.filter((n) => /^[A-Z][A-Z0-9_]*$/.test(n)))];
}

/** The variable names infra/ puts in a function's `environment: { NAME: value, ...(x ? { NAME: y } : {}) }`. */
export function environmentKeys(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/\benvironment:\s*\{/g)) {
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === "{") depth++;
      else if (source[end] === "}" && --depth === 0) break;
    }
    names.push(...[...source.slice(m.index, end).matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*:/g)].map((k) => k[1] ?? ""));
  }
  return [...new Set(names.filter(Boolean))];
}

function envVariables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...SOURCE_DIRS.flatMap(sourceFiles), ...ROOT_FILES.filter((f) => existsSync(join(root, f)))]) {
    const shell = file.endsWith(".sh") || file.startsWith(".ci/");
    const source = read(file);
    const names = [...envNamesRead(source, shell), ...(file.startsWith("infra/") ? environmentKeys(source) : [])];
    for (const name of names) if (!OS_VARIABLES.has(name) && !found.has(name)) found.set(name, file);
  }
  return found;
}

describe("the documentation", () => {
  it(`keeps the README an onboarding page of at most ${README_MAX_LINES} lines`, () => {
    const lines = read("README.md").replace(/\n$/, "").split("\n").length;
    expect(lines, "README.md is longer than an onboarding page: move the detail to docs/").toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("documents every npm script of the root package and the workspaces", () => {
    const scripts = npmScripts();
    expect(scripts.length).toBeGreaterThan(10);
    const missing = scripts.filter(({ name }) => !scriptMentioned(name, allDocs)).map(({ pkg, name }) => `${pkg}: npm run ${name}`);
    expect(missing, "scripts no page of README.md or docs/ mentions as `npm run <name>`").toEqual([]);
  });

  it("documents every environment variable the code reads", () => {
    const variables = envVariables();
    expect(variables.size).toBeGreaterThan(30);
    const missing = [...variables].filter(([name]) => !new RegExp(`\\b${name}\\b`).test(allDocs)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, "environment variables read by the code that README.md and docs/ never name").toEqual([]);
  });

  it("has no relative link or anchor that leads nowhere", () => {
    expect(docFiles.flatMap((f) => brokenLinks(f, readRepoFile))).toEqual([]);
  });
});

describe("the documentation checks themselves", () => {
  it("find a script that is only run as a longer name", () => {
    expect(scriptMentioned("build", "`npm run build:web`")).toBe(false);
    expect(scriptMentioned("build", "`npm run build -w web`")).toBe(true);
    expect(scriptMentioned("test", "`npm test`")).toBe(true);
    expect(scriptMentioned("bench", "`npm run bench:blog`")).toBe(false);
  });

  it("read variables from every form the code uses", () => {
    const source = [
      'const a = process.env.ALPHA ?? "x";',
      'const b = process.env["BRAVO"];',
      "const { CHARLIE, DELTA: d } = process.env;",
      'const e = env("ECHO");',
      'retryDelaysFromEnv("FOXTROT_MS");',
      "if (env.GOLF_LIMIT) {}",
    ].join("\n");
    expect(envNamesRead(source, false).sort()).toEqual(["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO", "FOXTROT_MS", "GOLF_LIMIT"]);
    expect(envNamesRead('path="${CHROME_PATH:-/usr/bin/chromium}"; echo "$CFN_LINT"', true).sort()).toEqual(["CFN_LINT", "CHROME_PATH"]);
  });

  it("take the variables infra/ sets in a function's environment", () => {
    const source = "new Function(stack, 'X', { environment: { TABLE_NAME: table.tableName, ...(q ? { QUEUE_URL: q.url } : {}) }, timeout: 30 });";
    expect(environmentKeys(source)).toEqual(["TABLE_NAME", "QUEUE_URL"]);
  });

  it("tell a broken link and a missing anchor from good ones", () => {
    const files: Record<string, string> = {
      "README.md": "# Title\n\n## Two commands\n\n[ok](docs/a.md#the-part) [anchor](#two-commands) [gone](docs/b.md) [bad](docs/a.md#nowhere) `[code](x.md)`",
      "docs/a.md": "# A\n\n```sh\n# not a heading\n```\n\n## The part\n",
    };
    expect(brokenLinks("README.md", (p) => files[p])).toEqual(["README.md: docs/b.md (no file docs/b.md)", "README.md: docs/a.md#nowhere (no heading #nowhere in docs/a.md)"]);
  });
});
