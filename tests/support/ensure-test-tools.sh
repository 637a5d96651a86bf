#!/usr/bin/env bash
# The tools the tests use from the machine: Debian's Chromium for the browser tests
# (tests/playwright.config.ts: its headless shell for most, the whole browser for push.spec.ts's
# notifications), and poppler's pdftotext, which reads the text of the PDFs the worker makes
# (estimates, invoices) as a customer's PDF reader would.
# `npm test` calls this first: with all present it does nothing; without them, root with apt-get
# installs the packages, anyone else is told the one command to run, before the build starts.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${CHROMIUM_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
find_missing() {
  missing=()
  [ -x "$chromium" ] || missing+=(chromium)
  [ -x "$shell" ] || missing+=(chromium-headless-shell)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
}
find_missing
[ "${#missing[@]}" = 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 &&
  [ "$chromium" = /usr/bin/chromium ] && [ "$shell" = /usr/bin/chromium-headless-shell ]; then
  # Two runs side by side on a fresh machine (two clones' `.ci/run`) install one after the other:
  # the second waits for the first's install, finds the tools there and installs nothing. apt itself
  # waits for another apt's lock rather than failing.
  exec 9>/tmp/ensure-test-tools.lock
  flock 9
  find_missing
  [ "${#missing[@]}" = 0 ] && exit 0
  echo "Installing Debian's ${missing[*]} for the tests (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
  find_missing
  [ "${#missing[@]}" = 0 ] && exit 0
fi

echo "The tests need Chromium at $chromium, its headless shell at $shell and poppler's pdftotext: run 'sudo apt-get install ${missing[*]}' (or set CHROMIUM_PATH and CHROMIUM_SHELL_PATH), then npm test again." >&2
exit 1
