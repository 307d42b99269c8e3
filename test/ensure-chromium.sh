#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Never runs `playwright install`: that downloads a browser, which this network does not allow.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

install() {
  "$@" apt-get update
  "$@" env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
}

if [ "$(id -u)" -eq 0 ]; then
  echo "Installing Chromium from Debian (apt-get install -y chromium)..."
  install
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo "Installing Chromium from Debian (sudo apt-get install -y chromium)..."
  install sudo
else
  cat >&2 <<'MESSAGE'
The browser tests need Debian's Chromium at /usr/bin/chromium, and this user cannot install it.
Install it as root, then run the tests again:

    sudo apt-get update && sudo apt-get install -y chromium

(Do not run `playwright install`: the tests use the system Chromium through playwright-core.)
MESSAGE
  exit 1
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi
