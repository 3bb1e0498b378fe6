#!/usr/bin/env bash
# Installs the Debian packages the real-terminal and browser tests drive (tmux, chromium, and
# python3 for a pty that stands in for a terminal answering late), only
# when they are missing. The browser tests use Debian's chromium through playwright-core: no
# browser is ever downloaded.
set -euo pipefail
missing=()
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-system-deps: need root to install: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
