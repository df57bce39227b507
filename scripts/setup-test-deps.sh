#!/usr/bin/env bash
# Installs what the test suite needs from the OS, where it is missing: mkfifo (coreutils) for
# the credential-file test now; Debian's chromium and xvfb join here when browser tests do.
# Runs as part of `npm test`; on a machine that has everything it does nothing.
set -euo pipefail
missing=()
command -v mkfifo >/dev/null || missing+=(coreutils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "setup-test-deps: please install: ${missing[*]}" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
