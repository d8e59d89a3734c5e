#!/usr/bin/env bash
# `npm test`: typecheck, lint (ESLint, eslint.config.js), unit, integration (real dynalite),
# infrastructure synthesis, the functions' deployed bundles run under Node 22 (tests/bundles/),
# black-box API tests against a started local runtime, then Playwright journeys in Chromium. Ends with one line
# counting every test run.
set -euo pipefail
cd "$(dirname "$0")/.."
# The infra tests run the real SST CLI; tests send no telemetry.
export SST_TELEMETRY_DISABLED=1
export CHROME_PATH="$(bash scripts/ensure-chromium.sh)"
# The infra tests run cfn-lint on the synthesised templates (installed with pip when missing).
CFN_LINT="$(bash scripts/ensure-cfn-lint.sh)"; export CFN_LINT
results=.test-results
rm -rf "$results" && mkdir -p "$results"

step() { printf '\n=== %s ===\n' "$1"; }
vitest() { npx vitest run --project "$1" --reporter=default --reporter=json --outputFile.json="$results/$1.json"; }
step "typecheck";   npm run -s typecheck
step "lint";        npm run -s lint
step "format";      npm run -s format:check
step "unit";        vitest unit
step "integration"; vitest integration
step "infra";       vitest infra
step "doctor";      npm run -s doctor
step "web build";   npm run -s build:web
step "bundles";     vitest bundles
step "api";         vitest api
step "e2e";         E2E_JSON_REPORT="$results/e2e.json" npx playwright test
node scripts/test-summary.mjs "$results"
