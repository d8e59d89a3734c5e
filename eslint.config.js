// ESLint (flat config): `npm run lint`, a stage of `npm test` and so of CI.
//
// - typescript-eslint's recommended rules on every TypeScript file. Not the type-checked set: on this
//   2-core machine it took 413 s (the untyped run: 75 s), as long as `npm run typecheck` again, and
//   the compiler already checks the types;
// - React's rules of hooks and exhaustive effect dependencies, as errors, and jsx-a11y's recommended
//   set on the web app;
// - import-x for imports named twice;
// - the layers of the repository (LAYERS below), with a message saying where a value belongs.
//   tests/layers.test.ts still checks what a linter cannot: no import circle, zod in one module.
//
// An inline disable names its rule and says why: `// eslint-disable-next-line <rule> -- <reason>`.
import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const tsFiles = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];
const webFiles = ["web/src/**/*.{ts,tsx}"];
const testFiles = ["**/*.test.{ts,tsx}", "tests/**", "bench/**"];

// ── The layers ───────────────────────────────────────────────────────────────────────────────────
// The app's own source (tests, benches and scripts may reach anything: they drive the app and
// measure its infrastructure's bundling). Each layer lists what it must not import, with the reason.
const infraOrTests = {
  group: ["**/infra", "**/infra/**", "**/tests", "**/tests/**"],
  message: "Nothing in the app imports infra/ or tests/: what both need lives in packages/core (a shared module).",
};
const outOfCore = {
  group: ["**/packages/functions/**", "**/packages/local/**", "**/web/src/**", "**/functions/src/**", "**/local/src/**"],
  message: "Import the other packages by their names (@agency/...), never by a relative path into their source.",
};
/** The modules of packages/core that infra/ may import: dependency-free constants both sides read. */
const infraShared = ["contract/[^/]+", "routes", "edge", "public-pages", "metrics", "security-headers", "render-budget", "db/table-keys"];

const LAYERS = [
  {
    name: "layers/core",
    files: ["packages/core/src/**/*.{ts,tsx}"],
    ignores: testFiles,
    patterns: [infraOrTests, outOfCore, { regex: "^@agency/(functions|local|web)(/|$)", message: "packages/core is the base layer: it imports no other package of the app." }],
  },
  {
    // The contract is what the web imports: it depends on nothing outside contract/ (no entity, no
    // server module ends up in the browser's bundles through it).
    name: "layers/contract",
    files: ["packages/core/src/contract/**/*.ts"],
    ignores: testFiles,
    patterns: [
      infraOrTests,
      { regex: "^\\.\\./", message: "contract/ depends on nothing outside contract/: the web imports it, so what it imports ends up in the browser." },
      { regex: "^@agency/", message: "contract/ depends on nothing outside contract/: the web imports it, so what it imports ends up in the browser." },
    ],
  },
  {
    name: "layers/functions",
    files: ["packages/functions/src/**/*.{ts,tsx}"],
    ignores: testFiles,
    patterns: [
      infraOrTests,
      outOfCore,
      {
        // The render function bundles the web app's server entry (web/dist-server), its one import of web.
        regex: "^@agency/(local(/|$)|web(?!/entry-server$))",
        message: "The functions import packages/core only (the render function also @agency/web/entry-server); the local runtime imports them, not the other way.",
      },
    ],
  },
  {
    name: "layers/local",
    files: ["packages/local/src/**/*.{ts,tsx}"],
    ignores: testFiles,
    patterns: [infraOrTests, outOfCore],
  },
  {
    name: "layers/web",
    files: webFiles,
    ignores: [
      ...testFiles,
      // The server entry runs only in the render function (`vite build --ssr`, never in a browser):
      // it loads core's sanitiser (sanitize-html) so a rendered page is sanitised as a save is.
      "web/src/entry-server.tsx",
    ],
    patterns: [
      infraOrTests,
      { group: ["**/packages/**"], message: "The web imports the shared package by name: @agency/core/contract/..." },
      {
        regex: "^@agency/(?!core/contract/)",
        message:
          "The web imports only @agency/core/contract/* from the server side: the API's types and pure values belong there (server modules would end up in the browser's bundles).",
      },
    ],
  },
  {
    name: "layers/web-tests",
    // The web's tests may also compare with the server (safe-html.test.ts: DOMPurify and sanitize-html agree).
    files: webFiles.map((f) => f.replace("{ts,tsx}", "test.{ts,tsx}")),
    patterns: [infraOrTests, { regex: "^@agency/(functions|local)(/|$)", message: "The web's tests import the web and packages/core only." }],
  },
  {
    name: "layers/infra",
    files: ["infra/**/*.ts"],
    ignores: ["infra/**/*.test.ts"],
    patterns: [
      {
        group: ["**/packages/**", "**/tests", "**/tests/**"],
        message: "infra/ imports packages/core's shared modules by name (@agency/core/...), never a package's source or the tests.",
      },
      {
        regex: `^@agency/(?!core/(${infraShared.join("|")})$)`,
        message: `infra/ imports only packages/core's shared modules (constants both sides read): ${infraShared.join(", ").replace("[^/]+", "*")}. Move what it needs there.`,
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      // What is built, installed or left by a run (as .gitignore)
      "**/node_modules/**",
      "**/dist/**",
      "**/.data/**",
      "**/.build/**",
      "web/dist-server/**",
      "**/.sst/**",
      "**/cdk.out/**",
      ".test-results/**",
      "test-results/**",
      "playwright-report/**",
      "**/coverage/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  js.configs.recommended,
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
  // TypeScript: the recommended rules (syntax only: see the top).
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: tsFiles })),
  {
    name: "typescript",
    files: tsFiles,
    rules: {
      // `_`-prefixed names are kept on purpose (a parameter a signature needs, a skipped element).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    name: "tests",
    files: testFiles,
    rules: {
      // Tests and benches read untyped JSON (API answers, synthesised CloudFormation templates) and
      // assert on its shape: `any` there is what the JSON is, and the assertions are the check.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  // Imports
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-duplicates": ["error", { "prefer-inline": true }] },
  },
  // The web app: browser globals, React's hooks rules, accessibility.
  {
    files: webFiles,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ["web/src/**/*.tsx"] },
  // The page's boot script: a classic script the build inlines into index.html (web/vite.config.ts).
  {
    files: ["web/src/boot.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  // The layers
  ...LAYERS.map(({ name, files, ignores = [], patterns }) => ({ name, files, ignores, rules: { "no-restricted-imports": ["error", { patterns }] } })),
);
