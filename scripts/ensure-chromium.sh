#!/usr/bin/env bash
# Installs Debian's Chromium (for the status-page browser test, driven by playwright-core) unless
# /usr/bin/chromium is already there. Needs root or sudo, and the Debian package mirrors.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: /usr/bin/chromium ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium: /usr/bin/chromium is missing and installing it needs root (apt-get install -y chromium)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium
echo "chromium: /usr/bin/chromium ($(/usr/bin/chromium --version 2>/dev/null || echo 'installed'))"
