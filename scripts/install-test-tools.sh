#!/usr/bin/env bash
# Installs every outside tool the tests need, each only when it is missing, so a second run costs a few checks:
#   - Go programs, built into .tools/bin: the Temporal CLI (dev server) and stripe-mock (Stripe's API mock);
#   - Debian packages: Chromium (browser tests), poppler-utils (PDFs to text and images), faketime (the unit
#     tests a year ahead), HAProxy and nginx (proxies in front of the API).
# .ci/run and the test suite's global setup (test/support/test-tools.ts) both run it. Debian packages need root
# or sudo and the package mirrors; without them it names what is missing and how to install it, and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/bin:/usr/local/go/bin:$PATH"

# --- Go programs -------------------------------------------------------------------------------------------
has_temporal() {
  [ -n "${TEMPORAL_CLI_PATH:-}" ] && [ -x "$TEMPORAL_CLI_PATH" ] && return 0
  command -v temporal >/dev/null 2>&1
}
if ! has_temporal; then
  echo "install-test-tools: building the Temporal CLI into .tools/bin (a few minutes, once)"
  npx tsx scripts/ensure-temporal-cli.ts >/dev/null
fi

if [ -z "${STRIPE_MOCK_PATH:-}" ] && ! command -v stripe-mock >/dev/null 2>&1; then
  echo "install-test-tools: building stripe-mock into .tools/bin"
  GOBIN="$PWD/.tools/bin" go install github.com/stripe/stripe-mock@v0.203.0
fi

# --- Debian packages: "package:path or command that shows it is there" ------------------------------------
missing=()
for entry in chromium:/usr/bin/chromium poppler-utils:pdftoppm faketime:faketime haproxy:haproxy nginx:nginx; do
  package=${entry%%:*}
  probe=${entry#*:}
  if [ "$package" = chromium ] && [ -n "${CHROMIUM_PATH:-}" ]; then probe=$CHROMIUM_PATH; fi
  case "$probe" in
    /*) [ -x "$probe" ] || missing+=("$package") ;;
    *) command -v "$probe" >/dev/null 2>&1 || [ -x "/usr/sbin/$probe" ] || missing+=("$package") ;;
  esac
done

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
      echo "install-test-tools: missing ${missing[*]}; install as root: apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "install-test-tools: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "install-test-tools: Temporal CLI, stripe-mock, Chromium, poppler-utils, faketime, HAProxy and nginx present"
