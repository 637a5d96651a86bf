#!/usr/bin/env bash
# The browser tests run in Debian's Chromium (tests/playwright.config.ts): its
# headless shell for most, the whole browser for push.spec.ts (notifications).
# `npm test` calls this first: with both present it does nothing; without
# them, root with apt-get installs the packages, anyone else is told the one
# command to run, before the build starts.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${CHROMIUM_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$chromium" ] && [ -x "$shell" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 &&
  [ "$chromium" = /usr/bin/chromium ] && [ "$shell" = /usr/bin/chromium-headless-shell ]; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  [ -x "$chromium" ] && [ -x "$shell" ] && exit 0
fi

echo "The browser tests need Chromium at $chromium and its headless shell at $shell: run 'sudo apt-get install chromium chromium-headless-shell' (or set CHROMIUM_PATH and CHROMIUM_SHELL_PATH), then npm test again." >&2
exit 1
