#!/usr/bin/env bash
# The browser tests run in Debian's Chromium (tests/playwright.config.ts).
# `npm test` calls this first: with Chromium present it does nothing; without
# it, root with apt-get installs the package, anyone else is told the one
# command to run, before the build starts.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ "$chromium" = /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi

echo "The browser tests need Chromium at $chromium: run 'sudo apt-get install chromium' (or set CHROMIUM_PATH), then npm test again." >&2
exit 1
