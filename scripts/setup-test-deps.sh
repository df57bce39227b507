#!/usr/bin/env bash
# Installs what the test suite needs from the OS, where it is missing: Debian's Chromium for
# the browser tests (Playwright drives it; its own browser download is not used), Xvfb for
# tests that need a real window, fonts so screenshots show every script, mkfifo, and script(1) for a terminal.
# Runs as part of `npm test`; on a machine that has everything it does nothing.
set -euo pipefail
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
command -v mkfifo >/dev/null || missing+=(coreutils)
command -v script >/dev/null || missing+=(bsdutils) # the CLI's progress bar is tested on a real terminal
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "setup-test-deps: the tests need these packages; please install them: ${missing[*]}" >&2
  exit 1
fi
echo "setup-test-deps: installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
