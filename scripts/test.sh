#!/usr/bin/env bash
# `npm test`: typecheck, unit, integration (real dynalite), infrastructure synthesis, black-box API
# tests against a started local runtime, then Playwright journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROME_PATH="$(bash scripts/ensure-chromium.sh)"

step() { printf '\n=== %s ===\n' "$1"; }
step "typecheck";   npm run -s typecheck
step "unit";        npx vitest run --project unit
step "integration"; npx vitest run --project integration
step "infra";       npx vitest run --project infra
step "web build";   npm run -s build:web
step "api";         npx vitest run --project api
step "e2e";         npx playwright test
