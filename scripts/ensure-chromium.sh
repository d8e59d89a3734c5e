#!/usr/bin/env bash
# Prints the path of a Chromium for Playwright and Lighthouse, installing Debian's when missing.
# Browser downloads (npx playwright install) cannot work offline; Debian's package can.
set -euo pipefail
path="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then echo "$path"; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found; installing Debian's chromium..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
  echo /usr/bin/chromium
  exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium' or set CHROME_PATH to a Chromium binary." >&2
exit 1
